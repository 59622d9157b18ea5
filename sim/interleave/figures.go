package interleave

import (
	"fmt"

	"github.com/loadlab/loadlab/sim/engine"
)

// FixWords is a fix set in a headline's words: "no fix", or its spelling.
func FixWords(f Fixes) string {
	if f == 0 {
		return "no fix"
	}
	return f.String()
}

// ExactFigures is a fix set's headline, its counts by outcome: its
// schedules ("schedules"), the share that ends empty with the exact
// fraction ("empty"), the share alone ("share"), and the share with an
// older plan ("older").
func ExactFigures(f Fixes, c Counts) []engine.Figure {
	g, t := FixWords(f), c.Total()
	return []engine.Figure{
		{Key: "schedules", Group: g, Name: "schedules", Value: engine.Digits(int64(t))},
		{Key: "empty", Group: g, Name: "empty", Value: ShareWithFraction(c[Empty], t)},
		{Key: "share", Group: g, Name: "empty", Value: Percent(ratio(c[Empty], t))},
		{Key: "older", Group: g, Name: "older", Value: ShareWithFraction(c[Older], t)},
	}
}

// TimingFigures is the timing headline of a fix set: the share of runs
// ending empty at the shortest stall ("fast", fast of them) and the
// longest ("stalled"), and the share of schedules that do ("exact", of
// its counts c).
func TimingFigures(f Fixes, stallMs []float64, fast, stalled float64, c Counts) []engine.Figure {
	g := FixWords(f)
	return []engine.Figure{
		{Key: "fast", Group: g, Name: fmt.Sprintf("empty at %.10g ms", stallMs[0]), Value: TimingPercent(fast)},
		{Key: "stalled", Group: g, Name: fmt.Sprintf("at %.10g ms", stallMs[len(stallMs)-1]), Value: TimingPercent(stalled)},
		{Key: "exact", Group: g, Name: "of schedules", Value: TimingPercent(ratio(c[Empty], c.Total()))},
	}
}

// Headline is the report's figures: in timing mode the first fix set's
// TimingFigures, else every fix set's ExactFigures.
func (r Report) Headline() []engine.Figure {
	var figs []engine.Figure
	for i, run := range r.Runs {
		f, _ := ParseFixes(run.Fixes)
		c := run.Outcomes.counts()
		if r.Timing == nil {
			figs = append(figs, ExactFigures(f, c)...)
			continue
		}
		if i > 0 {
			break
		}
		var stalls, empty []float64
		for _, row := range r.Timing.Rows {
			if row.Fixes == run.Fixes {
				stalls, empty = append(stalls, row.StallMs), append(empty, row.Empty.Chance)
			}
		}
		if len(stalls) > 0 {
			figs = append(figs, TimingFigures(f, stalls, empty[0], empty[len(empty)-1], c)...)
		}
	}
	return figs
}

// counts is the outcomes' counts.
func (o Outcomes) counts() Counts {
	var c Counts
	c[Newest], c[Older], c[Empty] = o.Newest.Count, o.Older.Count, o.Empty.Count
	return c
}

// Percent writes a share as the headline does: "41.4%".
func Percent(share float64) string { return fmt.Sprintf("%.1f%%", 100*share) }

// TimingPercent writes a chance as the timing headline does: "0.71%".
func TimingPercent(x float64) string { return fmt.Sprintf("%.2f%%", 100*x) }

// ShareWithFraction writes n of d as a share and its fraction over every
// schedule, never reduced, with thousands separators: "41.4% (29/70)".
func ShareWithFraction(n, d uint64) string {
	return Percent(ratio(n, d)) + " (" + engine.Digits(int64(n)) + "/" + engine.Digits(int64(d)) + ")"
}

// ratio is n/d, 0 when d is.
func ratio(n, d uint64) float64 {
	if d == 0 {
		return 0
	}
	return float64(n) / float64(d)
}
