package siteoutage

import (
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/loadlab/loadlab/internal/costcheck"
	"github.com/loadlab/loadlab/internal/enginetest"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/placement"
)

func run(t *testing.T, c Config) (*Engine, Result) {
	t.Helper()
	e, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	for e.Step() {
		e.check(t)
	}
	return e, e.Result()
}

// check is the run's invariants: counts within their bounds, power to
// spare never below zero, and the servers on standbys, waiting and on
// trucks those of the customers in those states.
func (e *Engine) check(t *testing.T) {
	t.Helper()
	var standbyN, waitingN, movingN, running [3]int
	for _, cu := range e.cust {
		switch cu.state {
		case standby:
			standbyN[0] += int(cu.servers)
		case waiting:
			waitingN[0] += int(cu.servers)
		case moving:
			movingN[0] += int(cu.servers)
		}
		if cu.state.running() {
			running[cu.group]++
		}
	}
	if standbyN[0] != e.onStandby || waitingN[0] != e.waitingServers || movingN[0] != e.moving || running != e.running {
		t.Fatalf("minute %d: standby %d/%d, waiting %d/%d, moving %d/%d, running %v/%v", e.now, standbyN[0], e.onStandby,
			waitingN[0], e.waitingServers, movingN[0], e.moving, running, e.running)
	}
	for s, sp := range e.spare {
		if sp < 0 {
			t.Fatalf("minute %d: site %d has %d servers of power to spare", e.now, s, sp)
		}
	}
	if e.darkServers < 0 || e.darkServers > e.cfg.Servers() {
		t.Fatalf("minute %d: %d dark servers", e.now, e.darkServers)
	}
}

// The lecture's facts come out of the default run: 9,000 servers of
// 7,500 customers dark at 5:55 PM on May 31, staff in at 10 PM, floor two
// at 5 PM on June 2, floor one rack by rack on June 4.
func TestTheLecturesTimeline(t *testing.T) {
	_, r := run(t, DefaultConfig())
	want := []string{"May 31 5:55 PM: H1 goes dark", "9,000 servers of 7,500 customers down", "May 31 10:00 PM: staff are let in",
		"Jun 2 5:00 PM: power is back on floor two", "Jun 4 9:00 AM: floor one comes back rack by rack"}
	var all []string
	for _, m := range r.Moments {
		all = append(all, m.Caption)
	}
	joined := strings.Join(all, "\n")
	for _, w := range want {
		if !strings.Contains(joined, w) {
			t.Errorf("no moment says %q:\n%s", w, joined)
		}
	}
	if r.Moments[0].Step != 12 { // 5:55 PM is in the twelfth five minutes from 5:00 PM
		t.Errorf("the explosion is a moment at step %d", r.Moments[0].Step)
	}
	total := 0
	for _, g := range r.Groups {
		total += g.Servers
	}
	if total != 9000 {
		t.Errorf("%d servers", total)
	}
}

// A site failure: every one-site customer is down until its floor's power
// or a truck; a drilled failover with power to spare keeps customers of
// two providers (and, the site alone dark, of one city) down only while
// it runs. A city's feed takes the correlated pair's standbys with it.
func TestWhoSurvivesTheBuilding(t *testing.T) {
	c := DefaultConfig()
	c.Protections = Protections{Reserve: true, Drills: true}
	e, r := run(t, c)
	downs := e.DownHours()
	entryAndDrive := float64(c.EntryMin+c.DriveMin) / 60
	long := 0
	for _, d := range downs[0] {
		if d < entryAndDrive {
			t.Fatalf("a one-site customer was down only %.2f h, before any truck could arrive", d)
		}
		if d >= float64(c.Floor2Min)/60 {
			long++
		}
	}
	if share := float64(long) / float64(len(downs[0])); share < 0.6 {
		t.Errorf("only %.0f%% of one-site customers down until floor two's power", 100*share)
	}
	for g := 1; g < 3; g++ {
		if got := r.Groups[g].MaxDownH; got != float64(c.FailoverMin)/60 {
			t.Errorf("%s: down up to %.2f h with the standby drilled and the power reserved", GroupName(g), got)
		}
	}
	c.Fault = placement.CityFailure
	_, r = run(t, c)
	if r.Groups[1].MedianDownH < float64(c.Floor2Min)/60-1 || r.Groups[2].MaxDownH != float64(c.FailoverMin)/60 {
		t.Errorf("the feed cut: one-city down %.2f h at the median, cross-provider up to %.2f h", r.Groups[1].MedianDownH, r.Groups[2].MaxDownH)
	}
}

// Failover is limited by the power the surviving sites have to spare: as
// it was only part of the moved load runs; with the reserve all of it.
// Untested, a share of failovers fail; drilled, none.
func TestOnlyPartOfTheMovedLoadRuns(t *testing.T) {
	c := DefaultConfig()
	_, asItWas := run(t, c)
	if asItWas.FailoverRunShare > 0.6 || asItWas.FailoverRunShare < 0.2 {
		t.Errorf("as it was %.0f%% of the moved load runs", 100*asItWas.FailoverRunShare)
	}
	if asItWas.BrokenFailovers == 0 || asItWas.DallasFullAt == "" {
		t.Errorf("as it was: %d broken failovers, Dallas full at %q", asItWas.BrokenFailovers, asItWas.DallasFullAt)
	}
	c.Protections = Protections{Reserve: true}
	_, reserved := run(t, c)
	if reserved.FailoverRunShare != 1 || reserved.FailoverServers != asItWas.FailoverServers {
		t.Errorf("reserved: %.0f%% of %d servers run (as it was %d)", 100*reserved.FailoverRunShare, reserved.FailoverServers, asItWas.FailoverServers)
	}
	c.Protections = Protections{Drills: true}
	_, drilled := run(t, c)
	if drilled.BrokenFailovers != 0 || drilled.FailoverServers <= asItWas.FailoverServers {
		t.Errorf("drilled: %d broken, %d servers moved", drilled.BrokenFailovers, drilled.FailoverServers)
	}
	// The year: the one-site customer's is far below what was bought,
	// and three days is the lecture's 99.18 %.
	if a := asItWas.Groups[0].YearAvailability; a > 0.995 || a < 0.985 {
		t.Errorf("one-site year %.4f", a)
	}
}

// The same seed gives the same run; protection sets meet the same
// customers, servers and placements.
func TestDeterministicAndPaired(t *testing.T) {
	c := DefaultConfig()
	_, a := run(t, c)
	_, b := run(t, c)
	if !reflect.DeepEqual(a, b) {
		t.Errorf("two runs on one seed differ")
	}
	c.Protections = Protections{Reserve: true, Drills: true}
	_, p := run(t, c)
	for g := range a.Groups {
		if a.Groups[g].Customers != p.Groups[g].Customers || a.Groups[g].Servers != p.Groups[g].Servers {
			t.Errorf("%s: %d customers on %d servers, protected %d on %d", a.Groups[g].Placement, a.Groups[g].Customers, a.Groups[g].Servers,
				p.Groups[g].Customers, p.Groups[g].Servers)
		}
	}
	c.Seed++
	_, d := run(t, c)
	if reflect.DeepEqual(a.Groups, d.Groups) {
		t.Errorf("another seed gives the same groups")
	}
}

// Every field is checked, named, with its range.
func TestFieldsAreChecked(t *testing.T) {
	for _, c := range []struct {
		edit  func(*Spec)
		field string
	}{
		{func(s *Spec) { s.Seed = -1 }, "seed"},
		{func(s *Spec) { s.Customers = 4000 }, "customers"},
		{func(s *Spec) { s.Customers = 9001 }, "customers"},
		{func(s *Spec) { s.RacksPerFloor = 0 }, "racks-per-floor"},
		{func(s *Spec) { s.ServersPerRack = 600000 }, "servers-per-rack"},
		{func(s *Spec) { s.OneCity = 1.5 }, "one-city"},
		{func(s *Spec) { s.OneCity, s.CrossProvider = 0.7, 0.5 }, "cross-provider"},
		{func(s *Spec) { s.Spare = -0.1 }, "spare"},
		{func(s *Spec) { s.Reserved = 2 }, "reserved"},
		{func(s *Spec) { s.Broken = 1.01 }, "broken"},
		{func(s *Spec) { s.TruckRate = -1 }, "truck-rate"},
		{func(s *Spec) { s.RacksPerHour = 0 }, "racks-per-hour"},
		{func(s *Spec) { s.RacksPerHour = 0.001 }, "racks-per-hour"},
		{func(s *Spec) { s.Fault = "az" }, "fault"},
		{func(s *Spec) { s.Target = 0.3 }, "target"},
		{func(s *Spec) { s.FailoverMin = -1 }, "failover-min"},
		{func(s *Spec) { s.Floor2Min = 0 }, "floor2-min"},
		{func(s *Spec) { s.Floor1Min = MaxMinutes + 1 }, "floor1-min"},
		{func(s *Spec) { s.Runs = "none,none" }, "runs"},
		{func(s *Spec) { s.Runs = "fast" }, "runs"},
	} {
		s := DefaultSpec()
		c.edit(&s)
		fe, ok := engine.AsField(s.Validate())
		if !ok || fe.Field != c.field {
			t.Errorf("%+v: %v, want an error naming %s", s, s.Validate(), c.field)
		}
	}
}

// Each step moves Pos on by one; the run is its Steps long.
func TestSteps(t *testing.T) {
	e, _ := New(DefaultConfig())
	n := int64(0)
	for e.Step() {
		n++
		if e.Pos().Step != n {
			t.Fatalf("after %d steps Pos is %+v", n, e.Pos())
		}
	}
	if n != e.Steps() || e.Pos().At != float64(e.cfg.Minutes()) {
		t.Errorf("%d steps of %d, ending at %v min", n, e.Steps(), e.Pos().At)
	}
}

// A step allocates nothing but its series' chunks and its moments.
func TestStepDoesNotAllocate(t *testing.T) {
	e, _ := New(DefaultConfig())
	for range 200 {
		e.Step()
	}
	if n := testing.AllocsPerRun(100, func() { e.Step() }); n > 0.5 {
		t.Errorf("a step allocates %v times", n)
	}
}

// costCases span the cost model: the lecture's days, a million servers,
// four runs, and a month before floor one.
var costCases = []costcheck.Case[Spec]{
	{Name: "the days"},
	{Name: "a million servers", Edit: func(s *Spec) { s.RacksPerFloor, s.ServersPerRack, s.Customers, s.Runs = 5000, 100, 800000, "none" }},
	{Name: "every set", Edit: func(s *Spec) { s.Runs = "none,reserve,drills,both" }},
	{Name: "a month", Edit: func(s *Spec) { s.Floor1Min, s.RacksPerHour = MaxMinutes-2000, 10 }},
}

// BenchmarkCostModel reports, per case, the estimated over the measured
// work and the estimated over the measured peak heap: the acceptance
// bounds are 0.5..2 for time and at least 1/1.5 for memory.
func BenchmarkCostModel(b *testing.B) { costcheck.Benchmark(b, DefaultSpec, costCases) }

// BenchmarkDays is the default spec's two runs.
func BenchmarkDays(b *testing.B) { enginetest.BenchRun(b, DefaultSpec().Run) }

// BenchmarkStep is five minutes of the trucks' night.
func BenchmarkStep(b *testing.B) {
	enginetest.BenchStep(b, enginetest.Until(New, DefaultConfig(), func(*Engine) bool { return false }))
}

// The groups' mean downtime kept as it goes equals the customers'
// downtime summed, at every step.
func TestMeanDownHoursAsItGoes(t *testing.T) {
	c := DefaultConfig()
	c.Fault = placement.CityFailure
	e, _ := New(c)
	for e.Step() {
		if e.now%600 != 0 {
			continue
		}
		means := e.MeanDownHours()
		for g, downs := range e.DownHours() {
			sum := 0.0
			for _, d := range downs {
				sum += d
			}
			if want := sum / float64(len(downs)); math.Abs(means[g]-want) > 1e-9*max(1, want) {
				t.Fatalf("minute %d, %s: mean %v, summed %v", e.now, GroupName(g), means[g], want)
			}
		}
	}
}
