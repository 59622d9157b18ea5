package placement

import (
	"context"
	"maps"
	"math/big"
	"slices"
)

// Exact is the exact chance that an event strikes an object so that it
// loses its majority, and all its replicas: the average over the event's
// equally likely locations, as fractions. Of is the count of equally
// likely cases they are out of (C(27, 3) = 2925 triples of nodes for random
// placement on the lecture's topology), so that they read as counts:
// 732/2925 rather than 244/975.
type Exact struct {
	LoseMajority, LoseAll *big.Rat
	Of                    *big.Int
}

// Fraction writes x over the cases of e: "732/2925", or "0" and "1"; "-"
// when the cases were too many to count.
func (e Exact) Fraction(x *big.Rat) string {
	if x == nil {
		return "-"
	}
	if x.Sign() == 0 || x.Cmp(big.NewRat(1, 1)) == 0 {
		return x.RatString()
	}
	num, rem := new(big.Int).QuoRem(new(big.Int).Mul(x.Num(), e.Of), x.Denom(), new(big.Int))
	if rem.Sign() != 0 { // not a whole count of the cases: the reduced fraction
		return x.RatString()
	}
	return num.String() + "/" + e.Of.String()
}

// exact works the chances out by counting. Random, rack-aware and
// az-aware pick R distinct domains uniformly (nodes, racks or AZs) and a
// node uniformly within each. A location of the event takes d of a
// domain's nodes down; domains fall into groups by d, and choosing x_d
// domains of group d hits Binomial(x_d, d/size) replicas there. Their
// locations are alike (one stands for all) but a version's failure's,
// which are averaged: they differ only in how many domains hold one more
// node of the version, so each such count is worked out once. Greedy is
// fixed, so its locations are counted one by one. Diverse's choices of
// AZs and versions are counted by kind (see diverseCase) rather than one
// by one.
func exact(s Strategy, e Event, t Topology, r int) Exact {
	ex, _ := exactContext(context.Background(), s, e, t, r)
	return ex
}

// pollEvery is how many cheap steps (a location, a domain, a version) the
// exact computations take between looks at cancellation.
const pollEvery = 1 << 14

// exactContext is exact, given up with ctx's error once ctx is done.
func exactContext(ctx context.Context, s Strategy, e Event, t Topology, r int) (Exact, error) {
	if s == OneSite && t.NumSites() == 1 {
		s = RackAware // distinct racks of the one site
	}
	if s.customer() {
		return customerExact(ctx, s, e, t, r)
	}
	lost := lossThreshold(r)
	locs := e.Locations(t)
	if s == Greedy {
		maj, all := 0, 0
		for loc := range locs {
			if loc%pollEvery == 0 && ctx.Err() != nil {
				return Exact{}, ctx.Err()
			}
			f, hits := e.failure(t, loc), 0
			for n := range r {
				if f.down(n) {
					hits++
				}
			}
			if hits >= lost {
				maj++
			}
			if hits == r {
				all++
			}
		}
		return Exact{big.NewRat(int64(maj), int64(locs)), big.NewRat(int64(all), int64(locs)), big.NewInt(int64(locs))}, nil
	}
	var looks []look
	var err error
	if s == Diverse {
		looks, err = diverseLooks(ctx, e, t)
	} else {
		looks, err = domainLooks(ctx, s, e, t)
	}
	if err != nil {
		return Exact{}, err
	}
	dist := make([]*big.Rat, r+1) // chance of h hits, summed over locations
	for h := range dist {
		dist[h] = new(big.Rat)
	}
	var cases *big.Int
	averaged := int64(0)
	for _, l := range looks {
		var d []*big.Rat
		var c *big.Int
		if l.diverse != nil {
			if d, c, err = l.diverse.hits(ctx, t, r); err != nil {
				return Exact{}, err
			}
		} else {
			d, c = domainHits(s, l.groups, t, r)
		}
		w := big.NewRat(l.locations, 1)
		for h := range dist {
			dist[h].Add(dist[h], new(big.Rat).Mul(d[h], w))
		}
		if l.first {
			cases = c
		}
		averaged += l.locations
		if err := ctx.Err(); err != nil {
			return Exact{}, err
		}
	}
	n := big.NewRat(averaged, 1)
	ex := Exact{new(big.Rat), new(big.Rat).Quo(dist[r], n), new(big.Int).Mul(big.NewInt(averaged), cases)}
	for h := lost; h <= r; h++ {
		ex.LoseMajority.Add(ex.LoseMajority, dist[h])
	}
	ex.LoseMajority.Quo(ex.LoseMajority, n)
	return ex, nil
}

// look is what some of an event's locations look like to a strategy:
// how many of the strategy's domains have each number of nodes down, or
// for Diverse its cells' shares down. Locations that look alike give the
// same chances.
type look struct {
	locations int64 // how many locations look so
	first     bool  // location 0 is one of them (its cases are the count's)
	groups    []group
	diverse   *diverseCase
}

// group is n domains with down of their nodes down.
type group struct{ down, n int64 }

// domainLooks groups the event's locations by what they look like to a
// strategy over domains: a node, rack, AZ or every node is one location
// (they are alike); a version's failure takes size/V nodes of every
// domain and one more of some, which is worked out for every version at
// once, in time linear in the domains and versions.
func domainLooks(ctx context.Context, s Strategy, e Event, t Topology) ([]look, error) {
	count, size := s.domains(t)
	f := e.failure(t, 0)
	if f.mod == 0 {
		return []look{{locations: 1, first: true, groups: spanGroups(f.lo, f.hi, count, size)}}, nil
	}
	// Domain d holds nodes [d*size, (d+1)*size): size/V of them run each
	// version, and one more runs version loc when (loc - d*size) mod V <
	// size mod V. plus[loc] counts the domains with one more.
	v := f.mod
	base, extra := size/v, size%v
	if extra == 0 {
		return []look{{locations: int64(v), first: true, groups: []group{{int64(base), int64(count)}}}}, nil
	}
	diff := make([]int32, v+1)
	for d := range count {
		if d%pollEvery == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		s0 := int(int64(d) * int64(size) % int64(v))
		diff[s0]++
		if s0+extra <= v {
			diff[s0+extra]--
		} else {
			diff[v]--
			diff[0]++
			diff[s0+extra-v]--
		}
	}
	byPlus := map[int32]int{}
	var looks []look
	plus := int32(0)
	for loc := range v {
		plus += diff[loc]
		i, ok := byPlus[plus]
		if !ok {
			i = len(looks)
			byPlus[plus] = i
			var groups []group
			for _, g := range []group{{int64(base), int64(count) - int64(plus)}, {int64(base) + 1, int64(plus)}} {
				if g.n > 0 {
					groups = append(groups, g)
				}
			}
			looks = append(looks, look{first: loc == 0, groups: groups})
		}
		looks[i].locations++
	}
	return looks, nil
}

// spanGroups is the domains of size nodes by how many of their nodes lie
// in [lo, hi): the span's first and last domains, those between (every
// node) and the rest (none).
func spanGroups(lo, hi, count, size int) []group {
	downs := map[int]int{}
	dl, dh := lo/size, (hi-1)/size
	if dl == dh {
		downs[hi-lo]++
	} else {
		downs[(dl+1)*size-lo]++
		downs[hi-dh*size]++
		downs[size] += dh - dl - 1
	}
	downs[0] += count - (dh - dl + 1)
	var groups []group
	for _, d := range slices.Sorted(maps.Keys(downs)) {
		if downs[d] > 0 {
			groups = append(groups, group{int64(d), int64(downs[d])})
		}
	}
	return groups
}

// domainHits is the chance of each number of hits when R distinct domains
// are chosen uniformly and a node uniformly in each, given the domains by
// how many of their nodes are down, and the count of equally likely cases
// behind it.
func domainHits(s Strategy, groups []group, t Topology, r int) ([]*big.Rat, *big.Int) {
	count, size := s.domains(t)
	return domainHitsOf(count, size, groups, r)
}

// domainHitsOf is domainHits over count domains of size nodes.
func domainHitsOf(count, size int, groups []group, r int) ([]*big.Rat, *big.Int) {
	// ways[j][h]: choices of j domains so far, weighted by the chance of h
	// hits among them.
	ways := [][]*big.Rat{{big.NewRat(1, 1)}}
	partial := int64(0)
	for _, g := range groups {
		down, n := g.down, g.n
		if down > 0 && down < int64(size) {
			partial += n
		}
		p := big.NewRat(down, int64(size))
		next := make([][]*big.Rat, r+1)
		for j := range next {
			next[j] = make([]*big.Rat, j+1)
			for h := range next[j] {
				next[j][h] = new(big.Rat)
			}
		}
		for j, row := range ways {
			for x := int64(0); int64(j)+x <= int64(r) && x <= n; x++ {
				c := new(big.Rat).SetInt(binom(n, x))
				for k := int64(0); k <= x; k++ { // k of the x hit
					w := new(big.Rat).Mul(c, binomial(x, k, p))
					for h, v := range row {
						if v.Sign() != 0 {
							next[j+int(x)][h+int(k)].Add(next[j+int(x)][h+int(k)], new(big.Rat).Mul(v, w))
						}
					}
				}
			}
		}
		ways = next
	}
	total := binom(int64(count), int64(r))
	dist := make([]*big.Rat, r+1)
	for h := range dist {
		dist[h] = new(big.Rat)
		if h < len(ways[r]) {
			dist[h].Quo(ways[r][h], new(big.Rat).SetInt(total))
		}
	}
	cases := new(big.Int).Set(total)
	if partial > 0 {
		cases.Mul(cases, new(big.Int).Exp(big.NewInt(int64(size)), big.NewInt(min(partial, int64(r))), nil))
	}
	return dist, cases
}

// diverseCase is a failure as Diverse placement sees it: AZs in classes
// whose cells are struck alike, and versions in groups struck alike in
// every class. Diverse picks R distinct AZs and R distinct versions and
// pairs them in order; given the pairs, each replica is hit with the
// share of its cell's nodes that are down. A failure makes few classes
// (the AZs it misses, those it takes whole, and at most two it takes in
// part; every AZ alike for a version's failure), so the ordered choices,
// P(AZs, R) x P(versions, R) of them, are counted by how many pairs fall
// in each class and group rather than one by one.
type diverseCase struct {
	azs    []int64 // the AZs of each class
	groups []versionGroup
}

// versionGroup is versions whose cells are struck alike: hit[k] is the
// share of the nodes down in the cell of such a version in an AZ of class
// k.
type versionGroup struct {
	versions int64
	hit      []*big.Rat
}

// diverseLooks is the event's locations as Diverse sees them: one of a
// node, rack, AZ or every node; for a version's failure, that version's
// cell in every AZ (every cell holds a node, as versions are at most the
// nodes of an AZ), the same for every version.
func diverseLooks(ctx context.Context, e Event, t Topology) ([]look, error) {
	f := e.failure(t, 0)
	if f.mod != 0 {
		c := &diverseCase{azs: []int64{int64(t.TotalAZs())}, groups: []versionGroup{{1, []*big.Rat{big.NewRat(1, 1)}}}}
		if f.mod > 1 {
			c.groups = append(c.groups, versionGroup{int64(f.mod - 1), []*big.Rat{new(big.Rat)}})
		}
		return []look{{locations: int64(f.mod), first: true, diverse: c}}, nil
	}
	c, err := spanCase(ctx, t, f.lo, f.hi)
	if err != nil {
		return nil, err
	}
	return []look{{locations: 1, first: true, diverse: c}}, nil
}

// spanCase is the failure of nodes [lo, hi) as Diverse sees it.
func spanCase(ctx context.Context, t Topology, lo, hi int) (*diverseCase, error) {
	npa, vs := t.NodesPerAZ(), max(1, t.Versions)
	aL, aH := lo/npa, (hi-1)/npa
	missed, whole := t.TotalAZs()-(aH-aL+1), 0
	var partial []int
	for _, a := range slices.Compact([]int{aL, aH}) {
		if lo <= a*npa && (a+1)*npa <= hi {
			whole++
		} else {
			partial = append(partial, a)
		}
	}
	whole += max(0, aH-aL-1)
	c := &diverseCase{}
	var fixed []*big.Rat // the hit of the missed and whole classes, every version alike
	if missed > 0 {
		c.azs, fixed = append(c.azs, int64(missed)), append(fixed, new(big.Rat))
	}
	if whole > 0 {
		c.azs, fixed = append(c.azs, int64(whole)), append(fixed, big.NewRat(1, 1))
	}
	for range partial {
		c.azs = append(c.azs, 1)
	}
	// Versions by the nodes down and held in each partly struck AZ's cell.
	type cellKey [2][2]int
	byKey := map[cellKey]int{}
	for v := range vs {
		if v%pollEvery == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		var key cellKey
		for i, a := range partial {
			first, count := t.cell(a, v)
			down := max(0, min(count, ceilDiv(hi-first, vs))-max(0, ceilDiv(lo-first, vs)))
			key[i] = [2]int{down, max(1, count)}
		}
		i, ok := byKey[key]
		if !ok {
			i = len(c.groups)
			byKey[key] = i
			hit := slices.Clone(fixed)
			for j := range partial {
				hit = append(hit, big.NewRat(int64(key[j][0]), int64(key[j][1])))
			}
			c.groups = append(c.groups, versionGroup{hit: hit})
		}
		c.groups[i].versions++
	}
	return c, nil
}

// ceilDiv is a / b rounded up, for b > 0 and any a.
func ceilDiv(a, b int) int {
	q := a / b
	if a%b != 0 && a > 0 {
		q++
	}
	return q
}

// hits is the chance of each number of hits, and the count of the ordered
// choices of AZs and versions. It counts the matchings of R AZs to R
// versions (each an unordered set of pairs, R! ordered choices apiece)
// group of versions by group: a state is how many AZs of each class are
// taken, and it holds the matchings so far as a polynomial in z, the
// coefficient of z^h weighting those with h replicas hit. Taking x_k
// versions of a group of g for class k, with u_k of its n_k AZs taken,
// can be done in g! / (x_1! ... (g - sum x)!) x prod (n_k - u_k)! / (n_k -
// u_k - x_k)! ways, each hit as (1 - p_k + p_k z)^x_k.
func (c *diverseCase) hits(ctx context.Context, t Topology, r int) ([]*big.Rat, *big.Int, error) {
	k := len(c.azs)
	dims, stride := make([]int, k), make([]int, k)
	states := 1
	for i, n := range c.azs {
		dims[i], stride[i] = int(min(n, int64(r)))+1, states
		states *= dims[i]
	}
	one := big.NewRat(1, 1)
	polys := make([][]*big.Rat, states)
	polys[0] = []*big.Rat{one}
	used := func(idx int) (u []int64, total int) {
		u = make([]int64, k)
		for i := range k {
			u[i] = int64(idx / stride[i] % dims[i])
			total += int(u[i])
		}
		return u, total
	}
	for _, g := range c.groups {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		// pow[i][x] is (1 - p + p z)^x for class i's p in this group.
		pow := make([][][]*big.Rat, k)
		for i, p := range g.hit {
			q := new(big.Rat).Sub(one, p)
			pow[i] = [][]*big.Rat{{one}}
			for x := 1; x <= r && int64(x) <= g.versions; x++ {
				prev := pow[i][x-1]
				next := make([]*big.Rat, x+1)
				for h := range next {
					next[h] = new(big.Rat)
					if h < x {
						next[h].Add(next[h], new(big.Rat).Mul(prev[h], q))
					}
					if h > 0 {
						next[h].Add(next[h], new(big.Rat).Mul(prev[h-1], p))
					}
				}
				pow[i] = append(pow[i], next)
			}
		}
		next := make([][]*big.Rat, states)
		for idx, poly := range polys {
			if poly == nil {
				continue
			}
			u, taken := used(idx)
			var walk func(i int, x int64, ways *big.Int, fac []*big.Rat, to int)
			walk = func(i int, x int64, ways *big.Int, fac []*big.Rat, to int) {
				if i == k {
					w := new(big.Rat).SetInt(ways)
					sum := next[to]
					if sum == nil {
						sum = make([]*big.Rat, taken+int(x)+1)
						for h := range sum {
							sum[h] = new(big.Rat)
						}
						next[to] = sum
					}
					for a, pa := range poly {
						if pa.Sign() == 0 {
							continue
						}
						pw := new(big.Rat).Mul(pa, w)
						for b, fb := range fac {
							if fb.Sign() != 0 {
								sum[a+b].Add(sum[a+b], new(big.Rat).Mul(pw, fb))
							}
						}
					}
					return
				}
				for xi := int64(0); xi <= c.azs[i]-u[i] && int64(taken)+x+xi <= int64(r) && x+xi <= g.versions; xi++ {
					w := new(big.Int).Mul(ways, binom(g.versions-x, xi))
					w.Mul(w, perm64(c.azs[i]-u[i], xi))
					walk(i+1, x+xi, w, mulPoly(fac, pow[i][xi]), to+int(xi)*stride[i])
				}
			}
			walk(0, 0, big.NewInt(1), []*big.Rat{one}, idx)
		}
		polys = next
	}
	dist := make([]*big.Rat, r+1)
	for h := range dist {
		dist[h] = new(big.Rat)
	}
	for idx, poly := range polys {
		if _, taken := used(idx); poly == nil || taken != r {
			continue
		}
		for h, v := range poly {
			dist[h].Add(dist[h], v)
		}
	}
	tuples := new(big.Int).Mul(perm(t.TotalAZs(), r), perm(max(1, t.Versions), r))
	scale := new(big.Rat).SetFrac(new(big.Int).MulRange(1, int64(r)), tuples) // R! orders a matching
	for h := range dist {
		dist[h].Mul(dist[h], scale)
	}
	return dist, tuples, nil
}

// mulPoly is the product of two polynomials given by their coefficients.
func mulPoly(a, b []*big.Rat) []*big.Rat {
	out := make([]*big.Rat, len(a)+len(b)-1)
	for i := range out {
		out[i] = new(big.Rat)
	}
	for i, x := range a {
		for j, y := range b {
			if x.Sign() != 0 && y.Sign() != 0 {
				out[i+j].Add(out[i+j], new(big.Rat).Mul(x, y))
			}
		}
	}
	return out
}

// perm is n!/(n-r)!, the ordered choices of r of n.
func perm(n, r int) *big.Int { return perm64(int64(n), int64(r)) }

func perm64(n, r int64) *big.Int {
	p := big.NewInt(1)
	for i := range r {
		p.Mul(p, big.NewInt(n-i))
	}
	return p
}

// binom is n choose k, 0 outside 0 <= k <= n.
func binom(n, k int64) *big.Int {
	if k < 0 || k > n {
		return new(big.Int)
	}
	return new(big.Int).Binomial(n, k)
}

// binomial is the chance of k successes in n trials of chance f.
func binomial(n, k int64, f *big.Rat) *big.Rat {
	p := new(big.Rat).SetInt(binom(n, k))
	miss := new(big.Rat).Sub(big.NewRat(1, 1), f)
	for range k {
		p.Mul(p, f)
	}
	for range n - k {
		p.Mul(p, miss)
	}
	return p
}
