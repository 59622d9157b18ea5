package placement

import "math/big"

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

// Fraction writes x over the cases of e: "732/2925", or "0" and "1".
func (e Exact) Fraction(x *big.Rat) string {
	if x.Sign() == 0 || x.Cmp(big.NewRat(1, 1)) == 0 {
		return x.RatString()
	}
	num, rem := new(big.Int).QuoRem(new(big.Int).Mul(x.Num(), e.Of), x.Denom(), new(big.Int))
	if rem.Sign() != 0 { // not a whole count of the cases: the reduced fraction
		return x.RatString()
	}
	return num.String() + "/" + e.Of.String()
}

// exact works the chances out by counting. Random, rack-aware and az-aware
// pick R distinct domains uniformly (nodes, racks or AZs) and a node
// uniformly within each; they treat every location of an event alike, so
// one location stands for all. Within a span of failed nodes a domain is
// wholly down, partly down (a fraction f of its nodes) or up: choosing x
// wholly down, y partly down and z up domains, x + Binomial(y, f) replicas
// are hit. Greedy is fixed, so its locations are counted one by one.
func exact(s Strategy, e Event, t Topology, r int) Exact {
	lost := lossThreshold(r)
	if s == Greedy {
		locs := e.Locations(t)
		maj, all := 0, 0
		for loc := range locs {
			lo, hi := e.Span(t, loc)
			hits := max(0, min(hi, r)-lo) // replicas 0..r-1 inside [lo, hi)
			if hits >= lost {
				maj++
			}
			if hits == r {
				all++
			}
		}
		return Exact{big.NewRat(int64(maj), int64(locs)), big.NewRat(int64(all), int64(locs)), big.NewInt(int64(locs))}
	}
	count, size := s.domains(t)
	lo, hi := e.Span(t, 0)
	var full, partial int64
	var f *big.Rat // the share of a partly down domain's nodes that are down
	for d := range count {
		down := max(0, min(hi, (d+1)*size)-max(lo, d*size))
		switch {
		case down == size:
			full++
		case down > 0:
			partial++
			f = big.NewRat(int64(down), int64(size))
		}
	}
	up := int64(count) - full - partial
	dist := make([]*big.Rat, r+1) // chance of h hits
	for h := range dist {
		dist[h] = new(big.Rat)
	}
	total := binom(int64(count), int64(r))
	for x := int64(0); x <= int64(r); x++ {
		for y := int64(0); x+y <= int64(r); y++ {
			z := int64(r) - x - y
			ways := new(big.Int).Mul(binom(full, x), binom(partial, y))
			ways.Mul(ways, binom(up, z))
			if ways.Sign() == 0 {
				continue
			}
			p := new(big.Rat).SetFrac(ways, total)
			for k := int64(0); k <= y; k++ { // k of the y partly down domains hit
				q := new(big.Rat).Set(p)
				if y > 0 {
					q.Mul(q, binomial(y, k, f))
				}
				dist[x+k].Add(dist[x+k], q)
			}
		}
	}
	of := new(big.Int).Set(total) // the choices of domains, times a node in each partly down one
	if partial > 0 {
		of.Mul(of, new(big.Int).Exp(big.NewInt(int64(size)), big.NewInt(min(partial, int64(r))), nil))
	}
	ex := Exact{new(big.Rat), new(big.Rat).Set(dist[r]), of}
	for h := lost; h <= r; h++ {
		ex.LoseMajority.Add(ex.LoseMajority, dist[h])
	}
	return ex
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
