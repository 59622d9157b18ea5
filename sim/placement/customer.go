package placement

import (
	"context"
	"maps"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/loadlab/loadlab/sim/engine"
)

// The site level's customers (§26.2.9): where a customer of a hosting
// provider keeps its replicas. Each such strategy chooses one of its
// scopes uniformly (a site for one-site, a city for one-city; the whole
// fleet for cross-provider), and in the scope deals its replicas round
// parts (the city's sites, the providers), each part's replicas on
// distinct domains of the part (racks, or a provider's sites) chosen
// uniformly, a node uniformly in each.

// customer reports whether s is one of the site level's customer
// strategies.
func (s Strategy) customer() bool { return s == OneSite || s == OneCity || s == CrossProvider }

// part is one part of a customer's scope: m replicas on distinct domains
// among count domains of size nodes, the first domain from node first.
type part struct{ first, count, size, m int }

// dealt is how many of r replicas dealt round k parts fall to part j.
func dealt(r, k, j int) int { return (r - j + k - 1) / k }

// scopes is how many scopes s chooses among.
func (s Strategy) scopes(t Topology) int {
	switch s {
	case OneSite:
		return t.NumSites()
	case OneCity:
		return t.NumCities()
	}
	return 1
}

// scopeSpan is the nodes of scope c: [lo, hi).
func (s Strategy) scopeSpan(t Topology, c int) (lo, hi int) {
	switch s {
	case OneSite:
		return c * t.NodesPerSite(), (c + 1) * t.NodesPerSite()
	case OneCity:
		per := t.CitySites() * t.NodesPerSite()
		return c * per, (c + 1) * per
	}
	return 0, t.Nodes()
}

// subs appends to buf the parts of scope c for r replicas, those that hold
// at least one.
func (s Strategy) subs(t Topology, r, c int, buf []part) []part {
	buf = buf[:0]
	nps := t.NodesPerSite()
	switch s {
	case OneSite:
		buf = append(buf, part{c * nps, t.RacksPerSite(), t.NodesPerRack, r})
	case OneCity:
		k := t.CitySites()
		for j := range min(k, r) {
			buf = append(buf, part{(c*k + j) * nps, t.RacksPerSite(), t.NodesPerRack, dealt(r, k, j)})
		}
	case CrossProvider:
		p, spp := t.NumProviders(), t.SitesPerProvider()
		for j := range min(p, r) {
			buf = append(buf, part{j * spp * nps, spp, nps, dealt(r, p, j)})
		}
	}
	return buf
}

// partOf is the part of its scope node n falls in, for s: the site's place
// in its city, or its provider (0 for one-site).
func (s Strategy) partOf(t Topology, n int) int {
	switch s {
	case OneCity:
		return t.SiteOf(n) % t.CitySites()
	case CrossProvider:
		return t.ProviderOf(n)
	}
	return 0
}

// serves reports why the topology cannot take r replicas under customer
// strategy s, or nil when it can.
func (s Strategy) serves(t Topology, r int) error {
	switch s {
	case OneSite:
		if r > t.RacksPerSite() {
			return engine.Invalid("replicas", "must be at most the %d racks of a site for one-site placement, got %d", t.RacksPerSite(), r)
		}
	case OneCity:
		k := t.CitySites()
		if k < 2 {
			return engine.Invalid("sites-per-city", "must be at least 2 for one-city placement (a city of one site is one-site placement), got %d", k)
		}
		if need := dealt(r, k, 0); need > t.RacksPerSite() {
			return engine.Invalid("replicas", "must be at most %d (the %d sites of a city x the %d racks of a site) for one-city placement, got %d", k*t.RacksPerSite(), k, t.RacksPerSite(), r)
		}
	case CrossProvider:
		p := t.NumProviders()
		if p < 2 {
			return engine.Invalid("providers", "must be at least 2 for cross-provider placement, got %d", p)
		}
		if need := dealt(r, p, 0); need > t.SitesPerProvider() {
			return engine.Invalid("replicas", "must be at most %d (the %d providers x the %d sites of each) for cross-provider placement, got %d", p*t.SitesPerProvider(), p, t.SitesPerProvider(), r)
		}
	}
	return nil
}

// placeCustomer places an object by customer strategy s: the scope (no
// draw when there is one), then each part's domains and nodes.
func (p *placer) placeCustomer(s Strategy, dst []int) {
	c := 0
	if n := s.scopes(p.topo); n > 1 {
		c = p.src.RandBelow(n)
	}
	p.subBuf = s.subs(p.topo, len(dst), c, p.subBuf)
	at := 0
	for j, sub := range p.subBuf {
		out := dst[at : at+sub.m]
		p.parts[s][j].sample(p.src, out)
		for i := range out {
			out[i] += sub.first
		}
		at += sub.m
	}
}

// downIn is how many nodes of [lo, hi) failure f takes down.
func (f failure) downIn(lo, hi int) int {
	lo, hi = max(lo, f.lo), min(hi, f.hi)
	if hi <= lo {
		return 0
	}
	if f.mod == 0 {
		return hi - lo
	}
	below := func(x int) int { // nodes n < x with n mod f.mod = f.rem
		if x <= f.rem {
			return 0
		}
		return (x-f.rem-1)/f.mod + 1
	}
	return below(hi) - below(lo)
}

// customerExact is the exact chances for a customer's strategy. A node,
// rack, AZ, site or city struck looks the same to s wherever it falls in
// the same part of a scope (every scope, part and domain of a kind is
// alike), so the event's locations are grouped by the part of their first
// node and one of each group is worked out; a version's failure, every
// version. For a location, each scope the failure touches gives the
// chance of each number of hits as the product over its parts of the
// distinct-domain chances (domainHitsOf), those alike computed once;
// scopes it misses give none. The fractions are written over their
// common denominator.
func customerExact(ctx context.Context, s Strategy, e Event, t Topology, r int) (Exact, error) {
	type rep struct{ loc, weight int }
	var reps []rep
	locs := e.Locations(t)
	if f := e.failure(t, 0); f.mod != 0 {
		for v := range locs {
			reps = append(reps, rep{v, 1})
		}
	} else {
		first := map[int]int{}
		for loc := range locs {
			if loc%pollEvery == 0 && ctx.Err() != nil {
				return Exact{}, ctx.Err()
			}
			lo, _ := e.Span(t, loc)
			k := s.partOf(t, lo)
			i, ok := first[k]
			if !ok {
				i = len(reps)
				first[k] = i
				reps = append(reps, rep{loc, 0})
			}
			reps[i].weight++
		}
	}
	memo := map[string][]*big.Rat{}
	var parts []part
	var key strings.Builder
	dist := make([]*big.Rat, r+1)
	for h := range dist {
		dist[h] = new(big.Rat)
	}
	scopes := s.scopes(t)
	for _, rp := range reps {
		f := e.failure(t, rp.loc)
		w := big.NewRat(int64(rp.weight), int64(locs)*int64(scopes))
		missed := scopes
		for c := range scopes {
			if lo, hi := s.scopeSpan(t, c); f.downIn(lo, hi) == 0 {
				continue
			}
			missed--
			d := []*big.Rat{big.NewRat(1, 1)}
			parts = s.subs(t, r, c, parts)
			for _, sub := range parts {
				downs := map[int]int64{}
				for dom := range sub.count {
					if dom%pollEvery == 0 && ctx.Err() != nil {
						return Exact{}, ctx.Err()
					}
					lo := sub.first + dom*sub.size
					downs[f.downIn(lo, lo+sub.size)]++
				}
				var groups []group
				key.Reset()
				key.WriteString(strconv.Itoa(sub.count) + "/" + strconv.Itoa(sub.size) + "/" + strconv.Itoa(sub.m))
				for _, down := range slices.Sorted(maps.Keys(downs)) {
					groups = append(groups, group{int64(down), downs[down]})
					key.WriteString(" " + strconv.Itoa(down) + "x" + strconv.FormatInt(downs[down], 10))
				}
				hits, ok := memo[key.String()]
				if !ok {
					hits, _ = domainHitsOf(sub.count, sub.size, groups, sub.m)
					memo[key.String()] = hits
				}
				d = mulPoly(d, hits)
			}
			for h := range dist {
				if h < len(d) {
					dist[h].Add(dist[h], new(big.Rat).Mul(d[h], w))
				}
			}
		}
		dist[0].Add(dist[0], new(big.Rat).Mul(big.NewRat(int64(missed), 1), w))
		if err := ctx.Err(); err != nil {
			return Exact{}, err
		}
	}
	ex := Exact{new(big.Rat), new(big.Rat).Set(dist[r]), nil}
	for h := lossThreshold(r); h <= r; h++ {
		ex.LoseMajority.Add(ex.LoseMajority, dist[h])
	}
	a, b := ex.LoseMajority.Denom(), ex.LoseAll.Denom()
	gcd := new(big.Int).GCD(nil, nil, a, b)
	ex.Of = new(big.Int).Mul(a, new(big.Int).Quo(b, gcd))
	return ex, nil
}
