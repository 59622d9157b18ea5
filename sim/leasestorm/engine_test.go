package leasestorm

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/loadlab/loadlab/internal/enginetest"
)

// run plays a config to its end and returns its result.
func run(t *testing.T, c Config) Result { return enginetest.Play(t, New, c) }

// The lesson of §26.2.10, on one seed: without the throttle, goodput stays
// near zero from DynamoDB's return to the run's end, long after the cause
// is gone; with it, goodput returns to the manager's rate and every
// droplet holds a lease again.
func TestTheStormOutlastsTheOutage(t *testing.T) {
	rep, err := DefaultSpec().Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	none, throttle := rep.Runs[0], rep.Runs[1]
	c := DefaultConfig()
	back := LeadMin + c.OutageMin
	for _, row := range none.Series[back+5:] {
		if row.Goodput > CollapsedShare*c.Rate {
			t.Errorf("no throttle, %s: goodput %.2f a second, want near zero", row.Clock, row.Goodput)
		}
	}
	if none.RecoveredAt >= 0 || none.FinalWithout != c.Droplets || none.WastedShareAfter < 0.99 {
		t.Errorf("no throttle: recovered at %d, %d without a lease at the end, %.3f of the work wasted", none.RecoveredAt, none.FinalWithout, none.WastedShareAfter)
	}
	atRate := 0
	for _, row := range throttle.Series[throttle.ThrottleAt+1:] {
		if row.Goodput >= 0.99*c.Rate {
			atRate++
		}
	}
	// the lecture: the throttle at 4:14 AM, DWFM recovered at 5:28 AM
	if atRate < 60 || throttle.RecoveredClock != "5:28 AM" || throttle.FinalWithout != 0 || Clock(throttle.ThrottleAt) != "4:14 AM" {
		t.Errorf("throttle at %s: %d minutes at the manager's rate, recovered at %q, %d without a lease at the end",
			Clock(throttle.ThrottleAt), atRate, throttle.RecoveredClock, throttle.FinalWithout)
	}
	// Before the throttle the two runs are one run.
	if !reflect.DeepEqual(none.Series[:throttle.ThrottleAt], throttle.Series[:throttle.ThrottleAt]) {
		t.Errorf("the runs part before the throttle")
	}
}

// The threshold: with the model's numbers the manager serves 540 droplets
// within a timeout. An outage that leaves 735 waiting (2 min) is absorbed;
// one that leaves 1,116 (3 min) tips it into the collapse for good.
func TestAThresholdBacklog(t *testing.T) {
	for _, c := range []struct {
		outage, waiting int
		collapses       bool
	}{{2, 735, false}, {3, 1116, true}} {
		cfg := DefaultConfig()
		cfg.OutageMin = c.outage
		r := run(t, cfg)
		if r.ReturnWaiting != c.waiting || (r.CollapsedAt >= 0) != c.collapses || c.collapses && r.FinalWithout != cfg.Droplets {
			t.Errorf("outage %d min: %d waiting at the return, collapsed at %d, %d without a lease at the end; want %d waiting, collapse %v",
				c.outage, r.ReturnWaiting, r.CollapsedAt, r.FinalWithout, c.waiting, c.collapses)
		}
	}
	if th := DefaultConfig().Threshold(); th != 540 {
		t.Errorf("threshold %v, want 9/s x 60 s = 540", th)
	}
}

// The throttle works only with a cap at or under rate x timeout: past it
// the queue's wait still passes the timeout.
func TestTheCapMustBeUnderRateTimesTimeout(t *testing.T) {
	for cap, recovers := range map[int]bool{100: true, 540: true, 600: false} {
		c := DefaultConfig()
		c.Throttle, c.Cap = true, cap
		if r := run(t, c); (r.RecoveredAt >= 0) != recovers {
			t.Errorf("cap %d: recovered at %d, want recovery %v", cap, r.RecoveredAt, recovers)
		}
	}
}

// Dropping the requests older than the timeout brings goodput back at
// once, without a throttle: the manager works only for droplets that
// still wait.
func TestDroppingStaleRequests(t *testing.T) {
	c := DefaultConfig()
	c.DropStale = true
	r := run(t, c)
	if r.CollapsedAt >= 0 || r.Wasted != 0 || r.RecoveredClock != "3:39 AM" || r.Dropped == 0 {
		t.Errorf("drop-stale: collapsed at %d, %d wasted, recovered at %q, %d dropped", r.CollapsedAt, r.Wasted, r.RecoveredClock, r.Dropped)
	}
}

// A run is its config and seed: the same twice, whatever else runs.
func TestDeterministic(t *testing.T) {
	c := DefaultConfig()
	c.Throttle = true
	enginetest.Deterministic(t, New, c, func(c *Config) { c.Seed++ }, func(r Result) any { return r.Series })
}

// The counts hold together at every second: the droplets waiting include
// every one without a lease, the queue stays under its limit (and under
// the cap once throttled), and every request asked is served, wasted,
// refused, dropped or still queued or in the droplet's hands.
func TestInvariants(t *testing.T) {
	c := DefaultConfig()
	c.Droplets, c.OutageMin, c.AfterMin, c.ThrottleAfterMin, c.QueueLimit = 3000, 40, 120, 30, 5000
	c.Throttle = true
	e, _ := New(c)
	for e.Step() {
		s := e.Snapshot()
		if s.Without > s.Waiting || s.Waiting > c.Droplets || s.Queue > c.QueueLimit || s.Throttled && s.Queue > c.Cap {
			t.Fatalf("second %d: %d without a lease, %d waiting, %d queued", s.Second, s.Without, s.Waiting, s.Queue)
		}
		n := 0
		for d := range c.Droplets {
			if e.lost[d] {
				n++
				if !e.waiting[d] {
					t.Fatalf("second %d: droplet %d lost its lease and does not ask", s.Second, d)
				}
			}
		}
		if n != s.Without {
			t.Fatalf("second %d: %d lost, the count says %d", s.Second, n, s.Without)
		}
	}
}

// The moments follow the lecture's timeline, each at its time.
func TestMomentsFollowTheTimeline(t *testing.T) {
	rep, _ := DefaultSpec().Run(context.Background(), nil)
	var got []string
	for _, m := range rep.Runs[1].Moments {
		at, _, _ := strings.Cut(m.Caption, ": ")
		got = append(got, at)
	}
	if want := "11:48 PM, 2:25 AM, 2:26 AM, 4:14 AM, 5:28 AM"; strings.Join(got, ", ") != want {
		t.Errorf("moments at %v, want %s", got, want)
	}
}

// The moments write counts as the reports do, with thousands separators:
// "40,000 droplets", never "40000".
func TestMomentsGroupDigits(t *testing.T) {
	rep, _ := DefaultSpec().Run(context.Background(), nil)
	var all []string
	for _, m := range rep.Runs[1].Moments {
		all = append(all, m.Caption)
	}
	text := strings.Join(all, "\n")
	for _, want := range []string{"40,000 droplets want a lease, 31,253 of them", "restarts drop the 99,991 queued"} {
		if !strings.Contains(text, want) {
			t.Errorf("no moment says %q:\n%s", want, text)
		}
	}
}

// Validation names the field and its range.
func TestValidate(t *testing.T) {
	enginetest.Refuses(t, DefaultSpec, []enginetest.Bad[Spec]{
		{Edit: func(s *Spec) { s.Droplets = 0 }, Says: "droplets must be in 1..1000000"},
		{Edit: func(s *Spec) { s.RenewMin = s.LeaseMin }, Says: "renew-min must be in 1..lease-min - 1"},
		{Edit: func(s *Spec) { s.Rate = 0 }, Says: "rate must be in (0, 1e6]"},
		{Edit: func(s *Spec) { s.Runs = "none,none" }, Says: `runs lists "none" twice`},
		{Edit: func(s *Spec) { s.Runs = "fast" }, Says: `runs must list none, throttle, drop-stale, both, stagger or renew-expired`},
		{Edit: func(s *Spec) { s.TimeoutS = 0 }, Says: "timeout-s must be in 1..3600"},
	})
}

// The lecture's design fixes (26.2.10): staggered renewal spreads the
// 40,000 droplets waiting at 2:25 AM over 90 minutes, 7.4 a second
// against the manager's 9, so it never collapses and every droplet holds
// a lease by 3:54 AM with no throttle; renewable expired leases keep every
// droplet running through the outage, but the manager still collapses.
func TestTheLecturesDesignFixes(t *testing.T) {
	run := func(p Protections) Result {
		c := DefaultConfig()
		c.Protections = p
		e, err := New(c)
		if err != nil {
			t.Fatal(err)
		}
		for e.Step() {
		}
		return e.Result()
	}
	s := run(Protections{Stagger: true})
	if s.CollapsedAt != -1 || s.RecoveredClock != "3:54 AM" {
		t.Errorf("staggered: collapsed at %d, recovered %q; want never and 3:54 AM", s.CollapsedAt, s.RecoveredClock)
	}
	r := run(Protections{RenewExpired: true})
	if r.ReturnWithout != 0 || r.CollapsedAt < 0 || r.RecoveredAt != -1 {
		t.Errorf("renewable: %d without a lease at the return, collapsed at %d, recovered at %d; want 0, a collapse, none", r.ReturnWithout, r.CollapsedAt, r.RecoveredAt)
	}
}
