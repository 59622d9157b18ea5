package netmanager

import (
	"fmt"
	"math"

	"github.com/loadlab/loadlab/sim/engine"
)

// Engine runs one morning a minute a step.
type Engine struct {
	cfg Config
	now int // the next minute to run
	// waiting is every update the Network Manager holds; first those of
	// them it propagates first (new instances', with Priority).
	waiting, first float64
	// held is the launches the throttle holds back; limit the launches a
	// minute it lets through; relaxing says the engineers have started.
	held, limit float64
	relaxing    bool
	admitted    float64 // this minute's launches let through
	tot         Totals
	series      Series
	moments     []engine.Moment
	phases      []Event
}

// Totals are a run's figures so far. Times are minutes of the run, -1
// until they come.
type Totals struct {
	// PeakWait is the longest a launch waited for its network, and
	// PeakWaitRelaxed the longest once the throttle was being relaxed;
	// PeakLag the furthest behind the Network Manager was; PeakHeld the
	// most launches held.
	PeakWait, PeakWaitRelaxed, PeakLag, PeakHeld float64
	// SlowAt is when the Network Manager fell SlowMin behind, CaughtUpAt
	// when it was back within NormalMin, RelaxedAt when the engineers
	// started on the throttle, SlowAgainAt when relaxing it put a new
	// instance SlowMin behind again, BackAt when no launch was held and a
	// new one's wait was normal: EC2 back.
	SlowAt, CaughtUpAt, RelaxedAt, SlowAgainAt, BackAt int
	// Updates counts the updates propagated; Launched the launches let
	// through.
	Updates, Launched float64
}

// Phase is a mark of the lecture's timeline: T the trigger, S what kept
// it going, R the recovery.
type Phase = engine.Phase

// The phases.
const (
	Trigger = engine.Trigger
	Sustain = engine.Sustain
	Recover = engine.Recover
)

// Event is a mark on a run's timeline at its minute.
type Event struct {
	AtMin int    `json:"at_min"`
	Phase Phase  `json:"phase"`
	What  string `json:"what"`
}

// Series are the run's minutes so far, one point each at the minute's
// end (X the minutes run).
type Series struct {
	// Waiting is the updates the Network Manager holds; Wait the minutes
	// a launch made then waits for its network; Lag how far behind the
	// Network Manager is, in minutes; Admitted the launches let through
	// a minute; Held the launches held back.
	Waiting, Wait, Lag, Admitted, Held engine.Series
}

// SeriesView is the series up to the step a snapshot was taken at.
type SeriesView struct {
	Waiting, Wait, Lag, Admitted, Held engine.SeriesView
}

// View is the series as a snapshot shares them.
func (s *Series) View() SeriesView {
	return SeriesView{s.Waiting.View(), s.Wait.View(), s.Lag.View(), s.Admitted.View(), s.Held.View()}
}

// New builds the morning at 5:28 AM: no update waiting yet, and the
// launches the throttle has held since 4:14 AM.
func New(c Config) (*Engine, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	held := max(0, c.Launches-c.Throttle) * ThrottledMin
	e := &Engine{cfg: c, held: held, limit: c.Throttle,
		tot: Totals{PeakHeld: held, SlowAt: -1, CaughtUpAt: -1, RelaxedAt: -1, SlowAgainAt: -1, BackAt: -1}}
	return e, nil
}

// Config is the run's configuration.
func (e *Engine) Config() Config { return e.cfg }

// Steps is the run's length in minutes.
func (e *Engine) Steps() int64 { return int64(e.cfg.DurationMin) }

// Done reports whether the run has reached its end.
func (e *Engine) Done() bool { return e.now >= e.cfg.DurationMin }

// Pos counts minutes.
func (e *Engine) Pos() engine.Pos {
	return engine.Pos{Step: int64(e.now), Steps: int64(e.cfg.DurationMin), At: float64(e.now), Unit: "min"}
}

// Moments are the run's moments so far.
func (e *Engine) Moments() []engine.Moment { return e.moments[:len(e.moments):len(e.moments)] }

// Phases are the run's own marks so far.
func (e *Engine) Phases() []Event { return e.phases[:len(e.phases):len(e.phases)] }

// mark adds a moment and a phase at the minute running, its caption led
// by the minute's clock.
func (e *Engine) mark(p Phase, what, caption string, args ...any) {
	e.moments = append(e.moments, engine.Moment{Step: int64(e.now) + 1, At: float64(e.now), Caption: Clock(e.now) + ": " + fmt.Sprintf(caption, args...)})
	e.phases = append(e.phases, Event{AtMin: e.now, Phase: p, What: what})
}

// wait is the minutes a launch made now waits for its network: the
// updates propagated before it, over the rate.
func (e *Engine) wait() float64 {
	if e.cfg.Priority {
		return e.first / e.cfg.Rate
	}
	return e.waiting / e.cfg.Rate
}

// lag is how far behind the Network Manager is: every update it holds,
// over the rate.
func (e *Engine) lag() float64 { return e.waiting / e.cfg.Rate }

// Step runs one minute: the engineers' step on the throttle when it is
// due, the flood's and the launches' updates arriving, and the Network
// Manager's work.
func (e *Engine) Step() bool {
	if e.Done() {
		return false
	}
	c := e.cfg
	if e.now == 0 {
		e.markStart()
	}
	e.relax()
	if e.now < c.FloodMin {
		e.waiting += float64(c.Droplets) / float64(c.FloodMin)
	}
	e.held += c.Launches
	e.admitted = min(e.held, e.limit)
	e.held -= e.admitted
	e.waiting += e.admitted
	if c.Priority {
		e.first += e.admitted
	}
	done := min(e.waiting, c.Rate)
	e.waiting -= done
	e.first = max(0, e.first-done)
	e.tot.Updates += done
	e.tot.Launched += e.admitted
	e.account()
	e.now++
	e.closeMinute()
	return true
}

// markStart marks the run's first minute: DWFM recovered, and the flood
// its new leases bring, or none.
func (e *Engine) markStart() {
	c := e.cfg
	if c.Droplets == 0 {
		e.mark(Trigger, "DWFM recovered", "DWFM has recovered (the lecture: 5:28 AM), and here no droplet's network state is left to propagate")
		return
	}
	pace := "faster than"
	if float64(c.Droplets)/float64(c.FloodMin) <= c.Rate {
		pace = "no faster than"
	}
	e.mark(Trigger, "the flood of new leases", "DWFM has recovered (the lecture: 5:28 AM): the network state of %s droplets' new leases reaches EC2's Network Manager over %s, %s the %s a minute it propagates",
		engine.Digits(int64(c.Droplets)), Minutes(float64(c.FloodMin)), pace, engine.Compact(c.Rate))
}

// relax is the engineers' work on the throttle from RelaxAtMin: lifted
// at once, or every StepMin a step up while a launch's wait is normal
// and a step back down while it is not (the lecture's "step by step",
// watching the latency).
func (e *Engine) relax() {
	c := e.cfg
	if e.now < c.RelaxAtMin {
		return
	}
	if !e.relaxing {
		e.relaxing = true
		how := fmt.Sprintf("%s a minute more every %d min while a new instance waits at most %s, and back down while it waits longer", engine.Compact(c.StepUp), c.StepMin, Minutes(c.NormalMin))
		if c.AtOnce {
			how = "all at once"
		}
		e.tot.RelaxedAt = e.now
		e.mark(Recover, "the throttle relaxed", "engineers start to relax the throttle (the lecture's did at 11:23 AM), %s: %s launches have been held since 4:14 AM", how, engine.Digits(int64(math.Round(e.held))))
	}
	switch {
	case c.AtOnce:
		e.limit = math.Inf(1)
	case (e.now-c.RelaxAtMin)%c.StepMin != 0:
	case e.wait() <= c.NormalMin:
		e.limit += c.StepUp
	default: // the wait is past normal: a step back down
		e.limit = max(c.Throttle, e.limit-c.StepUp)
	}
}

// account keeps the peaks and marks the minute's moments: the Network
// Manager falling behind and catching up, behind again once relaxing,
// and EC2 back.
func (e *Engine) account() {
	c, t := e.cfg, &e.tot
	wait, lag := e.wait(), e.lag()
	t.PeakWait, t.PeakLag, t.PeakHeld = max(t.PeakWait, wait), max(t.PeakLag, lag), max(t.PeakHeld, e.held)
	if e.relaxing {
		t.PeakWaitRelaxed = max(t.PeakWaitRelaxed, wait)
	}
	switch {
	case t.SlowAt < 0 && lag > SlowMin:
		t.SlowAt = e.now
		who := fmt.Sprintf("a new instance launched now waits %s for its network (the lecture saw this latency rising at 6:21 AM, slowing EC2's instances)", Minutes(wait))
		if c.Priority {
			who = fmt.Sprintf("but a new instance's update goes first, so one launched now waits %s for its network (in the lecture, from 6:21 AM, EC2's instances were slowed)", Minutes(wait))
		}
		e.mark(Sustain, "the Network Manager behind", "the Network Manager is %d minutes behind; %s", SlowMin, who)
	case t.SlowAt >= 0 && t.CaughtUpAt < 0 && lag <= c.NormalMin:
		t.CaughtUpAt = e.now
		e.mark(Recover, "latency normal", "the Network Manager has caught up and latency is normal (in the lecture, at 10:36 AM); %s launches are still held", engine.Digits(int64(math.Round(e.held))))
	case e.relaxing && t.CaughtUpAt >= 0 && t.SlowAgainAt < 0 && wait > SlowMin:
		t.SlowAgainAt = e.now
		e.mark(Sustain, "flooded again", "the held launches flood the Network Manager again: a new instance waits %s for its network, long enough for a load balancer's health checks to fail it", Minutes(wait))
	}
	if e.relaxing && t.BackAt < 0 && e.held < 0.5 && wait <= c.NormalMin {
		t.BackAt = e.now
		e.mark(Recover, "EC2 back", "no launch is held and a new instance gets its network within %s: EC2 works again, old instances and new (in the lecture, at 1:50 PM)", Minutes(c.NormalMin))
	}
}

// closeMinute appends the minute just run to the series.
func (e *Engine) closeMinute() {
	x := float64(e.now)
	s := &e.series
	s.Waiting.Append(engine.Point{X: x, Y: e.waiting})
	s.Wait.Append(engine.Point{X: x, Y: e.wait()})
	s.Lag.Append(engine.Point{X: x, Y: e.lag()})
	s.Admitted.Append(engine.Point{X: x, Y: e.admitted})
	s.Held.Append(engine.Point{X: x, Y: e.held})
}

// Minutes writes a span of minutes as the reports do: "0.4 min",
// "45 min", "1 h 51 min".
func Minutes(m float64) string {
	if m < 10 && m != math.Trunc(m) {
		return fmt.Sprintf("%.1f min", m)
	}
	n := int(math.Round(m))
	if n < 60 {
		return fmt.Sprintf("%d min", n)
	}
	return fmt.Sprintf("%d h %02d min", n/60, n%60)
}

// Snapshot is the run as it stands: counts, and the series shared up to
// now.
type Snapshot struct {
	Minute int
	// Waiting is the updates held; Wait a launch's wait now and Lag the
	// Network Manager's, in minutes; Held the launches held; Admitted
	// the last minute's launches let through.
	Waiting, Wait, Lag, Held, Admitted float64
	Relaxing                           bool
	Totals                             Totals
	Series                             SeriesView
}

// Snapshot takes the run's state without copying its history.
func (e *Engine) Snapshot() Snapshot {
	return Snapshot{Minute: e.now, Waiting: e.waiting, Wait: e.wait(), Lag: e.lag(), Held: e.held, Admitted: e.admitted,
		Relaxing: e.relaxing, Totals: e.tot, Series: e.series.View()}
}
