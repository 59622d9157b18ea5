package exactlab

import (
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/tui/widget"
)

// final reports whether the exact figures are in: once computed they are
// final, whatever the stepper plays.
func (l *Lab) final() bool { return l.ready }

// Headline is the exact figures, under the keys scenarios quote them by:
// emax (each rule's E[max]: its fraction where the table's column holds
// it, else six decimals), inputs (how many brute force ran), and better,
// same and worse (two choices against one, input by input). While the
// computation runs, each key reads "—".
func (l *Lab) Headline() []widget.Figure {
	if !l.ready {
		var figs []widget.Figure
		for _, k := range [][2]string{{"emax", "E[max]"}, {"inputs", "inputs"}, {"better", "better"}, {"same", "same"}, {"worse", "worse"}} {
			figs = append(figs, widget.Figure{Key: k[0], Name: k[1], Value: "—"})
		}
		return figs
	}
	r := l.result
	var figs []widget.Figure
	if r.Brute != nil {
		figs = append(figs, widget.Figure{Key: "inputs", Name: "inputs", Value: engine.Digits(r.Brute.Inputs)})
	}
	for i, name := range r.Names {
		e := r.Exact[i].Expected()
		v := e.RatString()
		if len(v) > fractionInline {
			v = decimal(e)
		}
		figs = append(figs, widget.Figure{Key: "emax", Group: name, Name: "E[max]", Value: v})
	}
	if r.Brute != nil {
		tv := r.Brute.TwoVsOne
		for _, f := range []struct {
			key string
			n   int64
		}{{"better", tv.Better}, {"same", tv.Same}, {"worse", tv.Worse}} {
			figs = append(figs, widget.Figure{Key: f.key, Group: "two vs one", Name: f.key, Value: engine.Digits(f.n)})
		}
	}
	return figs
}
