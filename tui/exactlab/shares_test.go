package exactlab

import (
	"math/big"
	"slices"
	"testing"

	"github.com/loadlab/loadlab/sim/bins"
)

// Percentages have two significant digits, never round a small chance to
// zero or a near-certainty to 100.
func TestPercent(t *testing.T) {
	for _, c := range []struct {
		p    *big.Rat
		want string
	}{
		{big.NewRat(1, 1), "100 %"},
		{big.NewRat(9999, 10000), ">99 %"},
		{big.NewRat(703, 1000), "70 %"},
		{big.NewRat(1, 64), "1.6 %"},
		{big.NewRat(153, 1000000), "0.015 %"},
		{big.NewRat(1, 10000), "0.01 %"},
		{big.NewRat(1, 100000), "<0.01 %"},
	} {
		if got := percent(c.p); got != c.want {
			t.Errorf("%v: %q, want %q", c.p, got, c.want)
		}
	}
}

// Rare maxima run together: "9-12: <0.01 %" once, not four times.
func TestRareSharesRunTogether(t *testing.T) {
	ex := bins.Exact{Prob: []*big.Rat{big.NewRat(0, 1), big.NewRat(1, 100000), big.NewRat(1, 2), big.NewRat(49998, 100000), big.NewRat(1, 100000)}}
	if got, want := percentWords(ex), []string{"1: <0.01 %", "2: 50 %", "3: 50 %", "4: <0.01 %"}; !slices.Equal(got, want) {
		t.Errorf("%q, want %q", got, want)
	}
	ex.Prob = append(ex.Prob, big.NewRat(1, 100000), big.NewRat(1, 100000))
	if got := percentWords(ex); got[len(got)-1] != "4-6: <0.01 %" {
		t.Errorf("%q should end with one run 4-6", got)
	}
}
