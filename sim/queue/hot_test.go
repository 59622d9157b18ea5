package queue

import (
	"slices"
	"testing"
)

// hottest keeps the k servers sent the most, most first, ties to the lower
// number, reusing the slice it is lent.
func TestHottest(t *testing.T) {
	cases := []struct {
		name string
		sent []int32
		k    int
		want []int
	}{
		{"most first", []int32{1, 5, 3, 9, 0}, 3, []int{3, 1, 2}},
		{"ties to the lower number", []int32{2, 4, 4, 1, 4}, 2, []int{1, 2}},
		{"fewer servers than k", []int32{0, 7}, 4, []int{1, 0}},
		{"all idle", []int32{0, 0, 0}, 2, []int{0, 1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			lent := make([]int, 0, c.k)
			got := hottest(c.sent, c.k, lent)
			if !slices.Equal(got, c.want) {
				t.Errorf("hottest(%v, %d) = %v, want %v", c.sent, c.k, got, c.want)
			}
			if len(got) > 0 && &got[0] != &lent[:1][0] {
				t.Error("hottest did not reuse the slice it was lent")
			}
		})
	}
}
