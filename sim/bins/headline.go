package bins

import (
	"fmt"
	"math"
	"strconv"

	"github.com/loadlab/loadlab/sim/engine"
)

// LaneFigures is one strategy's headline in a single trial, its loads f
// so far: max, gap (the max less the mean) and hot (the bins at the hot
// threshold; "—" unless hot is counted, the run's mean reaching
// HotMinMean, where hot would only mean "holds two").
func LaneFigures(name string, f Figures, hot bool) []engine.Figure {
	h := "—"
	if hot {
		h = engine.Digits(int64(f.Hot))
	}
	return []engine.Figure{
		{Key: "max", Group: name, Name: "max", Value: engine.Digits(int64(f.Max))},
		{Key: "gap", Group: name, Name: "gap", Value: Decimals(f.Gap, 2)},
		{Key: "hot", Group: name, Name: "hot bins", Value: h},
	}
}

// Headline is the run's headline: over several trials, each strategy's
// TrialFigures; in one, its LaneFigures at the trial's end.
func (r Result) Headline() []engine.Figure {
	if r.TrialCount() > 1 {
		return r.TrialFigures()
	}
	var figs []engine.Figure
	for _, name := range r.Strategies {
		f := r.Trials[0].Results[name]
		figs = append(figs, LaneFigures(name, f, f.HotCounted())...)
	}
	return figs
}

// TrialFigures is each strategy's headline over the finished trials: mean
// (the max load's mean, "—" before the first trial ends) and paired (how
// its max compares with the baseline's, trial by trial: the most common
// outcome, "lower than one in 200 of 200").
func (r Result) TrialFigures() []engine.Figure {
	paired := map[string]Comparison{}
	for _, p := range r.Paired {
		paired[p.A] = p
	}
	var figs []engine.Figure
	for _, name := range r.Strategies {
		mean := "—"
		if len(r.Trials) > 0 {
			mean = Decimals(r.Summary[name].MaxMean, 3)
		}
		figs = append(figs, engine.Figure{Key: "mean", Group: name, Name: "mean max", Value: mean})
		if p, ok := paired[name]; ok && len(r.Trials) > 0 {
			words, count := p.Verdict()
			figs = append(figs, engine.Figure{Key: "paired", Group: name, Name: words + " in",
				Value: fmt.Sprintf("%s of %s", engine.Digits(int64(count)), engine.Digits(int64(p.Lower+p.Equal+p.Higher)))})
		}
	}
	return figs
}

// Verdict is the most common outcome of a paired comparison, in words
// ("lower than one", "equal to one", "higher than one"), and how many
// trials had it; a tie goes to the first of lower, equal, higher.
func (p Comparison) Verdict() (string, int) {
	switch {
	case p.Lower >= p.Equal && p.Lower >= p.Higher:
		return "lower than " + p.B, p.Lower
	case p.Equal >= p.Higher:
		return "equal to " + p.B, p.Equal
	}
	return "higher than " + p.B, p.Higher
}

// Decimals writes v rounded to at most places decimals, without trailing
// zeros: the mean of 200 maxima is 3.03 or 6.275, never 3.030.
func Decimals(v float64, places int) string {
	scale := math.Pow(10, float64(places))
	return strconv.FormatFloat(math.Round(v*scale)/scale, 'f', -1, 64)
}

// FractionInline is the longest exact expectation a headline (and the
// lab's table) writes as a fraction; a longer one is written to six
// decimals.
const FractionInline = 16

// PendingExactFigures is the exact headline's keys while the computation
// runs, each "—".
func PendingExactFigures() []engine.Figure {
	var figs []engine.Figure
	for _, k := range [][2]string{{"emax", "E[max]"}, {"inputs", "inputs"}, {"better", "better"}, {"same", "same"}, {"worse", "worse"}} {
		figs = append(figs, engine.Figure{Key: k[0], Name: k[1], Value: "—"})
	}
	return figs
}

// Headline is the exact figures, under the keys scenarios quote them by:
// inputs (how many inputs brute force ran), emax (each rule's E[max]: its
// fraction up to FractionInline characters, else six decimals), and
// better, same and worse (two choices against one, input by input).
func (r ExactReport) Headline() []engine.Figure {
	var figs []engine.Figure
	if r.Brute != nil {
		figs = append(figs, engine.Figure{Key: "inputs", Name: "inputs", Value: engine.Digits(r.Brute.Inputs)})
	}
	for i, name := range r.Names {
		e := r.Exact[i].Expected()
		v := e.RatString()
		if len(v) > FractionInline {
			v = e.FloatString(6)
		}
		figs = append(figs, engine.Figure{Key: "emax", Group: name, Name: "E[max]", Value: v})
	}
	if r.Brute != nil {
		tv := r.Brute.TwoVsOne
		for _, f := range []struct {
			key string
			n   int64
		}{{"better", tv.Better}, {"same", tv.Same}, {"worse", tv.Worse}} {
			figs = append(figs, engine.Figure{Key: f.key, Group: "two vs one", Name: f.key, Value: engine.Digits(f.n)})
		}
	}
	return figs
}
