package placement

import (
	"context"
	"math/big"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/loadlab/loadlab/internal/costcheck"
)

// The exact chances, worked out by kinds of location and of choice, equal
// the direct computation they replace (every location struck one by one;
// Diverse's ordered choices of AZs and versions enumerated one by one) on
// topologies with several versions, uneven cells and partly struck AZs.
func TestExactMatchesDirectComputation(t *testing.T) {
	costcheck.Long(t)
	t.Parallel() // pure and long: beside the package's other long ones
	topos := []Topology{
		{AZs: 3, RacksPerAZ: 3, NodesPerRack: 3, Versions: 1}, {AZs: 3, RacksPerAZ: 3, NodesPerRack: 3, Versions: 3},
		{AZs: 4, RacksPerAZ: 3, NodesPerRack: 5, Versions: 6}, {AZs: 2, RacksPerAZ: 5, NodesPerRack: 7, Versions: 4},
		{AZs: 5, RacksPerAZ: 2, NodesPerRack: 9, Versions: 5}, {AZs: 7, RacksPerAZ: 1, NodesPerRack: 7, Versions: 7},
		{AZs: 3, RacksPerAZ: 10, NodesPerRack: 10, Versions: 37}, {AZs: 6, RacksPerAZ: 2, NodesPerRack: 3, Versions: 5},
		{AZs: 4, RacksPerAZ: 4, NodesPerRack: 1, Versions: 3}, {AZs: 1, RacksPerAZ: 6, NodesPerRack: 4, Versions: 7},
	}
	diverse := 0
	for _, topo := range topos {
		for r := 1; r <= 5; r++ {
			for _, s := range Strategies {
				if count, _ := s.domains(topo); s != Greedy && count < r || s == Diverse && topo.Versions < r || r > topo.Nodes() {
					continue
				}
				for _, e := range Events {
					want := directExact(s, e, topo, r)
					if want.LoseMajority == nil {
						continue // too many choices to enumerate
					}
					if s == Diverse {
						diverse++
					}
					got := exact(s, e, topo, r)
					if got.LoseMajority.Cmp(want.LoseMajority) != 0 || got.LoseAll.Cmp(want.LoseAll) != 0 || got.Of.Cmp(want.Of) != 0 {
						t.Errorf("%+v %s %s r=%d: %s / %s of %s, directly %s / %s of %s", topo, s, e, r,
							got.LoseMajority.RatString(), got.LoseAll.RatString(), got.Of, want.LoseMajority.RatString(), want.LoseAll.RatString(), want.Of)
					}
				}
			}
		}
	}
	if diverse < 50 {
		t.Errorf("only %d diverse computations compared", diverse)
	}
	t.Logf("%d diverse computations compared", diverse)
}

// The exact chances and the table's run look at their context often and
// stop when it is done: a cancelled context ends the exact chances of a
// million versions at once (within 100 ms, checked with LOADLAB_TIMED=1),
// and a table placing millions of objects at a
// location stops part way through it.
func TestTableStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	topo := Topology{AZs: 3, RacksPerAZ: 100, NodesPerRack: 3000, Versions: 900000}
	for _, s := range []Strategy{Random, Greedy, RackAware, Diverse} {
		start := time.Now()
		if _, err := exactContext(ctx, s, VersionFailure, topo, 3); err == nil {
			t.Errorf("%s: no error from a cancelled context", s)
		}
		if d := time.Since(start); os.Getenv("LOADLAB_TIMED") == "1" && d > 100*time.Millisecond {
			t.Errorf("%s: took %v to stop", s, d)
		}
	}
	s := DefaultSpec()
	s.Trials, s.Events = 1_000_000, "az"
	tab, err := NewTable(s)
	if err != nil {
		t.Fatal(err)
	}
	g := newGapContext(50 * time.Millisecond)
	err = tab.Run(g, nil)
	g.check(t, "table", err)

	// Stopped part way through a location, what it placed stands, and Run
	// goes on from there to the same counts.
	s.Trials, s.Events = 100_000, "az,rack"
	tab, _ = NewTable(s)
	if err := tab.Run(&countdown{Context: context.Background(), looks: 3}, nil); err == nil || tab.Placed() != 2*runChunk {
		t.Fatalf("stopped with %v after %d objects, want %d", err, tab.Placed(), 2*runChunk)
	}
	if err := tab.Run(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	whole, _ := NewTable(s)
	if err := whole.Run(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	for i, r := range whole.Rows() {
		if got := tab.Rows()[i]; got.LoseMajority != r.LoseMajority || got.LoseAll != r.LoseAll || got.Total != r.Total {
			t.Errorf("%s/%s: stopped and run on, %d %d %d; run whole, %d %d %d", r.Strategy, r.Event,
				got.LoseMajority, got.LoseAll, got.Total, r.LoseMajority, r.LoseAll, r.Total)
		}
	}
}

// countdown is a context that is done from its looks-th look at it on.
type countdown struct {
	context.Context
	looks int
}

func (c *countdown) Err() error {
	if c.looks--; c.looks <= 0 {
		return context.Canceled
	}
	return nil
}

// directExact is the computation exact replaced: every location of the
// event one by one, Diverse's choices enumerated (nil past 20,000).
func directExact(s Strategy, e Event, t Topology, r int) Exact {
	if s == Greedy {
		return exact(s, e, t, r)
	}
	lost := lossThreshold(r)
	locs := e.Locations(t)
	averaged := locs
	if e != VersionFailure {
		averaged = 1
	}
	dist := make([]*big.Rat, r+1)
	for h := range dist {
		dist[h] = new(big.Rat)
	}
	of := big.NewInt(int64(averaged))
	for loc := range averaged {
		var d []*big.Rat
		var cases *big.Int
		if s == Diverse {
			if d, cases = directDiverseHits(e.failure(t, loc), t, r); d == nil {
				return Exact{}
			}
		} else {
			d, cases = directDomainHits(s, e.failure(t, loc), t, r)
		}
		for h := range dist {
			dist[h].Add(dist[h], d[h])
		}
		if loc == 0 {
			of.Mul(of, cases)
		}
	}
	n := big.NewRat(int64(averaged), 1)
	ex := Exact{new(big.Rat), new(big.Rat).Quo(dist[r], n), of}
	for h := lost; h <= r; h++ {
		ex.LoseMajority.Add(ex.LoseMajority, dist[h])
	}
	ex.LoseMajority.Quo(ex.LoseMajority, n)
	return ex
}

func directDomainHits(s Strategy, f failure, t Topology, r int) ([]*big.Rat, *big.Int) {
	count, size := s.domains(t)
	downs := make([]int64, size+1)
	for d := range count {
		down := 0
		for n := d * size; n < (d+1)*size; n++ {
			if f.down(n) {
				down++
			}
		}
		downs[down]++
	}
	var groups []group
	for down, n := range downs {
		if n > 0 {
			groups = append(groups, group{int64(down), n})
		}
	}
	return domainHits(s, groups, t, r)
}

func directDiverseHits(f failure, t Topology, r int) ([]*big.Rat, *big.Int) {
	vs := max(1, t.Versions)
	tuples := new(big.Int).Mul(perm(t.AZs, r), perm(vs, r))
	if !tuples.IsInt64() || tuples.Int64() > 20_000 {
		return nil, nil
	}
	hit := make([][]*big.Rat, t.AZs)
	for a := range t.AZs {
		hit[a] = make([]*big.Rat, vs)
		for v := range vs {
			first, count := t.cell(a, v)
			down := 0
			for k := range count {
				if f.down(first + k*vs) {
					down++
				}
			}
			hit[a][v] = big.NewRat(int64(down), int64(max(1, count)))
		}
	}
	dist := make([]*big.Rat, r+1)
	for h := range dist {
		dist[h] = new(big.Rat)
	}
	azs, versions := make([]int, 0, r), make([]int, 0, r)
	var walk func()
	walk = func() {
		if len(azs) == r {
			d := []*big.Rat{big.NewRat(1, 1)}
			for i := range r {
				p := hit[azs[i]][versions[i]]
				d = mulPoly(d, []*big.Rat{new(big.Rat).Sub(big.NewRat(1, 1), p), p})
			}
			for h := range dist {
				dist[h].Add(dist[h], d[h])
			}
			return
		}
		for a := range t.AZs {
			if slices.Contains(azs, a) {
				continue
			}
			for v := range vs {
				if slices.Contains(versions, v) {
					continue
				}
				azs, versions = append(azs, a), append(versions, v)
				walk()
				azs, versions = azs[:len(azs)-1], versions[:len(versions)-1]
			}
		}
	}
	walk()
	n := new(big.Rat).SetInt(tuples)
	for h := range dist {
		dist[h].Quo(dist[h], n)
	}
	return dist, tuples
}
