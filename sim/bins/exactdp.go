package bins

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"sync"

	"github.com/loadlab/loadlab/sim/engine"
)

// DPStrategies are the rules the exact dynamic programme handles: those
// whose choice depends only on the loads of i.i.d. uniform candidates.
var DPStrategies = []Kind{One, Two, DChoice, Anti}

// MaxDPStates bounds the number of load multisets the last step may hold:
// at 300,000 (n = m = 52) a rule takes about a minute on this machine.
const MaxDPStates = 300_000

// ExactDP computes the exact distribution of the max load of rule kind
// (with d candidates for DChoice) after balls balls into bins bins.
//
// Bins are exchangeable, so the state is the multiset of loads, kept as a
// descending list. With S(>=v) bins at load v or more, a ball under the
// min-of-d rule lands on a bin of load v for (S(>=v))^d - (S(>v))^d of the
// n^d candidate tuples; under anti (max of two) for S(<=v)^2 - S(<v)^2; one
// choice is min-of-1. Counting tuples instead of multiplying probabilities
// keeps everything in exact integers; the total is n^(d*balls).
func ExactDP(ctx context.Context, kind Kind, d, bins, balls int) (Exact, error) {
	return exactDPs.Get(dpKey{kind, d, bins, balls}, func() (Exact, error) { return exactDP(ctx, kind, d, bins, balls) })
}

// dpKey is an exact DP's question.
type dpKey struct {
	kind           Kind
	d, bins, balls int
}

// exactDPs keeps the latest exact distributions: a DP of 32 bins takes a
// fraction of a second, and a view opened again asks again.
var exactDPs = engine.Memo[dpKey, Exact]{Size: 64}

func exactDP(ctx context.Context, kind Kind, d, bins, balls int) (Exact, error) {
	switch kind {
	case One:
		d = 1
	case Two, Anti:
		d = 2
	case DChoice:
		if d < 1 || d > bins {
			return Exact{}, engine.Invalid("d", "must be in 1..%d (the number of bins), got %d", bins, d)
		}
	default:
		return Exact{}, fmt.Errorf("the exact DP handles one, two, dchoice and anti, not %s", kind)
	}
	if err := checkDPSize(bins, balls); err != nil {
		return Exact{}, err
	}
	n := int64(bins)
	power := func(x int64) *big.Int { return new(big.Int).Exp(big.NewInt(x), big.NewInt(int64(d)), nil) }
	states := map[string]*big.Int{string(make([]byte, bins)): big.NewInt(1)}
	weight := new(big.Int)
	for range balls {
		next := make(map[string]*big.Int, len(states)*2)
		seen := 0
		for key, count := range states {
			if seen++; seen%1024 == 0 && ctx.Err() != nil {
				return Exact{}, ctx.Err()
			}
			loads := []byte(key) // descending
			for i := 0; i < bins; {
				v := loads[i]
				j := i
				for j < bins && loads[j] == v {
					j++
				}
				atLeast, above := int64(j), int64(i) // bins with load >= v, > v
				if kind == Anti {
					atMost, below := n-above, n-atLeast
					weight.Sub(power(atMost), power(below))
				} else {
					weight.Sub(power(atLeast), power(above))
				}
				if weight.Sign() > 0 {
					loads[i]++ // the leftmost bin of load v keeps the list descending
					k := string(loads)
					loads[i]--
					add := new(big.Int).Mul(count, weight)
					if cur, ok := next[k]; ok {
						cur.Add(cur, add)
					} else {
						next[k] = add
					}
				}
				i = j
			}
		}
		states = next
		if err := ctx.Err(); err != nil {
			return Exact{}, err
		}
	}
	total := new(big.Int).Exp(big.NewInt(n), big.NewInt(int64(d*balls)), nil)
	byMax := make([]*big.Int, balls+1)
	for i := range byMax {
		byMax[i] = new(big.Int)
	}
	keys := make([]string, 0, len(states))
	for k := range states {
		keys = append(keys, k)
	}
	slices.Sort(keys) // sums are exact, but keep the order fixed anyway
	for _, k := range keys {
		byMax[k[0]].Add(byMax[k[0]], states[k])
	}
	out := Exact{}
	for _, c := range byMax {
		out.Prob = append(out.Prob, new(big.Rat).SetFrac(c, total))
	}
	for len(out.Prob) > 1 && out.Prob[len(out.Prob)-1].Sign() == 0 {
		out.Prob = out.Prob[:len(out.Prob)-1]
	}
	return out, nil
}

// checkDPSize refuses sizes the DP cannot hold or finish in about a minute.
func checkDPSize(bins, balls int) error {
	if bins < 1 || bins > 255 || balls < 1 || balls > 255 {
		return engine.Invalid("bins", "and balls must be in 1..255 for the DP, got %d and %d", bins, balls)
	}
	if s := partitionsAtMost(balls, bins); s > MaxDPStates {
		return fmt.Errorf("the DP at %d balls into %d bins holds %.3g load multisets, over its bound of %d (about a minute per rule): lower the bins or the balls", balls, bins, s, MaxDPStates)
	}
	return nil
}

// ExactDPs runs ExactDP for several rules at once, one goroutine each.
func ExactDPs(ctx context.Context, kinds []Kind, d, bins, balls int) ([]Exact, error) {
	out := make([]Exact, len(kinds))
	errs := make([]error, len(kinds))
	var wg sync.WaitGroup
	for i, k := range kinds {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i], errs[i] = ExactDP(ctx, k, d, bins, balls)
		}()
	}
	wg.Wait()
	return out, errors.Join(errs...)
}

// partitionsAtMost counts the partitions of m into at most k parts: the
// number of load multisets of m balls in k bins.
func partitionsAtMost(m, k int) float64 {
	// p[j] over parts of size at most k (conjugate partitions); float64
	// holds every count this needs to the digit it is printed to.
	p := make([]float64, m+1)
	p[0] = 1
	for part := 1; part <= k; part++ {
		for j := part; j <= m; j++ {
			p[j] += p[j-part]
		}
	}
	return p[m]
}
