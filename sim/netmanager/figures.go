package netmanager

import "github.com/loadlab/loadlab/sim/engine"

// Figures is the run's headline so far, under the keys scenarios quote it
// by: back (when EC2 was back, or "not yet"), wait (the longest a new
// instance waited for its network) and relaxed (the longest once the
// throttle was being relaxed).
func (e *Engine) Figures() []engine.Figure {
	t := e.tot
	group := SetWords(e.cfg.Protections)
	back := "not yet"
	if t.BackAt >= 0 {
		back = Clock(t.BackAt)
	}
	return []engine.Figure{
		{Key: "back", Group: group, Name: "EC2 back", Value: back},
		{Key: "wait", Group: group, Name: "longest wait", Value: Minutes(t.PeakWait)},
		{Key: "relaxed", Group: group, Name: "after relaxing", Value: Minutes(t.PeakWaitRelaxed)},
	}
}
