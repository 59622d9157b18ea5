package placement

import (
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
// which are averaged. Greedy is fixed, so its locations are counted one by
// one; Diverse's choices of AZs and versions are enumerated. An Exact with
// nil fields means there were too many cases to count.
func exact(s Strategy, e Event, t Topology, r int) Exact {
	lost := lossThreshold(r)
	locs := e.Locations(t)
	if s == Greedy {
		maj, all := 0, 0
		for loc := range locs {
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
		return Exact{big.NewRat(int64(maj), int64(locs)), big.NewRat(int64(all), int64(locs)), big.NewInt(int64(locs))}
	}
	averaged := locs
	if e != VersionFailure {
		averaged = 1 // every location alike
	}
	dist := make([]*big.Rat, r+1) // chance of h hits, summed over locations
	for h := range dist {
		dist[h] = new(big.Rat)
	}
	of := big.NewInt(int64(averaged))
	for loc := range averaged {
		var d []*big.Rat
		var cases *big.Int
		if s == Diverse {
			if d, cases = diverseHits(e.failure(t, loc), t, r); d == nil {
				return Exact{}
			}
		} else {
			d, cases = domainHits(s, e.failure(t, loc), t, r)
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

// domainHits is the chance of each number of hits when R distinct domains
// are chosen uniformly and a node uniformly in each, and the count of
// equally likely cases behind it.
func domainHits(s Strategy, f failure, t Topology, r int) ([]*big.Rat, *big.Int) {
	count, size := s.domains(t)
	groups := make([]int64, size+1) // domains by how many of their nodes are down
	for d := range count {
		down := 0
		for n := d * size; n < (d+1)*size; n++ {
			if f.down(n) {
				down++
			}
		}
		groups[down]++
	}
	// ways[j][h]: choices of j domains so far, weighted by the chance of h
	// hits among them.
	ways := [][]*big.Rat{{big.NewRat(1, 1)}}
	partial := int64(0)
	for down, n := range groups {
		if n == 0 {
			continue
		}
		if down > 0 && down < size {
			partial += n
		}
		p := big.NewRat(int64(down), int64(size))
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

// maxDiverseCases bounds the enumeration of Diverse's choices.
const maxDiverseCases = 2_000_000

// diverseHits enumerates Diverse's ordered choices of AZs and versions;
// given them, each replica is hit with the share of its cell's nodes that
// are down. It returns nil when the choices are too many to count.
func diverseHits(f failure, t Topology, r int) ([]*big.Rat, *big.Int) {
	vs := max(1, t.Versions)
	tuples := new(big.Int).Mul(perm(t.AZs, r), perm(vs, r))
	if !tuples.IsInt64() || tuples.Int64() > maxDiverseCases {
		return nil, nil
	}
	hit := make([][]*big.Rat, t.AZs) // [az][version]: chance a replica there is hit
	cases := big.NewInt(1)
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
			d := []*big.Rat{big.NewRat(1, 1)} // Poisson-binomial over the replicas
			for i := range r {
				p := hit[azs[i]][versions[i]]
				q := new(big.Rat).Sub(big.NewRat(1, 1), p)
				next := make([]*big.Rat, len(d)+1)
				for h := range next {
					next[h] = new(big.Rat)
				}
				for h, v := range d {
					next[h].Add(next[h], new(big.Rat).Mul(v, q))
					next[h+1].Add(next[h+1], new(big.Rat).Mul(v, p))
				}
				d = next
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
	return dist, cases.Mul(cases, tuples)
}

// perm is n!/(n-r)!, the ordered choices of r of n.
func perm(n, r int) *big.Int {
	p := big.NewInt(1)
	for i := range r {
		p.Mul(p, big.NewInt(int64(n-i)))
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
