package configstorm

import (
	"context"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/loadlab/loadlab/internal/enginetest"
)

// run plays a config to its end and returns its result.
func run(t *testing.T, c Config) Result { return enginetest.Play(t, New, c) }

// with is the default config with a protection set.
func with(set string) Config {
	c := DefaultConfig()
	p, err := ParseSet(set)
	if err != nil {
		panic(err)
	}
	c.Protections = p
	return c
}

// short is a config cut to half an hour after the bad value (the cut, if
// any, at its end): enough for every run that recovers at the fix, and a
// run is the same as the long one up to its end.
func short(c Config) Config {
	c.RunMin, c.CutAtMin = 30, 30
	return c
}

// BackoffBound is how soon after the fix backoff brings the site back:
// the bound the help states.
const BackoffBound = 60

// The lesson of §26.2.8, on one seed: the value is fixed at 0:15 and the
// storm goes on, every minute serving under a tenth of the reads, until
// the site is turned off at 1:45; let back over half an hour, the site
// is back 2.5 hours after the bad value. With backoff the site is back
// within a minute of the fix; keeping entries on errors, within seconds.
// With nothing, it never comes back.
func TestTheStormOutlivesTheFix(t *testing.T) {
	c := DefaultConfig()
	cut := run(t, with("cut"))
	for _, row := range cut.Series {
		if row.Minute >= c.FixAtMin && row.Minute < c.CutAtMin && row.Success >= StormShare {
			t.Errorf("cut, %s: %.1f%% of reads served after the fix, want under %.0f%%", row.Clock, 100*row.Success, 100*StormShare)
		}
	}
	// the lecture: 2.5 hours down
	if cut.Recovered == "" || math.Abs(float64(cut.RecoveredAtS)-2.5*3600) > 60 || cut.CutAtS != 60*c.CutAtMin {
		t.Errorf("cut: recovered at %q (%d s), cut at %d s; want about 2:30:00", cut.Recovered, cut.RecoveredAtS, cut.CutAtS)
	}
	none := run(t, with("none"))
	if none.RecoveredAtS >= 0 || none.FinalSuccess >= StormShare || none.StormMax >= StormShare {
		t.Errorf("none: recovered at %d, final success %.3f, best minute after the fix %.3f", none.RecoveredAtS, none.FinalSuccess, none.StormMax)
	}
	for _, set := range []string{"cut+backoff", "backoff", "keep-on-error", "cut+keep-on-error"} {
		r := run(t, short(with(set)))
		if r.AfterFixS < 0 || r.AfterFixS > BackoffBound || r.CutAtS >= 0 || r.SuccessAfterFix < 0.99 {
			t.Errorf("%s: back %d s after the fix, cut at %d, %.3f of reads served after the fix", set, r.AfterFixS, r.CutAtS, r.SuccessAfterFix)
		}
	}
}

// The coordination 26.2.8 finds missing: one client repairs an entry
// while the others wait on its answer. The database then sees at most
// one query an entry a second, 1,000 against its 5,000, is never
// overwhelmed, and the site is back a second after the fix with no cut;
// before the fix every waiting read is lost, as every query is answered
// with the invalid value.
func TestOneClientRepairs(t *testing.T) {
	r := run(t, short(with("coalesce")))
	c := DefaultConfig()
	if r.PeakLoad > float64(c.Entries) || r.AfterFixS < 0 || r.AfterFixS > 1 || r.CutAtS >= 0 {
		t.Errorf("coalesce: peak %.0f queries a second (want at most %d), back %d s after the fix", r.PeakLoad, c.Entries, r.AfterFixS)
	}
	for _, m := range r.Moments {
		if strings.Contains(m.Caption, "overwhelmed") {
			t.Errorf("coalesce: %s", m.Caption)
		}
	}
	for _, row := range r.Series {
		if row.Minute >= 1 && row.Minute < c.FixAtMin && row.Success > 0.01 {
			t.Errorf("coalesce, %s: %.1f%% served before the fix, want none of the misses", row.Clock, 100*row.Success)
		}
	}
}

// Hundreds of thousands of queries a second (the lecture): every read
// queried three times while the value is invalid, and the storm's load
// after the fix as theory gives it, with a twentieth of the reads served.
func TestStormLoadAndTheory(t *testing.T) {
	c := DefaultConfig()
	r := run(t, short(with("none")))
	if r.PeakLoad != 3*c.Reads {
		t.Errorf("peak %v queries a second, want every read tried three times: %v", r.PeakLoad, 3*c.Reads)
	}
	late := r.Series[len(r.Series)-1]
	if math.Abs(late.Load/c.StormLoad()-1) > 1e-6 || math.Abs(late.Success-c.StormSuccess()) > 1e-6 || late.HitRatio != 0 {
		t.Errorf("the storm's last minute: load %.0f (theory %.0f), success %.4f (theory %.4f), hit ratio %v",
			late.Load, c.StormLoad(), late.Success, c.StormSuccess(), late.HitRatio)
	}
	if l := c.StormLoad(); l < 1e5 || l > 1e6 {
		t.Errorf("storm load %.0f: not hundreds of thousands a second", l)
	}
}

// The storm needs a cache that carries more than its database can: with
// a database that answers every read, nothing is needed to recover.
func TestTheThreshold(t *testing.T) {
	for _, c := range []struct {
		capacity  float64
		sustained bool
	}{{5000, true}, {50000, true}, {200000, false}} {
		cfg := short(with("none"))
		cfg.Capacity = c.capacity
		r := run(t, cfg)
		if (r.RecoveredAtS < 0) != c.sustained || cfg.Sustains() != c.sustained {
			t.Errorf("capacity %v: recovered at %d s, theory says sustained %v", c.capacity, r.RecoveredAtS, cfg.Sustains())
		}
	}
}

// Letting every user back at once, the cache empty, starts the storm
// again: the slow return is the lecture's recovery.
func TestAllAtOnceStartsItAgain(t *testing.T) {
	c := with("cut")
	c.RunMin, c.CutAtMin, c.OffMin, c.RampMin = 40, 25, 5, 0
	r := run(t, c)
	again := false
	for _, m := range r.Moments {
		again = again || strings.Contains(m.Caption, "the storm starts again")
	}
	if r.RecoveredAtS >= 0 || !again {
		t.Errorf("all at once: recovered at %d, moment of the storm again: %v", r.RecoveredAtS, again)
	}
}

// Runs on one seed are one run until a switch acts: the cut at 1:45,
// keeping entries on errors at the fix.
func TestRunsPartWhereTheirSwitchActs(t *testing.T) {
	c := DefaultConfig()
	c.RunMin, c.CutAtMin = 40, 30
	set := func(name string) Config {
		p, _ := ParseSet(name)
		c := c
		c.Protections = p
		return c
	}
	none, cut, keep := run(t, set("none")), run(t, set("cut")), run(t, set("keep-on-error"))
	at := func(min int) int { return LeadMin + min }
	if !reflect.DeepEqual(none.Series[:at(c.CutAtMin)], cut.Series[:at(c.CutAtMin)]) || reflect.DeepEqual(none.Series, cut.Series) {
		t.Errorf("none and cut part elsewhere than at the cut")
	}
	if !reflect.DeepEqual(none.Series[:at(c.FixAtMin)], keep.Series[:at(c.FixAtMin)]) {
		t.Errorf("none and keep-on-error part before the fix")
	}
}

// A run is its config and seed: the same twice; another seed, another
// afternoon.
func TestDeterministic(t *testing.T) {
	enginetest.Deterministic(t, New, short(with("cut+backoff")), func(c *Config) { c.Seed++ }, func(r Result) any { return r.Series })
}

// Every read is accounted for at every second: a hit, served, lost after
// its tries, failed fast by a client backing off, or still being tried;
// the entries valid are counted right; the database answers at most its
// capacity.
func TestInvariants(t *testing.T) {
	for _, set := range []string{"none", "cut", "backoff", "keep-on-error", "coalesce", "coalesce+backoff"} {
		c := with(set)
		c.Entries, c.Clients, c.RunMin, c.FixAtMin, c.CutAtMin, c.OffMin, c.RampMin = 200, 300, 40, 5, 20, 2, 5
		e, _ := New(c)
		for e.Step() {
			s := e.Snapshot()
			tot := s.Totals
			sum := tot.Hits + tot.Served + tot.Lost + tot.FailedFast + s.InFlight
			if math.Abs(sum-tot.Reads) > 1e-6*max(1, tot.Reads) {
				t.Fatalf("%s, second %d: %.3f reads, %.3f accounted for", set, s.Second, tot.Reads, sum)
			}
			n := 0
			for _, st := range e.state {
				if st == valid {
					n++
				}
			}
			if n != s.Valid || s.Last.Answered > c.Capacity*(1+1e-12) || s.Backing > c.Clients {
				t.Fatalf("%s, second %d: %d valid, counted %d; %.0f answered", set, s.Second, n, s.Valid, s.Last.Answered)
			}
		}
	}
}

// The moments follow the lecture's timeline, each at the model's time
// for it.
func TestMomentsFollowTheTimeline(t *testing.T) {
	r := run(t, with("cut"))
	var got []string
	for _, m := range r.Moments {
		at, _, _ := strings.Cut(m.Caption, ": ")
		got = append(got, at)
	}
	if want := "0:00, 0:00, 0:15, 0:15, 1:45, 2:00, 2:29"; strings.Join(got, ", ") != want {
		t.Errorf("moments at %v, want %s", got, want)
	}
	tl := DefaultConfig().Timeline()
	if len(tl) != 6 || tl[0].Phase != Trigger || tl[2].Clock() != "0:15" || tl[3].Phase != Recover || tl[5].Clock() != "2:30" {
		t.Errorf("timeline %+v", tl)
	}
}

// A step allocates nothing, in the storm or under backoff.
func TestStepDoesNotAllocate(t *testing.T) {
	for _, set := range []string{"none", "backoff"} {
		e, _ := New(with(set))
		for e.now < e.fix+5 {
			e.Step()
		}
		if n := testing.AllocsPerRun(50, func() { e.Step() }); n != 0 {
			t.Errorf("%s: %v allocations a step", set, n)
		}
	}
}

// The report runs every set on one seed and stops when asked.
func TestRunAndCancel(t *testing.T) {
	s := DefaultSpec()
	s.RunMin, s.CutAtMin = 30, 30
	rep, err := s.Run(context.Background(), nil)
	if err != nil || len(rep.Runs) != 2 || rep.Runs[0].Set != "cut" || rep.Runs[1].Set != "cut+backoff" {
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
		{Edit: func(s *Spec) { s.Entries = 0 }, Says: "entries must be in 1..100000"},
		{Edit: func(s *Spec) { s.Reads = 0 }, Says: "reads must be in (0, 1e7]"},
		{Edit: func(s *Spec) { s.Attempts = 11 }, Says: "attempts must be in 1..10"},
		{Edit: func(s *Spec) { s.FixAtMin = 181 }, Says: "fix-at-min must be in 0..run-min (180)"},
		{Edit: func(s *Spec) { s.Runs = "cut+cut" }, Says: "runs must name each protection of a run once"},
		{Edit: func(s *Spec) { s.BackoffMaxS = 0 }, Says: "backoff-max-s must be in backoff-base-s (1)"},
		{Edit: func(s *Spec) { s.Runs = "cut,cut" }, Says: `runs lists "cut" twice`},
		{Edit: func(s *Spec) { s.Runs = "backoff+cut,cut+backoff" }, Says: `runs lists "cut+backoff" twice`},
		{Edit: func(s *Spec) { s.Runs = "retry" }, Says: "runs must list none, or cut, backoff, keep-on-error and coalesce joined by +"},
		{Edit: func(s *Spec) { s.Runs = "none,cut,backoff,keep-on-error,cut+backoff" }, Says: "runs lists at most 4 sets"},
	})
}

// The durations read as a class says them.
func TestSpanAndElapsed(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{Span(3), "3 s"}, {Span(119), "119 s"}, {Span(42 * 60), "42 min"}, {Span(110 * 60), "1 h 50 min"}, {Span(3599), "1 h"}, {Span(8082), "2 h 15 min"}, {Span(2 * 3600), "2 h"},
		{Elapsed(-5), "-0:05"}, {Elapsed(150), "2:30"}, {ElapsedS(8982), "2:29:42"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
