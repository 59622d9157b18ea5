package leasestorm

import (
	"reflect"
	"testing"

	"github.com/loadlab/loadlab/internal/enginetest"
	"github.com/loadlab/loadlab/sim/engine"
)

// A switch scheduled for a second is the run whose engine was switched by
// hand at that second (as the lab does on a key), to the second: the
// throttle on at 3:00 AM, off again at 4:00, drop-stale, the cap and the
// rate.
func TestSwitchAtASecondIsTheScheduledRun(t *testing.T) {
	three, four := Unit.Clock(3*60), Unit.Clock(4*60)
	base := DefaultConfig()
	base.Droplets, base.AfterMin = 8000, 150
	enginetest.Scheduled[Config, Result](t, New, base, func(c *Config) *string { return &c.Switches },
		[]engine.Switch{{Name: "throttle", Value: "on", At: three}},
		[]engine.Switch{{Name: "throttle", Value: "on", At: three}, {Name: "throttle", Value: "off", At: four}},
		[]engine.Switch{{Name: "drop-stale", Value: "on", At: three}, {Name: "cap", Value: "100", At: three}},
		[]engine.Switch{{Name: "rate", Value: "20", At: four}})
}

// The lecture's night, throttled from 4:14 AM by a switch on a run with
// no protection, is the throttle run: the operators' action at a time of
// day is the protection set the lecture models.
func TestThrottleSwitchedAt414IsTheThrottleRun(t *testing.T) {
	c := DefaultConfig()
	throttled := c
	throttled.Throttle = true
	c.Switches = "throttle=on@4:14am"
	e, err := New(c)
	if err == nil {
		var want *Engine
		want, err = New(throttled)
		for e.Step() {
			want.Step()
		}
		got, w := e.Result(), want.Result()
		got.Set, got.Switches = w.Set, nil
		if !reflect.DeepEqual(got, w) {
			t.Errorf("throttle switched on at 4:14 AM: recovered %s, granted %d; the throttle run: %s, %d", got.RecoveredClock, got.Granted, w.RecoveredClock, w.Granted)
		}
	}
	if err != nil {
		t.Fatal(err)
	}
}
