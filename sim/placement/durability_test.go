package placement

import (
	"context"
	"slices"
	"testing"

	"github.com/loadlab/loadlab/sim/engine"
)

// Week by week, in every fleet: an object's replicas sit on distinct
// nodes, no more than R of them; the nodes' lists hold exactly the
// replicas; the reachable count is the replicas on nodes up now; and a
// lost object has no replica left.
func TestDurabilityInvariants(t *testing.T) {
	s := DefaultDurabilitySpec()
	s.Objects, s.Years, s.RackLossYears = 400, 6, 5
	d, err := NewDurability(s)
	if err != nil {
		t.Fatal(err)
	}
	for !d.Done() {
		d.Advance(Week)
		for _, f := range d.fleets {
			held := make([][]int, len(f.holds))
			for n, objs := range f.holds {
				for _, o := range objs {
					held[n] = append(held[n], int(o))
				}
			}
			for o, ob := range f.objects {
				if len(ob.nodes) > s.Replicas || len(slices.Compact(slices.Sorted(slices.Values(ob.nodes)))) != len(ob.nodes) {
					t.Fatalf("%s, %.2f years: object %d on nodes %v", f.strategy, d.Years(), o, ob.nodes)
				}
				reachable := 0
				for _, n := range ob.nodes {
					if !slices.Contains(held[n], o) {
						t.Fatalf("%s: object %d has a replica on node %d, which does not list it", f.strategy, o, n)
					}
					if f.up(n) {
						reachable++
					}
				}
				if reachable != ob.reachable {
					t.Fatalf("%s, %.2f years: object %d counts %d reachable replicas, %d are", f.strategy, d.Years(), o, ob.reachable, reachable)
				}
				if ob.gone != (len(ob.nodes) == 0) {
					t.Fatalf("%s: object %d gone=%v with replicas %v", f.strategy, o, ob.gone, ob.nodes)
				}
			}
		}
	}
}

// The lecture's lesson over years: greedy keeps every object in rack 0,
// so a destroyed rack 0 takes them all, while rack-aware and az-aware,
// one replica a rack, lose none to a rack; every strategy sees the same
// failures.
func TestDurabilityLesson(t *testing.T) {
	s := DefaultDurabilitySpec()
	s.Objects, s.RackLossYears, s.Years = 500, 3, 10
	d, err := NewDurability(s)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Run(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	rack0Lost := false
	for _, h := range d.failures {
		if h.kind == rackLoss && h.lo == 0 {
			rack0Lost = true
		}
	}
	for _, r := range d.Results() {
		switch r.Strategy {
		case "greedy":
			if want := map[bool]int{true: s.Objects, false: 0}[rack0Lost]; rack0Lost && r.Lost != want {
				t.Errorf("greedy lost %d objects; rack 0 destroyed: %v", r.Lost, rack0Lost)
			}
		case "rack-aware", "az-aware":
			if r.Lost != 0 {
				t.Errorf("%s lost %d objects to single-rack losses", r.Strategy, r.Lost)
			}
		}
	}
	if !rack0Lost {
		t.Log("rack 0 was never destroyed in this run; greedy's total loss goes unchecked")
	}
}

// A strategy that loses nothing has no first loss: null in JSON, not 0.
func TestNoLossHasNoFirstLossTime(t *testing.T) {
	d, err := NewDurability(DefaultDurabilitySpec())
	if err != nil {
		t.Fatal(err)
	}
	for !d.Done() {
		d.Advance(Week)
	}
	for _, r := range d.Results() {
		if (r.Lost == 0) != (r.FirstLossYears == nil) {
			t.Errorf("%s lost %d, first loss %v", r.Strategy, r.Lost, r.FirstLossYears)
		}
	}
}

// A shorter run is the start of a longer one: with the same seed, 2 years
// and 4 years meet the same failures and rebuild alike, so every count of
// the first 2 years (week by week, each year's end, the first losses) is
// the same in both.
func TestShorterRunIsTheStartOfALongerOne(t *testing.T) {
	for _, seed := range []int64{1, 3, 7, 425, 2026} {
		run := func(years float64) *Durability {
			s := DefaultDurabilitySpec()
			s.Seed, s.Objects, s.Years = seed, 200, years
			d, err := NewDurability(s)
			if err != nil {
				t.Fatal(err)
			}
			if err := d.Run(context.Background(), nil); err != nil {
				t.Fatal(err)
			}
			return d
		}
		short, long := run(2), run(4)
		for i, r := range short.Results() {
			shortMaj, shortLost := short.History(i)
			longMaj, longLost := long.History(i)
			for _, v := range [][2]engine.SeriesView{{shortMaj, longMaj}, {shortLost, longLost}} {
				for w := range v[0].Len() {
					if p := v[0].At(w); p.X < 2 && p != v[1].At(w) {
						t.Fatalf("seed %d, %s, week %d: %v in 2 years, %v in 4", seed, r.Strategy, w, p, v[1].At(w))
					}
				}
			}
			at2 := long.ByYear()[1].Strategies[i]
			if r.LostMajority != at2.LostMajority || r.Lost != at2.Lost {
				t.Errorf("seed %d, %s: 2 years end at %d short, %d lost; year 2 of 4 at %d, %d",
					seed, r.Strategy, r.LostMajority, r.Lost, at2.LostMajority, at2.Lost)
			}
			if lr := long.Results()[i]; r.FirstLossYears != nil && (lr.FirstLossYears == nil || *lr.FirstLossYears != *r.FirstLossYears) {
				t.Errorf("seed %d, %s: first loss at %v years in 2 years, %v in 4", seed, r.Strategy, *r.FirstLossYears, lr.FirstLossYears)
			}
		}
		if !slices.EqualFunc(short.ByYear(), long.ByYear()[:2], func(a, b DurabilityYear) bool {
			return a.Year == b.Year && slices.Equal(a.Strategies, b.Strategies)
		}) {
			t.Errorf("seed %d: years %+v in 2 years, %+v in 4", seed, short.ByYear(), long.ByYear()[:2])
		}
	}
}

// The years hold each whole year's counts, which never fall, and the
// last whole year's are the run's when the run ends on it.
func TestByYear(t *testing.T) {
	s := DefaultDurabilitySpec()
	s.Objects, s.Years = 300, 3.5
	d, err := NewDurability(s)
	if err != nil {
		t.Fatal(err)
	}
	if d.ByYear() == nil || len(d.ByYear()) != 0 {
		t.Fatalf("before the run, years %v", d.ByYear())
	}
	if err := d.Run(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	years := d.ByYear()
	if len(years) != 3 {
		t.Fatalf("%d whole years in 3.5", len(years))
	}
	for y, year := range years {
		if year.Year != y+1 || len(year.Strategies) != len(d.Results()) {
			t.Fatalf("year %d is %+v", y+1, year)
		}
		for i, c := range year.Strategies {
			r := d.Results()[i]
			if c.Strategy != r.Strategy || c.LostMajority > r.LostMajority || c.Lost > r.Lost ||
				y > 0 && (c.LostMajority < years[y-1].Strategies[i].LostMajority || c.Lost < years[y-1].Strategies[i].Lost) {
				t.Errorf("year %d, %+v against the end's %+v", y+1, c, r)
			}
		}
	}
}
