package netmanager

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/loadlab/loadlab/internal/enginetest"
	"github.com/loadlab/loadlab/sim/engine"
)

// run plays a config to its end and returns its result.
func run(t *testing.T, c Config) Result { return enginetest.Play(t, New, c) }

// with is the default config with a set.
func with(set string) Config {
	c := DefaultConfig()
	c.Protections, _ = engine.SetNamed(Sets, set)
	return c
}

// The lecture's morning (§26.2.10) at the model's times, each within
// five minutes of the lecture's: the Network Manager seen half an hour
// behind at 6:20 AM (the lecture: latency rising at 6:21), caught up at
// 10:37 AM (normal at 10:36), and, with the throttle relaxed step by step
// from 11:23 AM, EC2 back at 1:52 PM (1:50); stepping up only while a new
// instance's wait is normal, and back down when it is not, keeps that
// wait under 10 minutes.
func TestTheLecturesMorning(t *testing.T) {
	r := run(t, with("steps"))
	if r.Slow != "6:20 AM" || r.CaughtUp != "10:37 AM" || r.Relaxed != "11:23 AM" || r.Back != "1:52 PM" || r.SlowAgain != "" {
		t.Errorf("steps: behind %q, caught up %q, back %q, behind again %q", r.Slow, r.CaughtUp, r.Back, r.SlowAgain)
	}
	if r.PeakWaitRelaxedMin >= 10 || r.PeakWaitMin < 100 || r.HeldAtEnd > 0.5 {
		t.Errorf("steps: waits %.1f min once relaxing, %.1f at most; %.0f launches held at the end", r.PeakWaitRelaxedMin, r.PeakWaitMin, r.HeldAtEnd)
	}
	var at []string
	for _, m := range r.Moments {
		clock, _, _ := strings.Cut(m.Caption, ": ")
		at = append(at, clock)
	}
	if got, want := strings.Join(at, ", "), "5:28 AM, 6:20 AM, 10:37 AM, 11:23 AM, 1:52 PM"; got != want {
		t.Errorf("moments at %s, want %s", got, want)
	}
}

// Lifting the throttle at once lets the 12,870 launches held since 4:14
// AM through in a minute: the Network Manager floods again, a new
// instance waits over an hour and a half for its network, and EC2 is
// back sooner than step by step, with every launch of those 90 minutes
// slow enough for a health check to fail it.
func TestAtOnceFloodsAgain(t *testing.T) {
	steps, once := run(t, with("steps")), run(t, with("at-once"))
	if once.SlowAgain != "11:23 AM" || once.PeakWaitRelaxedMin < 90 || once.BackAtMin >= steps.BackAtMin || math.Round(once.PeakHeld) != 12870 {
		t.Errorf("at once: behind again %q, %.1f min waits, back %q (steps %q), %.0f held", once.SlowAgain, once.PeakWaitRelaxedMin, once.Back, steps.Back, once.PeakHeld)
	}
}

// New instances first: the flood is as far behind as ever (111 minutes),
// but during it a launch let through gets its network in the minute, so
// a new instance's longest wait is the relaxing's, under 10 minutes.
func TestPriorityKeepsNewInstancesFast(t *testing.T) {
	r := run(t, with("priority"))
	if r.PeakLagMin < 100 || r.PeakWaitMin >= 10 || r.Series[60].WaitMin > 0 || r.Back != "1:52 PM" {
		t.Errorf("priority: lag %.1f, longest wait %.1f, back %q", r.PeakLagMin, r.PeakWaitMin, r.Back)
	}
}

// Every update is accounted for at every minute: the flood's and the
// launches let through are propagated or waiting; every launch asked
// for is let through or held; a minute propagates at most the rate.
func TestInvariants(t *testing.T) {
	for _, set := range engine.SetNames(Sets) {
		c := with(set)
		e, _ := New(c)
		held0 := e.held
		for e.Step() {
			s := e.Snapshot()
			flood := float64(c.Droplets) * float64(min(s.Minute, c.FloodMin)) / float64(c.FloodMin)
			if d := flood + s.Totals.Launched - s.Totals.Updates - s.Waiting; math.Abs(d) > 1e-6 {
				t.Fatalf("%s, minute %d: updates off by %g", set, s.Minute, d)
			}
			if d := held0 + c.Launches*float64(s.Minute) - s.Totals.Launched - s.Held; math.Abs(d) > 1e-6 {
				t.Fatalf("%s, minute %d: launches off by %g", set, s.Minute, d)
			}
			if s.Totals.Updates > c.Rate*float64(s.Minute)+1e-6 || s.Wait < 0 || s.Wait > s.Lag+1e-9 {
				t.Fatalf("%s, minute %d: %.0f updates, wait %.2f, lag %.2f", set, s.Minute, s.Totals.Updates, s.Wait, s.Lag)
			}
		}
	}
}

// At the end of a run its headline figures (worked out from the engine's
// state, as the TUI shows them) are its Result's.
func TestFiguresAtTheEndAreTheResults(t *testing.T) {
	enginetest.FiguresAtEnd(t, engine.SetNames(Sets), with, New, func(c Config, r Result) []engine.Figure {
		group := SetWords(c.Protections)
		back, relaxed := r.Back, Minutes(r.PeakWaitRelaxedMin)
		if back == "" {
			back = "not yet"
		}
		if r.Relaxed == "" {
			relaxed = "not yet"
		}
		return []engine.Figure{
			{Key: "relaxed", Group: group, Name: "wait once relaxing", Value: relaxed},
			{Key: "back", Group: group, Name: "EC2 back", Value: back},
			{Key: "wait", Group: group, Name: "worst wait", Value: Minutes(r.PeakWaitMin)},
		}
	})
}

// A morning never relaxed ends with EC2 not back and the launches held;
// one with no flood never has the Network Manager behind, and relaxing
// alone takes as long as on the lecture's morning: the held launches are
// the tail.
func TestEdges(t *testing.T) {
	c := with("steps")
	c.RelaxAtMin = c.DurationMin
	if r := run(t, c); r.Back != "" || r.Relaxed != "" || r.HeldAtEnd < 1000 {
		t.Errorf("never relaxed: back %q, relaxed %q, %.0f held", r.Back, r.Relaxed, r.HeldAtEnd)
	}
	c = with("steps")
	c.Droplets = 0
	if r := run(t, c); r.Slow != "" || r.CaughtUp != "" || r.Back != "1:52 PM" || !strings.Contains(r.Moments[0].Caption, "no droplet's network state is left") {
		t.Errorf("no flood: behind at %q, caught up at %q, back at %q", r.Slow, r.CaughtUp, r.Back)
	}
}

// A step allocates nothing once the series' chunk is there.
func TestStepDoesNotAllocate(t *testing.T) {
	e, _ := New(with("steps"))
	e.Step()
	if n := testing.AllocsPerRun(50, func() { e.Step() }); n != 0 {
		t.Errorf("%v allocations a step", n)
	}
}

// The report runs every set listed and stops when asked.
func TestRunAndCancel(t *testing.T) {
	rep, err := DefaultSpec().Run(context.Background(), nil)
	if err != nil || len(rep.Runs) != 2 || rep.Runs[0].Set != "steps" || rep.Runs[1].Set != "at-once" || len(rep.Runs[0].Series) != DefaultConfig().DurationMin {
		t.Fatalf("%v %+v", err, rep.Runs)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := DefaultSpec().Run(ctx, nil); err == nil {
		t.Error("a cancelled run went on")
	}
}

// Validation names the field and its range.
func TestValidate(t *testing.T) {
	enginetest.Refuses(t, DefaultSpec, []enginetest.Bad[Spec]{
		{Edit: func(s *Spec) { s.Droplets = -1 }, Says: "droplets must be in 0..10000000"},
		{Edit: func(s *Spec) { s.Rate = 0 }, Says: "rate must be in [1, 1e7]"},
		{Edit: func(s *Spec) { s.Launches = math.NaN() }, Says: "launches must be in [0, 1e7]"},
		{Edit: func(s *Spec) { s.FloodMin = 0 }, Says: "flood-min must be in 1..1440"},
		{Edit: func(s *Spec) { s.StepMin = 0 }, Says: "step-min must be in 1..1440"},
		{Edit: func(s *Spec) { s.NormalMin = -1 }, Says: "normal-min must be in [0, 1440]"},
		{Edit: func(s *Spec) { s.DurationMin = 0 }, Says: "duration-min must be in 1..1440"},
		{Edit: func(s *Spec) { s.Runs = "fast" }, Says: "runs must list steps, at-once, priority or at-once+priority"},
		{Edit: func(s *Spec) { s.Runs = "steps,steps" }, Says: `runs lists "steps" twice`},
	})
}

// Spans read as a class says them.
func TestMinutes(t *testing.T) {
	for m, want := range map[float64]string{0: "0 min", 0.44: "0.4 min", 27.04: "27 min", 93.2: "1 h 33 min", 111.2: "1 h 51 min"} {
		if got := Minutes(m); got != want {
			t.Errorf("%v: %q, want %q", m, got, want)
		}
	}
}
