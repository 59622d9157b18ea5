package engine_test

import (
	"testing"

	"github.com/loadlab/loadlab/sim/avail"
	"github.com/loadlab/loadlab/sim/bins"
	"github.com/loadlab/loadlab/sim/cascade"
	"github.com/loadlab/loadlab/sim/configstorm"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/flipflop"
	"github.com/loadlab/loadlab/sim/interleave"
	"github.com/loadlab/loadlab/sim/leasestorm"
	"github.com/loadlab/loadlab/sim/placement"
	"github.com/loadlab/loadlab/sim/queue"
	"github.com/loadlab/loadlab/sim/remirror"
	"github.com/loadlab/loadlab/sim/siteoutage"
)

// steppers builds each stepping engine on a small config.
func steppers(t *testing.T) map[string]engine.Stepper {
	t.Helper()
	must := func(s engine.Stepper, err error) engine.Stepper {
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	b := bins.DefaultSpec()
	b.Bins, b.Balls, b.Trials = 16, 40, 3
	bcfg, err := b.Config()
	if err != nil {
		t.Fatal(err)
	}
	c := cascade.DefaultConfig()
	c.Duration = 2
	p := placement.DefaultSpec()
	p.Trials = 3
	d := placement.DefaultDurabilitySpec()
	d.Years, d.Objects = 1, 50
	q := queue.DefaultSpec()
	q.Servers, q.Time, q.Warmup = 50, 20, 5
	qcfg, err := q.Configs()
	if err != nil {
		t.Fatal(err)
	}
	race := interleave.Race{Enactors: 2, Records: 2, Atomic: interleave.AtomicCleanup}
	timing := interleave.TimingConfig{Seed: 425, Trials: 1234, StepMs: 1, PlanGapMs: 100, StallChance: 0.5, StallMs: []float64{0, 100}, Races: []interleave.Race{race}}

	all := map[string]engine.Stepper{
		"dns-race player": must(interleave.NewPlayer(race, race.Lecture())),
		"dns-race timing": must(interleave.NewTiming(timing)),
		"bins":            must(bins.New(bcfg)),
		"cascade":         must(cascade.New(c)),
		"placement":       must(placement.NewTable(p)),
		"durability":      must(placement.NewDurability(d)),
		"supermarket":     must(queue.New(qcfg[0])),
		"avail watch":     must(avail.NewWatch(avail.DefaultSpec())),
	}
	ls := leasestorm.DefaultConfig()
	ls.Droplets, ls.OutageMin, ls.AfterMin = 500, 3, 3
	ff := flipflop.DefaultConfig()
	ff.DurationMin, ff.SlowFromMin = 4, 1
	all["lease-storm"] = must(leasestorm.New(ls))
	all["health-flip-flop"] = must(flipflop.New(ff))
	rm := remirror.DefaultConfig()
	rm.Volumes, rm.Nodes, rm.Hours = 2000, 40, 13
	all["remirror"] = must(remirror.New(rm))
	so := siteoutage.DefaultConfig()
	so.RacksPerFloor, so.ServersPerRack, so.Customers, so.Floor2Min, so.Floor1Min = 4, 5, 30, 300, 600
	all["site-outage"] = must(siteoutage.New(so))
	cs := configstorm.DefaultConfig()
	cs.Entries, cs.RunMin, cs.FixAtMin, cs.CutAtMin, cs.Cut, cs.Backoff = 50, 4, 1, 2, true, true
	all["config-storm"] = must(configstorm.New(cs))
	return all
}

// Every engine keeps the one stepping contract: a Step that runs moves
// Pos on by one, Step is false exactly when Done, and the run's length is
// the steps it took.
func TestEveryEngineStepsByOne(t *testing.T) {
	for name, e := range steppers(t) {
		t.Run(name, func(t *testing.T) {
			if p := e.Pos(); p.Step != 0 || p.Steps < 1 || p.Unit == "" {
				t.Fatalf("a new engine is at %+v", p)
			}
			n := int64(0)
			for e.Step() {
				n++
				if p := e.Pos(); p.Step != n {
					t.Fatalf("after %d steps Pos is %+v", n, p)
				}
			}
			if !e.Done() || e.Pos().Steps != n {
				t.Errorf("ended after %d steps: done %v, Pos %+v", n, e.Done(), e.Pos())
			}
		})
	}
}
