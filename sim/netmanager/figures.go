package netmanager

import "github.com/loadlab/loadlab/sim/engine"

// Figures is the run's headline so far, under the keys scenarios quote it
// by, the lesson's first: relaxed (the longest a new instance waited for
// its network once the throttle was being relaxed), back (when EC2 was
// back, or "not yet") and wait (the longest wait of the morning).
func (e *Engine) Figures() []engine.Figure {
	t := e.tot
	group := SetWords(e.cfg.Protections)
	back := "not yet"
	if t.BackAt >= 0 {
		back = Clock(t.BackAt)
	}
	relaxed := Minutes(t.PeakWaitRelaxed)
	if t.RelaxedAt < 0 {
		relaxed = "not yet"
	}
	return []engine.Figure{
		{Key: "relaxed", Group: group, Name: "wait once relaxing", Value: relaxed},
		{Key: "back", Group: group, Name: "EC2 back", Value: back},
		{Key: "wait", Group: group, Name: "worst wait", Value: Minutes(t.PeakWait)},
	}
}
