package placement

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"os"
	"slices"
	"strings"
	"testing"
)

// The lecture's published table (26.4.2, seed 425, 4000 trials a
// location): lose-majority and lose-all percentages, with the exact values
// beside them.
func TestPublishedTable(t *testing.T) {
	tab, err := NewTable(DefaultSpec())
	if err != nil {
		t.Fatal(err)
	}
	if err := tab.Run(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	want := map[string][2]string{ // strategy/event: lose majority, lose all
		"random/node": {"0.00", "0.00"}, "random/rack": {"2.48", "0.04"}, "random/az": {"25.17", "2.74"}, "random/correlated": {"100.00", "100.00"},
		"greedy/node": {"0.00", "0.00"}, "greedy/rack": {"11.11", "11.11"}, "greedy/az": {"33.33", "33.33"}, "greedy/correlated": {"100.00", "100.00"},
		"rack-aware/node": {"0.00", "0.00"}, "rack-aware/rack": {"0.00", "0.00"}, "rack-aware/az": {"22.41", "1.16"}, "rack-aware/correlated": {"100.00", "100.00"},
		"az-aware/node": {"0.00", "0.00"}, "az-aware/rack": {"0.00", "0.00"}, "az-aware/az": {"0.00", "0.00"}, "az-aware/correlated": {"100.00", "100.00"},
	}
	exact := map[string]string{"random/rack": "73/2925", "random/az": "732/2925", "rack-aware/az": "19/84", "greedy/rack": "1/9", "greedy/az": "1/3", "random/correlated": "1"}
	if len(tab.Rows()) != len(want) {
		t.Fatalf("%d rows, want %d", len(tab.Rows()), len(want))
	}
	for _, r := range tab.Rows() {
		key := r.Strategy.String() + "/" + r.Event.String()
		got := [2]string{pct(r.LoseMajority, r.Total), pct(r.LoseAll, r.Total)}
		if got != want[key] {
			t.Errorf("%s: lose majority %s %%, lose all %s %%; the lecture prints %v", key, got[0], got[1], want[key])
		}
		if e, ok := exact[key]; ok && r.Exact.Fraction(r.Exact.LoseMajority) != e {
			t.Errorf("%s: exact lose-majority %s, want %s", key, r.Exact.Fraction(r.Exact.LoseMajority), e)
		}
	}
}

// pct is the lecture's "%.2f" of n / total * 100, in that order.
func pct(n, total int) string { return fmt.Sprintf("%.2f", float64(n)/float64(total)*100) }

// The exact chances agree with brute force over every placement a strategy
// can make, on small uneven topologies (with two and three software
// versions), for every event and replica count.
func TestExactAgainstEnumeration(t *testing.T) {
	for _, topo := range []Topology{{AZs: 3, RacksPerAZ: 2, NodesPerRack: 2, Versions: 2}, {AZs: 4, RacksPerAZ: 1, NodesPerRack: 3, Versions: 3}} {
		for r := 1; r <= 3; r++ {
			for _, s := range Strategies {
				if count, _ := s.domains(topo); s != Greedy && count < r || s == Diverse && topo.Versions < r {
					continue // not a placement this topology allows
				}
				for _, e := range Events {
					got := exact(s, e, topo, r)
					maj, all := enumerate(s, e, topo, r)
					if got.LoseMajority.Cmp(maj) != 0 || got.LoseAll.Cmp(all) != 0 {
						t.Errorf("%v %s %s r=%d: exact %s / %s, enumeration %s / %s", topo, s, e, r,
							got.LoseMajority.RatString(), got.LoseAll.RatString(), maj.RatString(), all.RatString())
					}
				}
			}
		}
	}
}

// enumerate averages over every location and every placement the strategy
// can make, each as likely as the strategy makes it.
func enumerate(s Strategy, e Event, topo Topology, r int) (*big.Rat, *big.Rat) {
	maj, all, total := new(big.Rat), new(big.Rat), new(big.Rat)
	score := func(nodes []int, weight *big.Rat) {
		for loc := range e.Locations(topo) {
			f, hits := e.failure(topo, loc), 0
			for _, n := range nodes {
				if f.down(n) {
					hits++
				}
			}
			if hits >= lossThreshold(r) {
				maj.Add(maj, weight)
			}
			if hits == r {
				all.Add(all, weight)
			}
			total.Add(total, weight)
		}
	}
	switch s {
	case Greedy:
		nodes := make([]int, r)
		for i := range nodes {
			nodes[i] = i
		}
		score(nodes, big.NewRat(1, 1))
	case Diverse:
		vs := topo.Versions
		for _, azs := range orderedChoices(topo.AZs, r) {
			for _, versions := range orderedChoices(vs, r) {
				cells := make([][]int, r)
				weight := big.NewRat(1, 1)
				for i := range r {
					first, count := topo.cell(azs[i], versions[i])
					for k := range count {
						cells[i] = append(cells[i], first+k*vs)
					}
					weight.Quo(weight, big.NewRat(int64(count), 1))
				}
				for _, nodes := range product(cells) {
					score(nodes, weight)
				}
			}
		}
	default:
		count, size := s.domains(topo)
		for _, domains := range orderedChoices(count, r) {
			cells := make([][]int, r)
			for i, d := range domains {
				for k := range size {
					cells[i] = append(cells[i], d*size+k)
				}
			}
			for _, nodes := range product(cells) {
				score(nodes, big.NewRat(1, 1))
			}
		}
	}
	return maj.Quo(maj, total), all.Quo(all, total)
}

// orderedChoices is every sequence of r distinct values below n.
func orderedChoices(n, r int) [][]int {
	if r == 0 {
		return [][]int{nil}
	}
	var out [][]int
	for _, rest := range orderedChoices(n, r-1) {
		for v := range n {
			if !slices.Contains(rest, v) {
				out = append(out, append(slices.Clone(rest), v))
			}
		}
	}
	return out
}

// product is every way to take one value from each list.
func product(lists [][]int) [][]int {
	out := [][]int{nil}
	for _, l := range lists {
		var next [][]int
		for _, prefix := range out {
			for _, v := range l {
				next = append(next, append(slices.Clone(prefix), v))
			}
		}
		out = next
	}
	return out
}

// The lecture's program, run with other seeds, trial counts and topologies
// (testdata/reference_runs.json, made by running it outside the repository
// with its constants replaced), gives these counts; the table gives the
// same, row for row. Small topologies take random.sample's pool branch,
// larger ones its set branch.
func TestReferenceRuns(t *testing.T) {
	raw, err := os.ReadFile("testdata/reference_runs.json")
	if err != nil {
		t.Fatal(err)
	}
	var runs []struct {
		Seed                      int64
		Trials, AZs, Racks, Nodes int
		Rows                      [][3]int
	}
	if err := json.Unmarshal(raw, &runs); err != nil {
		t.Fatal(err)
	}
	for _, run := range runs {
		s := DefaultSpec()
		s.Seed, s.Trials, s.Topology = run.Seed, run.Trials, Topology{AZs: run.AZs, RacksPerAZ: run.Racks, NodesPerRack: run.Nodes, Versions: 1}
		tab, err := NewTable(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := tab.Run(context.Background(), nil); err != nil {
			t.Fatal(err)
		}
		for i, r := range tab.Rows() {
			if got := [3]int{r.LoseMajority, r.LoseAll, r.Total}; got != run.Rows[i] {
				t.Errorf("seed %d %dx%dx%d %s/%s: counts %v, the reference %v", run.Seed, run.AZs, run.Racks, run.Nodes, r.Strategy, r.Event, got, run.Rows[i])
			}
		}
	}
}

// BenchmarkLectureTable is the lecture's whole table (640,000 objects);
// the reference program takes 1.84 s of user time for it on this machine.
func BenchmarkLectureTable(b *testing.B) {
	b.ReportAllocs()
	for range b.N {
		tab, _ := NewTable(DefaultSpec())
		_ = tab.Run(context.Background(), nil)
	}
}

// Every strategy under every event, versions included: the share of
// objects that lose their majority lies within five standard deviations
// (sqrt(p(1-p)/total)) of the exact chance, and the first loss of a row
// is a moment that names the domain.
func TestMonteCarloMeetsExact(t *testing.T) {
	s := DefaultSpec()
	s.Versions, s.Trials, s.Seed = 3, 1500, 7
	s.Strategies, s.Events = "random,greedy,rack-aware,az-aware,diverse", "node,rack,az,correlated,version"
	tab, err := NewTable(s)
	if err != nil {
		t.Fatal(err)
	}
	if err := tab.Run(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	losing := 0
	for _, r := range tab.Rows() {
		p, _ := r.Exact.LoseMajority.Float64()
		got := float64(r.LoseMajority) / float64(r.Total)
		if sd := math.Sqrt(p * (1 - p) / float64(r.Total)); math.Abs(got-p) > 5*sd+1e-12 {
			t.Errorf("%s/%s: %v of objects lost their majority, exact %v (sd %v)", r.Strategy, r.Event, got, p, sd)
		}
		if r.LoseMajority > 0 {
			losing++
		}
	}
	if len(tab.Moments()) != losing {
		t.Errorf("%d moments for %d rows with a loss", len(tab.Moments()), losing)
	}
	if m := tab.Moments()[0].Caption; !strings.Contains(m, "held 2 of its 3 replicas") {
		t.Errorf("first moment %q does not say which domain held two replicas", m)
	}
}
