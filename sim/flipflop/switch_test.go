package flipflop

import (
	"reflect"
	"testing"

	"github.com/loadlab/loadlab/internal/enginetest"
	"github.com/loadlab/loadlab/sim/engine"
)

// A switch scheduled for a second is the run whose engine was switched by
// hand at that second (as the lab does on a key): hysteresis on at 6:00
// AM, the cap at 6:00 and off again at 8:00, the automation off at 7:00
// and on again at 11:00.
func TestSwitchAtASecondIsTheScheduledRun(t *testing.T) {
	at := func(h, m int) float64 { return Unit.Clock(60*h + m) }
	enginetest.Scheduled[Config, Result](t, New, DefaultConfig(), func(c *Config) *string { return &c.Switches },
		[]engine.Switch{{Name: "hysteresis", Value: "on", At: at(6, 0)}},
		[]engine.Switch{{Name: "cap", Value: "on", At: at(6, 0)}, {Name: "cap", Value: "off", At: at(8, 0)}},
		[]engine.Switch{{Name: "automation", Value: "off", At: at(7, 0)}, {Name: "automation", Value: "on", At: at(11, 0)}})
}

// The lecture's switch-off at 9:36 AM, made as a switch on a morning
// whose automation is never switched off, is the lecture's morning.
func TestAutomationOffAt936IsTheLecturesMorning(t *testing.T) {
	lecture := DefaultConfig()
	c := lecture
	c.DisableAtMin, c.Switches = c.DurationMin, "automation=off@9:36am"
	got, want := run(t, c), run(t, lecture)
	got.Switches = nil
	if !reflect.DeepEqual(got, want) {
		t.Errorf("switched off at 9:36 AM: %d writes, %d left at the end; the lecture's morning: %d, %d", got.DNSWrites, got.FinalBacklog, want.DNSWrites, want.FinalBacklog)
	}
}

// run runs c to its end.
func run(t *testing.T, c Config) Result {
	t.Helper()
	e, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	for e.Step() {
	}
	return e.Result()
}
