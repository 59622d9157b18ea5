package placement

import (
	"context"
	"math"
	"math/big"
	"testing"
	"time"

	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/rng"
)

func rngFor(seed int64) *rng.Source { return rng.New(seed) }

// asField is the field an error names, if it names one.
func asField(err error) (string, bool) {
	fe, ok := engine.AsField(err)
	if !ok {
		return "", false
	}
	return fe.Field, true
}

// siteTopos are small topologies with the site level: cities of two and
// three sites, one and two providers, several versions.
var siteTopos = []Topology{
	{Sites: 4, SitesPerCity: 2, Providers: 2, AZs: 1, RacksPerAZ: 2, NodesPerRack: 2, Versions: 1},
	{Sites: 6, SitesPerCity: 3, Providers: 2, AZs: 2, RacksPerAZ: 1, NodesPerRack: 2, Versions: 2},
	{Sites: 2, SitesPerCity: 2, Providers: 1, AZs: 2, RacksPerAZ: 2, NodesPerRack: 1, Versions: 3},
	{Sites: 3, SitesPerCity: 1, Providers: 3, AZs: 1, RacksPerAZ: 3, NodesPerRack: 2, Versions: 2},
}

// A topology of one site is the topology without the level, whatever its
// fields say: the same nodes, the same draws, the same table.
func TestOneSiteIsNoSiteLevel(t *testing.T) {
	for _, sites := range []int{0, 1} {
		s := DefaultSpec()
		s.Trials, s.Sites, s.SitesPerCity, s.Providers = 500, sites, sites, sites
		s.Strategies = "random,greedy,rack-aware,az-aware,one-site"
		s.Events = "node,rack,az,correlated,site,city"
		tab, err := NewTable(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := tab.Run(context.Background(), nil); err != nil {
			t.Fatal(err)
		}
		byKey := map[string]Row{}
		for _, r := range tab.Rows() {
			byKey[r.Strategy.String()+"/"+r.Event.String()] = r
		}
		for _, st := range []string{"random", "greedy", "rack-aware", "az-aware", "one-site"} {
			// one site's failure, and one city's, is every node's
			for _, ev := range []string{"site", "city"} {
				if a, b := byKey[st+"/"+ev], byKey[st+"/correlated"]; a.LoseAll != a.Total || a.Exact.LoseAll.Cmp(b.Exact.LoseAll) != 0 {
					t.Errorf("sites %d, %s/%s: lost all %d of %d, exact %s (correlated %s)", sites, st, ev, a.LoseAll, a.Total, a.Exact.LoseAll, b.Exact.LoseAll)
				}
			}
		}
		// a customer of the one building is rack-aware: the same chances
		for _, ev := range []string{"node", "rack", "az"} {
			a, b := byKey["one-site/"+ev], byKey["rack-aware/"+ev]
			if a.Exact.LoseMajority.Cmp(b.Exact.LoseMajority) != 0 || a.Exact.Fraction(a.Exact.LoseMajority) != b.Exact.Fraction(b.Exact.LoseMajority) {
				t.Errorf("sites %d, %s: one-site %s, rack-aware %s", sites, ev, a.Exact.Fraction(a.Exact.LoseMajority), b.Exact.Fraction(b.Exact.LoseMajority))
			}
		}
	}
}

// The exact chances of the site level agree with brute force over every
// placement each strategy can make, for every event and replica count.
func TestSiteExactAgainstEnumeration(t *testing.T) {
	t.Parallel() // pure and long: beside the package's other long ones
	compared := 0
	for _, topo := range siteTopos {
		for r := 1; r <= 3; r++ {
			for _, s := range Strategies {
				spec := Spec{Seed: 1, Trials: 1, Topology: topo, Replicas: r, Strategies: s.String(), Events: "node"}
				if spec.Validate() != nil {
					continue
				}
				for _, e := range Events {
					got := exact(s, e, topo, r)
					var maj, all *big.Rat
					switch {
					case s.customer():
						maj, all = enumerateCustomer(s, e, topo, r)
					case s == Diverse:
						maj, all = enumerateDiverse(e, topo, r)
					default:
						maj, all = enumerate(s, e, topo, r)
					}
					if got.LoseMajority.Cmp(maj) != 0 || got.LoseAll.Cmp(all) != 0 {
						t.Errorf("%+v %s %s r=%d: exact %s / %s, enumeration %s / %s", topo, s, e, r,
							got.LoseMajority.RatString(), got.LoseAll.RatString(), maj.RatString(), all.RatString())
					}
					compared++
				}
			}
		}
	}
	if compared < 300 {
		t.Errorf("only %d cases compared", compared)
	}
}

// enumerateDiverse is enumerate's Diverse over every site's AZs.
func enumerateDiverse(e Event, topo Topology, r int) (*big.Rat, *big.Rat) {
	maj, all, total := new(big.Rat), new(big.Rat), new(big.Rat)
	vs := topo.Versions
	for _, azs := range orderedChoices(topo.TotalAZs(), r) {
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
		}
	}
	return maj.Quo(maj, total), all.Quo(all, total)
}

// enumerateCustomer averages over every location, every scope and every
// choice of distinct domains and nodes in each part, each as likely.
func enumerateCustomer(s Strategy, e Event, topo Topology, r int) (*big.Rat, *big.Rat) {
	maj, all, total := new(big.Rat), new(big.Rat), new(big.Rat)
	one := big.NewRat(1, 1)
	for c := range s.scopes(topo) {
		var choices [][][]int // per part, each way to place its replicas
		for _, p := range s.subs(topo, r, c, nil) {
			var opts [][]int
			for _, doms := range orderedChoices(p.count, p.m) {
				per := make([][]int, len(doms))
				for i, d := range doms {
					for k := range p.size {
						per[i] = append(per[i], p.first+d*p.size+k)
					}
				}
				opts = append(opts, product(per)...)
			}
			choices = append(choices, opts)
		}
		var walk func(i int, nodes []int)
		walk = func(i int, nodes []int) {
			if i == len(choices) {
				for loc := range e.Locations(topo) {
					f, hits := e.failure(topo, loc), 0
					for _, n := range nodes {
						if f.down(n) {
							hits++
						}
					}
					if hits >= lossThreshold(r) {
						maj.Add(maj, one)
					}
					if hits == r {
						all.Add(all, one)
					}
					total.Add(total, one)
				}
				return
			}
			for _, o := range choices[i] {
				walk(i+1, append(append([]int{}, nodes...), o...))
			}
		}
		walk(0, nil)
	}
	return maj.Quo(maj, total), all.Quo(all, total)
}

// §26.2.9's acceptance: a site failure takes every replica of each object
// of a one-site customer that it reaches, and no object of a customer of
// two providers loses even its majority; a city's power feed takes the
// correlated pair, and one-city's objects with it.
func TestSiteFailureByCustomer(t *testing.T) {
	s := DefaultSpec()
	s.Topology = Topology{Sites: 8, SitesPerCity: 2, Providers: 2, AZs: 2, RacksPerAZ: 3, NodesPerRack: 3, Versions: 1}
	s.Trials, s.Seed = 2000, 2008
	s.Strategies, s.Events = "one-site,one-city,cross-provider,site-aware", "site,city"
	tab, err := NewTable(s)
	if err != nil {
		t.Fatal(err)
	}
	if err := tab.Run(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	rows := map[string]Row{}
	for _, r := range tab.Rows() {
		rows[r.Strategy.String()+"/"+r.Event.String()] = r
	}
	oneSite := rows["one-site/site"]
	if oneSite.Struck == 0 || oneSite.LoseAll != oneSite.Struck || oneSite.LoseMajority != oneSite.Struck {
		t.Errorf("one-site under a site failure: struck %d, lost all %d, lost the majority %d", oneSite.Struck, oneSite.LoseAll, oneSite.LoseMajority)
	}
	if got := oneSite.Exact.Fraction(oneSite.Exact.LoseAll); got != "1/8" {
		t.Errorf("one-site loses everything to 1 site failure in %s, want 1/8 (its own site)", got)
	}
	for _, ev := range []string{"site", "city"} {
		cp := rows["cross-provider/"+ev]
		if cp.Struck == 0 || cp.LoseAll != 0 || cp.Exact.LoseAll.Sign() != 0 {
			t.Errorf("cross-provider under a %s failure: struck %d, lost all %d (exact %s)", ev, cp.Struck, cp.LoseAll, cp.Exact.LoseAll)
		}
	}
	if cp := rows["cross-provider/site"]; cp.LoseMajority != 0 || cp.Exact.LoseMajority.Sign() != 0 {
		t.Errorf("cross-provider lost the majority of %d objects to a site failure (exact %s)", cp.LoseMajority, cp.Exact.LoseMajority)
	}
	pair := rows["one-city/city"]
	if pair.LoseAll != pair.Struck || pair.Exact.Fraction(pair.Exact.LoseAll) != "1/4" {
		t.Errorf("one-city under its city's failure: struck %d, lost all %d, exact %s", pair.Struck, pair.LoseAll, pair.Exact.Fraction(pair.Exact.LoseAll))
	}
	if pair := rows["one-city/site"]; pair.LoseAll != 0 {
		t.Errorf("one-city lost every replica of %d objects to one site", pair.LoseAll)
	}
	// Every row meets its exact chance within five standard deviations.
	for _, r := range tab.Rows() {
		for _, c := range []struct {
			n int
			p *big.Rat
		}{{r.LoseMajority, r.Exact.LoseMajority}, {r.LoseAll, r.Exact.LoseAll}} {
			p, _ := c.p.Float64()
			got := float64(c.n) / float64(r.Total)
			if sd := math.Sqrt(p * (1 - p) / float64(r.Total)); math.Abs(got-p) > 5*sd+1e-12 {
				t.Errorf("%s/%s: %v against the exact %v (sd %v)", r.Strategy, r.Event, got, p, sd)
			}
		}
	}
}

// The site level's strategies meet their exact chances under every event,
// versions included, and the AZs count over every site.
func TestSiteMonteCarloMeetsExact(t *testing.T) {
	s := DefaultSpec()
	s.Topology = Topology{Sites: 6, SitesPerCity: 3, Providers: 2, AZs: 2, RacksPerAZ: 2, NodesPerRack: 3, Versions: 3}
	s.Trials, s.Seed = 300, 11
	s.Strategies = "random,rack-aware,az-aware,diverse,site-aware,one-site,one-city,cross-provider"
	s.Events = "node,rack,az,correlated,version,site,city"
	tab, err := NewTable(s)
	if err != nil {
		t.Fatal(err)
	}
	if err := tab.Run(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	for _, r := range tab.Rows() {
		p, _ := r.Exact.LoseMajority.Float64()
		got := float64(r.LoseMajority) / float64(r.Total)
		if sd := math.Sqrt(p * (1 - p) / float64(r.Total)); math.Abs(got-p) > 5*sd+1e-12 {
			t.Errorf("%s/%s: %v of objects lost their majority, exact %v (sd %v)", r.Strategy, r.Event, got, p, sd)
		}
		if r.Event == AZFailure && r.Total != 300*12 {
			t.Errorf("%s/az: %d objects, want 300 at each of the 12 AZs", r.Strategy, r.Total)
		}
	}
}

// Placing by a customer's strategy keeps its replicas where it says:
// one-site in one site on distinct racks, one-city in one city dealt
// round its sites, cross-provider dealt round the providers on distinct
// sites of each.
func TestCustomerPlacementsKeepTheirShape(t *testing.T) {
	topo := Topology{Sites: 8, SitesPerCity: 2, Providers: 2, AZs: 2, RacksPerAZ: 3, NodesPerRack: 3, Versions: 1}
	p := newPlacer(rngFor(5), topo, 3)
	dst := make([]int, 3)
	for range 2000 {
		p.place(OneSite, dst)
		if topo.SiteOf(dst[0]) != topo.SiteOf(dst[1]) || topo.SiteOf(dst[1]) != topo.SiteOf(dst[2]) ||
			topo.RackOf(dst[0]) == topo.RackOf(dst[1]) || topo.RackOf(dst[1]) == topo.RackOf(dst[2]) || topo.RackOf(dst[0]) == topo.RackOf(dst[2]) {
			t.Fatalf("one-site placed %v", dst)
		}
		p.place(OneCity, dst)
		if topo.CityOf(dst[0]) != topo.CityOf(dst[2]) || topo.SiteOf(dst[0]) == topo.SiteOf(dst[2]) || topo.SiteOf(dst[0]) != topo.SiteOf(dst[1]) {
			t.Fatalf("one-city placed %v (sites %d %d %d)", dst, topo.SiteOf(dst[0]), topo.SiteOf(dst[1]), topo.SiteOf(dst[2]))
		}
		p.place(CrossProvider, dst)
		if topo.ProviderOf(dst[0]) != 0 || topo.ProviderOf(dst[1]) != 0 || topo.ProviderOf(dst[2]) != 1 || topo.SiteOf(dst[0]) == topo.SiteOf(dst[1]) {
			t.Fatalf("cross-provider placed %v", dst)
		}
	}
}

// The site level's fields are checked with the range each allows.
func TestSiteFieldsAreChecked(t *testing.T) {
	for _, c := range []struct {
		edit  func(*Spec)
		field string
	}{
		{func(s *Spec) { s.Sites = -1 }, "sites"},
		{func(s *Spec) { s.Sites, s.Providers = 6, 4 }, "providers"},
		{func(s *Spec) { s.Sites, s.Providers, s.SitesPerCity = 6, 2, 2 }, "sites-per-city"},
		{func(s *Spec) { s.Sites, s.Strategies = 2, "site-aware" }, "replicas"},
		{func(s *Spec) { s.Sites, s.Strategies = 4, "one-city" }, "sites-per-city"},
		{func(s *Spec) { s.Sites, s.Strategies = 4, "cross-provider" }, "providers"},
		{func(s *Spec) { s.Sites, s.Providers, s.Strategies = 4, 2, "cross-provider" }, ""},
		{func(s *Spec) { s.Sites, s.AZs, s.RacksPerAZ, s.Strategies = 4, 1, 2, "one-site" }, "replicas"},
		{func(s *Spec) { s.Sites, s.NodesPerRack = 100000, 100 }, "nodes"},
	} {
		s := DefaultSpec()
		c.edit(&s)
		err := s.Validate()
		if c.field == "" {
			if err != nil {
				t.Errorf("%+v: %v", s.Topology, err)
			}
			continue
		}
		fe, ok := asField(err)
		if !ok || fe != c.field {
			t.Errorf("%+v %s: %v, want an error naming %s", s.Topology, s.Strategies, err, c.field)
		}
	}
}

// siteCostCases span the site level's part of the table's cost model:
// The Planet's six buildings of 9,000 servers, many sites, a version's
// failure across many sites, and a million nodes in a thousand sites.
var siteCostCases = []struct {
	name string
	spec func() Spec
}{
	{"the planet", func() Spec {
		return Spec{Seed: 2008, Trials: 20, Topology: Topology{Sites: 6, SitesPerCity: 2, Providers: 3, AZs: 2, RacksPerAZ: 150, NodesPerRack: 30, Versions: 1},
			Replicas: 3, Strategies: "random,site-aware,one-site,one-city,cross-provider", Events: "node,rack,az,site,city,correlated"}
	}},
	{"1000 sites", func() Spec {
		return Spec{Seed: 1, Trials: 20, Topology: Topology{Sites: 1000, SitesPerCity: 2, Providers: 10, AZs: 2, RacksPerAZ: 10, NodesPerRack: 50, Versions: 1},
			Replicas: 3, Strategies: "site-aware,one-site,one-city,cross-provider", Events: "node,rack,site,city,correlated"}
	}},
	{"versions over sites", func() Spec {
		return Spec{Seed: 1, Trials: 10, Topology: Topology{Sites: 20, SitesPerCity: 2, Providers: 2, AZs: 2, RacksPerAZ: 20, NodesPerRack: 40, Versions: 400},
			Replicas: 3, Strategies: "one-site,one-city,cross-provider", Events: "version"}
	}},
}

// BenchmarkSiteTableCostModel is BenchmarkTableCostModel for the site
// level's strategies and events.
func BenchmarkSiteTableCostModel(b *testing.B) {
	for _, c := range siteCostCases {
		b.Run(c.name, func(b *testing.B) {
			s := c.spec()
			if err := s.Validate(); err != nil {
				b.Fatal(err)
			}
			est := s.Cost()
			var took time.Duration
			var peak float64
			for range b.N {
				took, peak = measure(func() { runTable(s) })
			}
			b.ReportMetric(est.Seconds/took.Seconds(), "est/time")
			b.ReportMetric(est.Bytes/max(peak, 1), "est/mem")
			b.ReportMetric(took.Seconds(), "s")
			b.ReportMetric(peak/1e6, "MB")
		})
	}
}
