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
	base := DefaultConfig()
	base.Hours = 12
	enginetest.Scheduled[Config, Result](t, New, base, func(c *Config) *string { return &c.Switches },
		[]engine.Switch{{Name: "backoff", Value: "on", At: 120}},
		[]engine.Switch{{Name: "cap", Value: "on", At: 90}, {Name: "bulkhead", Value: "on", At: 150}, {Name: "cap", Value: "off", At: 400}})
	withBackoff := base
	withBackoff.Backoff = true
	c := base
	c.Switches = "backoff=on@0"
	got, want := enginetest.Play[Config, Result](t, New, c), enginetest.Play[Config, Result](t, New, withBackoff)
	got.Switches, got.Set = nil, want.Set
	if !reflect.DeepEqual(got, want) {
		t.Errorf("backoff switched on at minute 0: peak %.4f; the backoff run: %.4f", got.PeakStuck, want.PeakStuck)
	}
}
