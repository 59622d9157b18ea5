package cascade

import (
	"math"
	"reflect"
	"testing"

	"github.com/loadlab/loadlab/sim/engine"
)

// runScheduled runs cfg to its end with switches scheduled.
func runScheduled(t *testing.T, cfg Config, switches ...engine.Switch) Result {
	t.Helper()
	cfg.Switches = switches
	e, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for e.Step() {
	}
	return e.Result()
}

// A switch scheduled for a time is the same run as one whose engine was
// switched by hand at that tick (as the lab does on a key): the same
// figures, samples, moments and switches, to the tick. Each knob, on the
// lecture's run, at 20 s (mid-slowdown) and, for two at once, at 27.5 s.
func TestSwitchAtATickIsTheScheduledRun(t *testing.T) {
	cases := [][]engine.Switch{
		{{Name: "breaker", Value: "on", At: 20}},
		{{Name: "bulkhead", Value: "on", At: 20}},
		{{Name: "retry", Value: "backoff", At: 20}},
		{{Name: "timeout", Value: "tuned", At: 20}},
		{{Name: "shed", Value: "on", At: 20}},
		{{Name: "set", Value: "S6", At: 20}},
		{{Name: "rate", Value: "200", At: 20}},
		{{Name: "budget", Value: "on", At: 27.5}, {Name: "retry", Value: "immediate", At: 27.5}},
	}
	if testing.Short() {
		cases = cases[:2]
	}
	for _, switches := range cases {
		cfg := DefaultConfig()
		cfg.Duration = 40
		scheduled := runScheduled(t, cfg, switches...)
		e, _ := New(cfg)
		for e.Step() {
			if e.tick == int(switches[0].At/cfg.DT+0.5)+1 { // the tick at its time has run
				for _, sw := range switches {
					got, err := e.Switch(sw.Name, sw.Value)
					if err != nil || math.Abs(got.At-sw.At) > 1e-9 {
						t.Fatalf("%s=%s by hand: %v at %v s, want %v s", sw.Name, sw.Value, err, got.At, sw.At)
					}
				}
			}
		}
		if byHand := e.Result(); !reflect.DeepEqual(byHand, scheduled) {
			t.Errorf("%s: by hand success %d/%d, %d moments; scheduled %d/%d, %d moments",
				engine.FormatSwitches(switches), byHand.OK, byHand.Arrived, len(byHand.Moments), scheduled.OK, scheduled.Arrived, len(scheduled.Moments))
		}
	}
}

// Up to a switch the run is the run without it; from the switch on it
// differs (the breaker, switched on in the slowdown, fails calls fast).
func TestSwitchChangesOnlyWhatFollows(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Duration = 30
	cfg.Tuned = true
	plain := runScheduled(t, cfg)
	switched := runScheduled(t, cfg, engine.Switch{Name: "breaker", Value: "on", At: 20})
	for i, s := range switched.Samples {
		if s.T <= 20 && !reflect.DeepEqual(s, plain.Samples[i]) {
			t.Errorf("at %v s, before the switch, the sample differs: %+v against %+v", s.T, s, plain.Samples[i])
		}
	}
	if switched.FastFail == 0 || plain.FastFail != 0 {
		t.Errorf("fast fails: %d with the breaker from 20 s, %d without; want some and none", switched.FastFail, plain.FastFail)
	}
	if len(switched.Switches) != 1 || switched.Switches[0].At != 20 {
		t.Errorf("switches reported %v, want breaker=on at 20 s", switched.Switches)
	}
}

// A preset switched at t = 0 is that preset from the start: S6 from 0 s
// equals S6, the lecture's figures unchanged.
func TestSwitchAtZeroIsFromTheStart(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Duration = 40
	s6 := cfg
	s6.Protections = Presets[5].Protections
	want := runScheduled(t, s6)
	got := runScheduled(t, cfg, engine.Switch{Name: "set", Value: "S6", At: 0})
	got.Switches = nil
	if !reflect.DeepEqual(got, want) {
		t.Errorf("S6 switched at 0 s: success %d/%d, fast fails %d; S6: %d/%d, %d", got.OK, got.Arrived, got.FastFail, want.OK, want.Arrived, want.FastFail)
	}
}

// A bulkhead switched on mid-run never lets svc's pools together take
// more threads than svc has, and each pool comes within its size once
// the over-full one drains.
func TestBulkheadSwitchedOnKeepsTheThreads(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Duration = 40
	cfg.Switches = []engine.Switch{{Name: "bulkhead", Value: "on", At: 20}}
	e, _ := New(cfg)
	within := false
	for e.Step() {
		l := e.layers[svcLayer]
		if l.totalUsed() > cfg.SvcSlots {
			t.Fatalf("at %v s svc has %d threads taken of %d", e.now, l.totalUsed(), cfg.SvcSlots)
		}
		if e.now > 20 && len(l.used) == 2 && l.used[0] <= cfg.BulkheadDB && l.used[1] <= cfg.BulkheadAux {
			within = true
		}
	}
	if !within {
		t.Error("svc's pools never came within their bulkhead sizes after the switch")
	}
}
