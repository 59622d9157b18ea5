package exactlab

import (
	"slices"
	"strings"
	"testing"
)

func TestParseCandidates(t *testing.T) {
	good := map[string][][2]int{
		"00 01 10 11":             {{0, 0}, {0, 1}, {1, 0}, {1, 1}},
		"(0,0) (0,1) (1,0) (1,1)": {{0, 0}, {0, 1}, {1, 0}, {1, 1}},
		"(3,2)(2,3)":              {{3, 2}, {2, 3}},
		"  1,2   3,0 ":            {{1, 2}, {3, 0}},
	}
	for in, want := range good {
		got, err := parseCandidates(in, 4)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("%q: %v %v", in, got, err)
		}
	}
	for _, bad := range []string{"", "0", "04", "0,4", "a,b", "012", strings.Repeat("00 ", 65)} {
		if _, err := parseCandidates(bad, 4); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
