package remirror

import (
	"reflect"
	"testing"

	"github.com/loadlab/loadlab/internal/enginetest"
	"github.com/loadlab/loadlab/sim/engine"
)

// A switch scheduled for a minute is the run whose engine was switched by
// hand at that minute (as the lab does on a key); backoff switched on at
// minute 0 is the backoff run from the start.
func TestSwitchAtAMinuteIsTheScheduledRun(t *testing.T) {
	runTo := func(c Config) Result {
		e, err := New(c)
		if err != nil {
			t.Fatal(err)
		}
		for e.Step() {
		}
		return e.Result()
	}
	base := DefaultConfig()
	base.Hours = 12
	for _, switches := range [][]engine.Switch{
		{{Name: "backoff", Value: "on", At: 120}},
		{{Name: "cap", Value: "on", At: 90}, {Name: "bulkhead", Value: "on", At: 150}, {Name: "cap", Value: "off", At: 400}},
	} {
		c := base
		c.Switches = engine.FormatSwitches(switches)
		scheduled, err := New(c)
		if err != nil {
			t.Fatal(err)
		}
		byHand, _ := New(base)
		enginetest.SwitchedByHand[Result](t, scheduled, byHand, switches)
	}
	withBackoff := base
	withBackoff.Backoff = true
	c := base
	c.Switches = "backoff=on@0"
	got, want := runTo(c), runTo(withBackoff)
	got.Switches, got.Set = nil, want.Set
	if !reflect.DeepEqual(got, want) {
		t.Errorf("backoff switched on at minute 0: peak %.4f; the backoff run: %.4f", got.PeakStuck, want.PeakStuck)
	}
}
