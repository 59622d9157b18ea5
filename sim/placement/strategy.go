package placement

import (
	"math"

	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/rng"
)

// Strategy is how an object's replicas are placed.
type Strategy int

// The strategies, in the lecture's order.
const (
	// Random takes R distinct nodes uniformly: it knows nothing of the
	// topology.
	Random Strategy = iota
	// Greedy takes the lowest-numbered nodes, 0..R-1: numbers run rack by
	// rack, so every replica shares one rack.
	Greedy
	// RackAware takes R distinct racks uniformly, then a node in each.
	RackAware
	// AZAware takes R distinct AZs uniformly, then a node in each.
	AZAware
	// Diverse takes R distinct AZs and R distinct software versions
	// uniformly, pairs them in order, and takes a node of that AZ running
	// that version: no single AZ and no single version holds two replicas.
	Diverse
	// SiteAware takes R distinct sites uniformly, then a node in each.
	SiteAware
	// OneSite is a customer of one building (§26.2.9): a site uniformly,
	// then R distinct racks of it and a node in each.
	OneSite
	// OneCity is a customer of two (or more) sites of one city, which share
	// its power feed: a city uniformly, its replicas dealt round its sites
	// (replica i to the city's site i mod SitesPerCity), each site's on
	// distinct racks of it.
	OneCity
	// CrossProvider is a customer of several providers: replica i to
	// provider i mod Providers, each provider's on distinct sites of it
	// chosen uniformly, a node uniformly in each.
	CrossProvider
)

// Strategies are every strategy: the lecture's four, Diverse, then the
// site level's four.
var Strategies = []Strategy{Random, Greedy, RackAware, AZAware, Diverse, SiteAware, OneSite, OneCity, CrossProvider}

var strategyNames = [...]string{"random", "greedy", "rack-aware", "az-aware", "diverse", "site-aware", "one-site", "one-city", "cross-provider"}

func (s Strategy) String() string { return strategyNames[s] }

// ParseStrategy reads a strategy's name.
func ParseStrategy(name string) (Strategy, error) {
	return engine.ParseName[Strategy](strategyNames[:], name)
}

// domains is the size and count of the domains a strategy spreads over:
// nodes for random, racks for rack-aware, AZs for az-aware, sites for
// site-aware. A customer's strategy (see customer) spreads over the racks
// of one site, or the cities or providers it chooses among; one it cannot
// place on the topology has none.
func (s Strategy) domains(t Topology) (count, size int) {
	switch s {
	case RackAware:
		return t.Racks(), t.NodesPerRack
	case AZAware, Diverse:
		return t.TotalAZs(), t.NodesPerAZ()
	case SiteAware:
		return t.NumSites(), t.NodesPerSite()
	case OneSite:
		return t.RacksPerSite(), t.NodesPerRack
	case OneCity:
		if t.CitySites() < 2 {
			return 0, 1
		}
		return t.NumCities(), t.CitySites() * t.NodesPerSite()
	case CrossProvider:
		if t.NumProviders() < 2 {
			return 0, 1
		}
		return t.NumProviders(), t.SitesPerProvider() * t.NodesPerSite()
	}
	return t.Nodes(), 1
}

// placer places replicas with the lecture's draws: random.sample over the
// domains, then random.randrange within each (nothing for nodes). Its
// draws are prepared once per strategy (see sampler).
type placer struct {
	src           *rng.Source
	samplers      [len(strategyNames)]sampler
	topo          Topology
	azs, versions []int // Diverse's draws
	pool          []int
	// a customer's strategy: the sampler of each part of its scope (a
	// site of a city, a provider), by strategy
	parts  [len(strategyNames)][]sampler
	subBuf []part
}

func newPlacer(src *rng.Source, t Topology, r int) *placer {
	p := &placer{src: src, topo: t, azs: make([]int, r), versions: make([]int, r)}
	for _, s := range Strategies {
		switch {
		case s.customer():
			if s.serves(t, r) == nil {
				for _, sub := range s.subs(t, r, 0, nil) {
					p.parts[s] = append(p.parts[s], newSampler(sub.count, sub.size, sub.m))
				}
			}
		case s != Greedy && s != Diverse:
			count, size := s.domains(t)
			if count >= r {
				p.samplers[s] = newSampler(count, size, r)
			}
		}
	}
	return p
}

// place writes an object's replicas into dst (len R).
func (p *placer) place(s Strategy, dst []int) {
	switch s {
	case Greedy:
		for i := range dst {
			dst[i] = i
		}
	case Diverse:
		p.src.SampleInto(p.azs, p.topo.TotalAZs(), &p.pool)
		p.src.SampleInto(p.versions, max(1, p.topo.Versions), &p.pool)
		for i := range dst {
			first, count := p.topo.cell(p.azs[i], p.versions[i])
			dst[i] = first + p.src.RandBelow(count)*max(1, p.topo.Versions)
		}
	case OneSite, OneCity, CrossProvider:
		p.placeCustomer(s, dst)
	default:
		p.samplers[s].sample(p.src, dst)
	}
}

// sampler is random.sample(range(count), k) followed by a randrange(size)
// within each domain chosen: its draws in one rng.DrawSeq, then the pool
// branch's swaps applied to them.
type sampler struct {
	count, size int
	pool        bool // CPython's small-population branch, else its set branch
	bounds      []rng.Below
	draws       []uint32
	scratch     []int // the pool branch's list
	identity    []int // 0, 1, ..., count-1, to reset it
}

func newSampler(count, size, k int) sampler {
	s := sampler{count: count, size: size, draws: make([]uint32, 0, 2*k)}
	setsize := 21 // as random.sample decides between its branches
	if k > 5 {
		setsize += 1 << (2 * uint(math.Ceil(math.Log(float64(3*k))/math.Log(4))))
	}
	s.pool = count <= setsize
	for i := range k {
		if s.pool {
			s.bounds = append(s.bounds, rng.NewBelow(count-i))
		} else {
			s.bounds = append(s.bounds, rng.NewBelow(count))
		}
	}
	if size > 1 {
		for range k {
			s.bounds = append(s.bounds, rng.NewBelow(size))
		}
	}
	s.draws = s.draws[:len(s.bounds)]
	if s.pool {
		s.scratch, s.identity = make([]int, count), make([]int, count)
		for i := range s.identity {
			s.identity[i] = i
		}
	}
	return s
}

func (s *sampler) sample(src *rng.Source, dst []int) {
	k := len(dst)
	distinct := k // the set branch draws again on a repeat
	if s.pool {
		distinct = 0
	}
	src.DrawSeq(s.draws, s.bounds, distinct)
	if s.pool {
		pool := s.scratch
		copy(pool, s.identity)
		n := len(pool)
		for i := range dst {
			j := s.draws[i]
			dst[i] = pool[j]
			pool[j] = pool[n-i-1]
		}
	} else {
		for i := range dst {
			dst[i] = int(s.draws[i])
		}
	}
	if s.size > 1 {
		for i := range dst {
			dst[i] = dst[i]*s.size + int(s.draws[k+i])
		}
	}
}

// Place draws one object's r replicas with strategy s from src, as the
// table would.
func Place(s Strategy, t Topology, r int, src *rng.Source) []int {
	dst := make([]int, r)
	newPlacer(src, t, r).place(s, dst)
	return dst
}
