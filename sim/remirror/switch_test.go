package remirror

import (
	"reflect"
	"testing"

	"github.com/loadlab/loadlab/sim/engine"
)

// A switch scheduled for a minute is the run whose engine was switched by
// hand at that minute (as the lab does on a key); backoff switched on at
// minute 0 is the backoff run from the start.
func TestSwitchAtAMinuteIsTheScheduledRun(t *testing.T) {
	runTo := func(c Config, byHand []engine.Switch) Result {
		e, err := New(c)
		if err != nil {
			t.Fatal(err)
		}
		for e.Step() {
			for _, sw := range byHand {
				if float64(e.now) == sw.At {
					if _, err := e.Switch(sw.Name, sw.Value); err != nil {
						t.Fatal(err)
					}
				}
			}
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
		if scheduled, byHand := runTo(c, nil), runTo(base, switches); !reflect.DeepEqual(scheduled, byHand) {
			t.Errorf("%s: scheduled peak %.4f at %d, by hand %.4f at %d", c.Switches, scheduled.PeakStuck, scheduled.PeakAt, byHand.PeakStuck, byHand.PeakAt)
		}
	}
	withBackoff := base
	withBackoff.Backoff = true
	c := base
	c.Switches = "backoff=on@0"
	got, want := runTo(c, nil), runTo(withBackoff, nil)
	got.Switches, got.Set = nil, want.Set
	if !reflect.DeepEqual(got, want) {
		t.Errorf("backoff switched on at minute 0: peak %.4f; the backoff run: %.4f", got.PeakStuck, want.PeakStuck)
	}
}
