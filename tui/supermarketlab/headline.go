package supermarketlab

import (
	"github.com/loadlab/loadlab/sim/queue"
	"github.com/loadlab/loadlab/tui/widget"
)

// Headline is each policy's figures since the warm-up, time-averaged as
// the report measures them (queue.Figures).
func (l *Lab) Headline() []widget.Figure {
	configs, results := make([]queue.Config, len(l.runs)), make([]queue.Result, len(l.runs))
	for i, r := range l.runs {
		configs[i], results[i] = r.start, r.result() // named as they started, and as they ended where switched
	}
	return queue.Figures(configs, results)
}
