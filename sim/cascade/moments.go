package cascade

import (
	"fmt"

	"github.com/loadlab/loadlab/sim/engine"
)

// moments notes, after each tick, the steps of the story a class should
// stop at: the slowdown, the surge beginning and ending, each pool filling
// for the first time after the slowdown, the breaker's transitions, shedding starting, and
// the backlog draining after it passed a thousand.
type moments struct {
	found      []engine.Moment
	slowed     bool
	surged     bool
	surgeDone  bool
	full       [4][2]bool
	breakerLog int
	trialLog   int
	shed       bool
	backlogged bool
	drained    bool
}

// LayerNames are the chain's layers, in the order Snapshot.Use lists them.
var LayerNames = [4]string{"api", "svc", "db", "aux"}

func (e *Engine) noteMoments() {
	m := &e.moments
	step := int64(e.tick + 1)
	add := func(format string, args ...any) {
		m.found = append(m.found, engine.Moment{Step: step, Caption: fmt.Sprintf("%.2f s: ", e.now) + fmt.Sprintf(format, args...)})
	}
	c := &e.cfg
	if !m.slowed && e.now >= c.DegradeAt {
		m.slowed = true
		add("the db slows %.10gx (%.10g ms a call): watch db fill, then svc, then api", c.DBSlowdown, c.DBMs*c.DBSlowdown)
	}
	if !m.surged && e.now >= c.SurgeAt && e.now < c.SurgeEnd {
		m.surged = true
		add("the surge begins: %.10gx the traffic, %.10g requests a second", c.SurgeX, c.Rate*c.SurgeX)
	}
	if m.surged && !m.surgeDone && e.now >= c.SurgeEnd {
		m.surgeDone = true
		add("the surge ends: back to %.10g requests a second; does the backlog drain?", c.Rate)
	}
	for i, l := range e.layers {
		for pool, size := range l.sizes {
			// Before the slowdown a small pool fills by chance now and
			// then; the story starts with the slowdown.
			if !m.full[i][pool] && l.used[pool] >= size && e.now >= c.DegradeAt {
				m.full[i][pool] = true
				name := LayerNames[i]
				if len(l.sizes) > 1 {
					name = fmt.Sprintf("svc's %s bulkhead", LayerNames[dbLayer+pool])
				}
				add("the %s pool is full for the first time: %d of %d slots taken", name, l.used[pool], size)
			}
		}
	}
	b := &e.breaker
	for m.breakerLog < len(b.log) || (b.guarded() && m.trialLog < len(b.trialLog)) {
		// The transitions and the trials in the order they happened: within
		// a tick the breaker goes half-open first and closes or opens last.
		if m.breakerLog < len(b.log) {
			t := b.log[m.breakerLog]
			if !b.guarded() || m.trialLog == len(b.trialLog) || t.At < b.trialLog[m.trialLog].At ||
				(t.At == b.trialLog[m.trialLog].At && t.To == HalfOpen) {
				add("the breaker goes %s -> %s: %s", t.From, t.To, t.Reason)
				m.breakerLog++
				continue
			}
		}
		t := b.trialLog[m.trialLog]
		m.trialLog++
		switch {
		case !t.Back:
			add("the half-open breaker lets trial call %d of %d go to the db", t.N, c.BreakerTrials)
		case t.Failed:
			add("a trial call comes back failed (%d of %d back)", t.N, c.BreakerTrials)
		default:
			add("a trial call comes back ok (%d of %d back)", t.N, c.BreakerTrials)
		}
	}
	if !m.shed && e.shedding {
		m.shed = true
		add("shedding starts: api queue over %d, low priority turned away", c.ShedHigh)
	}
	q := e.layers[apiLayer].queue.len()
	if q > 1000 {
		m.backlogged = true
	}
	if m.backlogged && !m.drained && q == 0 {
		m.drained = true
		add("the backlog has drained: the api queue is empty again")
	}
}
