package cascadelab

import (
	"github.com/loadlab/loadlab/sim/cascade"
	"github.com/loadlab/loadlab/tui/widget"
)

// Headline is each set's figures so far, as its run's Result gives them.
func (l *Lab) Headline() []widget.Figure {
	var figs []widget.Figure
	for _, r := range l.runs {
		figs = append(figs, r.result().Figures(r.name)...)
	}
	return figs
}

// result is the run's figures at its latest step, worked out once a step.
func (r *run) result() *cascade.Result {
	if r.res == nil || r.resAt != r.engine.Pos().Step {
		res := r.engine.Result()
		r.res, r.resAt = &res, r.engine.Pos().Step
	}
	return r.res
}
