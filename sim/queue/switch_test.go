package queue

import (
	"reflect"
	"testing"

	"github.com/loadlab/loadlab/sim/engine"
)

// A switch scheduled for a time is the same run as one whose Sim was
// switched by hand at that time (as the lab does on a key): the same
// figures and switches, to the event. Each knob, and a policy for each
// policy that keeps structures of its own (buckets, a board, credits,
// averages).
func TestSwitchAtATimeIsTheScheduledRun(t *testing.T) {
	base := Config{Servers: 200, Slow: 20, SlowSpeed: 0.5, Gray: 4, GraySpeed: 5, GrayFail: 1, Health: DefaultHealth(), Load: 0.85, Policy: Random, D: 2, Refresh: 2, Decay: 50, Seed: 3, Warmup: 20, Time: 120}
	for _, switches := range [][]engine.Switch{
		{{Name: "policy", Value: "jsq", At: 40}},
		{{Name: "policy", Value: "stale-d", At: 40}},
		{{Name: "policy", Value: "wrr", At: 40}},
		{{Name: "policy", Value: "peak-ewma", At: 40}},
		{{Name: "policy", Value: "jsq-d", At: 40}, {Name: "d", Value: "3", At: 40}},
		{{Name: "load", Value: "0.6", At: 40}, {Name: "policy", Value: "round-robin", At: 70.5}},
		{{Name: "eject", Value: "on", At: 40}, {Name: "panic", Value: "0", At: 80}},
	} {
		c := base
		c.Switches = switches
		s, err := New(c)
		if err != nil {
			t.Fatal(err)
		}
		s.Advance(c.Time)
		scheduled := s.Result()
		h, _ := New(base)
		for _, sw := range switches {
			h.Advance(sw.At)
			if _, err := h.Switch(sw.Name, sw.Value); err != nil {
				t.Fatal(err)
			}
		}
		h.Advance(c.Time)
		if byHand := h.Result(); !reflect.DeepEqual(byHand, scheduled) {
			t.Errorf("%s: by hand mean %v after %d events; scheduled %v after %d",
				engine.FormatSwitches(switches), byHand.MeanQueue, byHand.Events, scheduled.MeanQueue, scheduled.Events)
		}
	}
}

// Up to a switch the run is the run without it; after, the new policy
// holds: random switched to jsq at 300 ends with queues that differ by
// at most one from the shortest, as jsq keeps them (every server had
// emptied and refilled under it long before the end).
func TestSwitchChangesOnlyWhatFollows(t *testing.T) {
	c := Config{Servers: 100, Load: 0.9, Policy: Random, D: 2, Seed: 5, Warmup: 0, Time: 600}
	plain, _ := New(c)
	c.Switches = []engine.Switch{{Name: "policy", Value: "jsq", At: 300}}
	switched, _ := New(c)
	plain.Advance(300)
	switched.Advance(300)
	if !reflect.DeepEqual(plain.Jobs(), switched.Jobs()) {
		t.Fatal("before the switch the queues differ from the run without it")
	}
	switched.Advance(600)
	lo, hi := int32(1<<30), int32(0)
	for _, q := range switched.Jobs() {
		lo, hi = min(lo, q), max(hi, q)
	}
	if hi-lo > 1 {
		t.Errorf("after switching to jsq the queues span %d..%d; jsq keeps them within one", lo, hi)
	}
}
