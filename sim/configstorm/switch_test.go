package configstorm

import (
	"reflect"
	"testing"

	"github.com/loadlab/loadlab/internal/enginetest"
	"github.com/loadlab/loadlab/sim/engine"
)

// A switch scheduled for a second is the run whose engine was switched by
// hand at that second; the site turned off by a switch at the lecture's
// time is the cut run.
func TestSwitchAtASecondIsTheScheduledRun(t *testing.T) {
	base := DefaultConfig()
	enginetest.Scheduled[Config, Result](t, New, base, func(c *Config) *string { return &c.Switches },
		[]engine.Switch{{Name: "backoff", Value: "on", At: 600}},
		[]engine.Switch{{Name: "coalesce", Value: "on", At: 500}, {Name: "keep-on-error", Value: "on", At: 700}, {Name: "cut", Value: "on", At: 900}})
	cut := base
	cut.Cut = true
	c := base
	c.Switches = engine.FormatSwitches([]engine.Switch{{Name: "cut", Value: "on", At: float64(60 * (LeadMin + base.CutAtMin))}})
	got, want := enginetest.Play[Config, Result](t, New, c), enginetest.Play[Config, Result](t, New, cut)
	got.Switches, got.Set = nil, want.Set
	if !reflect.DeepEqual(got, want) {
		t.Errorf("the site turned off by a switch at the lecture's time: back at %d s; the cut run: %d s", got.BackAtS, want.BackAtS)
	}
}
