package binslab

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/loadlab/loadlab/sim/bins"
	"github.com/loadlab/loadlab/tui/widget"
)

// share is the trials that ended with a max load from..to: one load, or
// a run of rare ones merged.
type share struct {
	from, to, trials int
}

// rareFloors are the shares under which the tails' max loads merge,
// tried in turn until P(max) fits: first none, then the rarest, and at
// last every load but the likeliest, in a run below it and one above.
var rareFloors = []float64{0, 0.02, 0.05, 0.1, 0.2, 0.35, 0.5, 1.01}

// merged is dist with each tail's loads under floor of total merged into
// one run: from the lowest load up, and from the highest down, never
// past the likeliest load.
func merged(dist []bins.MaxCount, total int, floor float64) []share {
	mode := 0
	for i, c := range dist {
		if c.Trials > dist[mode].Trials {
			mode = i
		}
	}
	rare := func(i int) bool { return i != mode && float64(dist[i].Trials) < floor*float64(total) }
	lo, hi := 0, len(dist) // dist[:lo] and dist[hi:] are the tails
	for lo < mode && rare(lo) {
		lo++
	}
	for hi > mode+1 && rare(hi-1) {
		hi--
	}
	run := func(cs []bins.MaxCount) share {
		s := share{from: cs[0].Max, to: cs[len(cs)-1].Max}
		for _, c := range cs {
			s.trials += c.Trials
		}
		return s
	}
	var out []share
	if lo > 0 {
		out = append(out, run(dist[:lo]))
	}
	for _, c := range dist[lo:hi] {
		out = append(out, share{c.Max, c.Max, c.Trials})
	}
	if hi < len(dist) {
		out = append(out, run(dist[hi:]))
	}
	return out
}

// word writes a share as the exact table does, "6: 61 %" or "8-10: 5 %",
// or tight, "6:61%".
func (s share) word(total int, tight bool) string {
	loads := strconv.Itoa(s.from)
	if s.to != s.from {
		loads = fmt.Sprintf("%d-%d", s.from, s.to)
	}
	p := trialsPercent(s.trials, total)
	if tight {
		return loads + ":" + strings.ReplaceAll(p, " ", "")
	}
	return loads + ": " + p
}

// trialsPercent writes trials of total as a percentage to two significant
// digits: "61 %", "0.5 %", "100 %".
func trialsPercent(trials, total int) string {
	v := 100 * float64(trials) / float64(max(1, total))
	if trials == total {
		return "100 %"
	}
	if v >= 99.5 {
		return ">99 %"
	}
	return strconv.FormatFloat(v, 'g', 2, 64) + " %"
}

// maxShares writes P(max = k) over the finished trials in at most rows
// lines of w cells, every number whole: percentages as in the exact
// table, then tighter, on one line, then on more, then with rarer and
// rarer loads merged into runs
// (8-10: 5 %), until it fits. Nothing is cut and nothing is left out: a
// run names the loads it holds, and where even the likeliest load between
// its two tails does not fit rows lines, it takes more.
func maxShares(dist []bins.MaxCount, w, rows int) []string {
	total := 0
	for _, c := range dist {
		total += c.Trials
	}
	var last []string
	for _, floor := range rareFloors {
		ss := merged(dist, total, floor)
		for fit := 1; fit <= rows; fit++ { // one line tight before two spaced
			for _, tight := range []bool{false, true} {
				words := make([]string, len(ss))
				for i, s := range ss {
					words[i] = s.word(total, tight)
				}
				sep := "  "
				if tight {
					sep = " "
				}
				last = fill("P(max) ", words, sep, w)
				if len(last) <= fit {
					return last
				}
			}
		}
	}
	return last
}

// fill lays words out sep apart in lines of w cells after prefix, the
// later lines indented under the first word.
func fill(prefix string, words []string, sep string, w int) []string {
	indent := strings.Repeat(" ", len(prefix))
	lines := []string{prefix}
	empty := true
	for _, word := range words {
		n := len(lines) - 1
		switch {
		case empty:
			lines[n] += word
		case widget.Width(lines[n]+sep+word) <= w:
			lines[n] += sep + word
		default:
			lines = append(lines, indent+word)
		}
		empty = false
	}
	return lines
}
