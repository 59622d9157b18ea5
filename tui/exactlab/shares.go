package exactlab

import (
	"fmt"
	"math/big"
	"strconv"

	"github.com/loadlab/loadlab/sim/bins"
	"github.com/loadlab/loadlab/tui/binsview"
)

// share is P(max = k) for one max load k, or for a run of them from..to
// each too rare to draw alone.
type share struct {
	from, to int
	p        *big.Rat
}

// shares are the max loads with a chance, in order, each at or above
// floor alone and consecutive ones under it in one run.
func shares(ex bins.Exact, floor float64) []share {
	var out []share
	for k, p := range ex.Prob {
		if p.Sign() == 0 {
			continue
		}
		rare := probFloat(p) < floor
		if n := len(out); rare && n > 0 && out[n-1].to == k-1 && probFloat(out[n-1].p) < floor {
			out[n-1].to = k
			out[n-1].p = new(big.Rat).Add(out[n-1].p, p)
			continue
		}
		out = append(out, share{from: k, to: k, p: p})
	}
	return out
}

func probFloat(p *big.Rat) float64 {
	f, _ := p.Float64()
	return f
}

// loads names the share's max loads: "3", or "9-32" for a run.
func (s share) loads() string {
	if s.from == s.to {
		return strconv.Itoa(s.from)
	}
	return fmt.Sprintf("%d-%d", s.from, s.to)
}

// numberFloor is the share under which a percentage reads "<0.01 %".
const numberFloor = 0.0001

// blockFloor is the share under which a block would be empty: "·".
const blockFloor = 0.0005

// percentWords are P(max = k) as percentages: "2: 70 %", "9-32: <0.01 %".
func percentWords(ex bins.Exact) []string {
	var out []string
	for _, s := range shares(ex, numberFloor) {
		out = append(out, s.loads()+": "+percent(s.p))
	}
	return out
}

// blockTop is the likeliest share of every rule: the blocks of all rules
// are eighths of it, so that a block means one share in every row.
func blockTop(exs []bins.Exact) float64 {
	top := 0.0
	for _, ex := range exs {
		for _, s := range shares(ex, blockFloor) {
			top = max(top, probFloat(s.p))
		}
	}
	return top
}

// blockWords are P(max = k) as blocks, eighths of top (blockTop, one scale
// for every rule): "2█", "9-32·" for shares under blockFloor.
func blockWords(ex bins.Exact, top float64) []string {
	var out []string
	for _, s := range shares(ex, blockFloor) {
		mark := "·"
		if p := probFloat(s.p); p >= blockFloor {
			mark = string(binsview.Eighths[min(8, max(1, int(p/top*8)))])
		}
		out = append(out, s.loads()+mark)
	}
	return out
}

// percent writes a probability as a percentage to two significant
// digits, "<0.01 %" below a hundredth of a percent, and ">99 %" short of
// certain where two digits would round it to 100.
func percent(p *big.Rat) string {
	v := 100 * probFloat(p)
	switch {
	case p.Cmp(big.NewRat(1, 1)) == 0:
		return "100 %"
	case v < 100*numberFloor:
		return "<0.01 %"
	case v >= 99.5:
		return ">99 %"
	}
	return strconv.FormatFloat(v, 'g', 2, 64) + " %"
}

// percentOf writes a share as a percentage to two significant digits.
func percentOf(v float64) string { return strconv.FormatFloat(100*v, 'g', 2, 64) + " %" }
