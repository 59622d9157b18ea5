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
	for _, switches := range [][]engine.Switch{
		{{Name: "backoff", Value: "on", At: 600}},
		{{Name: "coalesce", Value: "on", At: 500}, {Name: "keep-on-error", Value: "on", At: 700}, {Name: "cut", Value: "on", At: 900}},
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
	cut := base
	cut.Cut = true
	c := base
	c.Switches = engine.FormatSwitches([]engine.Switch{{Name: "cut", Value: "on", At: float64(60 * (LeadMin + base.CutAtMin))}})
	got, want := runTo(c), runTo(cut)
	got.Switches, got.Set = nil, want.Set
	if !reflect.DeepEqual(got, want) {
		t.Errorf("the site turned off by a switch at the lecture's time: back at %d s; the cut run: %d s", got.BackAtS, want.BackAtS)
	}
}
