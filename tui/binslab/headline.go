package binslab

import (
	"fmt"
	"math"
	"strconv"

	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/sim/bins"
	"github.com/loadlab/loadlab/tui/widget"
)

// Headline is each rule's figures so far, under the keys scenarios quote
// them by. Over several trials: mean (the max load's mean over the
// finished trials) and paired (how the rule's max compares with the
// baseline's, trial by trial: the most common outcome, "lower than one in
// 200 of 200"). In a single trial: max, gap (the max less the mean) and
// hot (the bins at the hot threshold, "—" while the mean is under
// bins.HotMinMean and hot would only mean "holds two").
func (l *Lab) Headline() []widget.Figure {
	l.sync()
	if l.spec.Trials > 1 {
		return l.trialsHeadline()
	}
	var figs []widget.Figure
	for _, lane := range l.snap.Lanes {
		f, name := lane.Figures, lane.Strategy.Name
		hot := "—"
		if l.hotShown() {
			hot = textfmt.Int(f.Hot)
		}
		figs = append(figs,
			widget.Figure{Key: "max", Group: name, Name: "max", Value: textfmt.Int(f.Max)},
			widget.Figure{Key: "gap", Group: name, Name: "gap", Value: decimals(f.Gap, 2)},
			widget.Figure{Key: "hot", Group: name, Name: "hot bins", Value: hot})
	}
	return figs
}

// trialsHeadline is Headline over the finished trials.
func (l *Lab) trialsHeadline() []widget.Figure {
	res := l.result
	paired := map[string]bins.Comparison{}
	for _, p := range res.Paired {
		paired[p.A] = p
	}
	var figs []widget.Figure
	for _, name := range res.Strategies {
		mean := "—"
		if len(res.Trials) > 0 {
			mean = decimals(res.Summary[name].MaxMean, 3)
		}
		figs = append(figs, widget.Figure{Key: "mean", Group: name, Name: "mean max", Value: mean})
		if p, ok := paired[name]; ok && len(res.Trials) > 0 {
			words, count := verdict(p)
			figs = append(figs, widget.Figure{Key: "paired", Group: name, Name: words + " in", Value: fmt.Sprintf("%s of %s", textfmt.Int(count), textfmt.Int(p.Lower+p.Equal+p.Higher))})
		}
	}
	return figs
}

// verdict is the most common outcome of a paired comparison, in words
// ("lower than one", "equal to one", "higher than one"), and how many
// trials had it; a tie goes to the first of lower, equal, higher.
func verdict(p bins.Comparison) (string, int) {
	switch {
	case p.Lower >= p.Equal && p.Lower >= p.Higher:
		return "lower than " + p.B, p.Lower
	case p.Equal >= p.Higher:
		return "equal to " + p.B, p.Equal
	}
	return "higher than " + p.B, p.Higher
}

// decimals writes v rounded to at most places decimals, without trailing
// zeros: the mean of 200 maxima is 3.03 or 6.275, never 3.030.
func decimals(v float64, places int) string {
	scale := math.Pow(10, float64(places))
	return strconv.FormatFloat(math.Round(v*scale)/scale, 'f', -1, 64)
}
