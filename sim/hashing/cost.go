package hashing

import (
	"cmp"
	"math"
	"slices"
	"strconv"

	"github.com/loadlab/loadlab/sim/engine"
)

// Costs of the engine's steps on one core, in nanoseconds, measured on this
// project's 2-core machine (BenchmarkCostModel prints the estimate against
// the measured time and heap of a range of runs).
const (
	nsKey      = 50  // naming and hashing a key
	nsNode     = 80  // naming a node
	nsNodePass = 150 // a node's part of a study: its copies in the mappings, its count, its weight's share
	nsRemoved  = 50  // drawing a node that leaves, and marking it
	nsKeyPass  = 5   // a key's part of a study beside its lookups: its count, its owners compared
	nsLookup   = 10  // a lookup's own cost, beside its scores or its search
	nsScore    = 1.0 // HRW: one score, over the nodes' hashes in a row
	nsWeighted = 9.0 // weighted HRW: one score, a logarithm
	// raw HRW: one score, an FNV-1a pass over the node's name
	nsRawScore, nsRawByte = 0.6, 0.33
	nsSkeletonScore       = 3.5 // the skeleton: one score, a cluster's or a leaf node's
	nsSkeletonNode        = 20  // laying the skeleton: a node
	// the ring: laying a point (computed twice, placed, its bucket sorted),
	// a point kept or dropped when the ring without the nodes that leave is
	// laid, and a step past a point of a node that left
	nsPoint, nsPointKept, nsWalk = 25.0, 8.0, 5.0
	// jump: a step of its loop, about ln n of them a lookup; maglev: an
	// entry of its table filled (its permutations' probes as it fills);
	// bounded: a key's walk past full nodes
	nsJumpStep, nsMaglevEntry, nsBoundedWalk = 6.0, 55.0, 50.0
	// nsStudy is a study's fixed cost; nsRun the run's.
	nsStudy, nsRun = 2e4, 1e5
	baseBytes      = 8 << 20
	// jsonStudyBytes is one study in the JSON report, shares and removed
	// nodes aside; jsonShareBytes a weight's share.
	jsonStudyBytes, jsonShareBytes = 600, 100
)

// missNs is the time of a read at a random place in a structure of the
// given size: none while it fits the core's cache, then the shared cache's,
// then, with its misses of the address cache, main memory's.
func missNs(bytes float64) float64 {
	switch {
	case bytes <= 1<<20:
		return 0
	case bytes <= 8<<20:
		return 30
	}
	return 100
}

// ringLookupNs is a binary search over p points: a probe a halving, the
// last levels (past 2^17 points, 1 MB of them) missing the core's cache and
// those past 2^21 points (16 MB) the shared one.
func ringLookupNs(p float64) float64 {
	l := math.Log2(max(p, 2))
	return nsLookup + 10 + 4*l + 30*min(max(l-17, 0), 4) + 90*max(l-21, 0)
}

// skeletonShape is the skeleton's levels below the root and the nodes in a
// leaf, as buildSkeleton lays them.
func skeletonShape(n, fanout int) (levels int, leaf float64) {
	leaves := 1
	for leaves*fanout*fanout <= n {
		leaves *= fanout
		levels++
	}
	return levels, float64(n) / float64(leaves)
}

// lookupNs is the estimated time of one lookup by a scheme over n nodes.
func lookupNs(sc Scheme, n, vnodes, fanout int) float64 {
	nodes := float64(n)
	switch sc {
	case Ring:
		return ringLookupNs(nodes * float64(vnodes))
	case Bounded:
		return ringLookupNs(nodes*float64(vnodes)) + nsBoundedWalk
	case Jump:
		return nsLookup + nsJumpStep*math.Log(nodes+1)
	case Maglev:
		return nsLookup + missNs(4*float64(TableFor(n)))
	case Skeleton:
		levels, leaf := skeletonShape(n, fanout)
		return nsLookup + nsSkeletonScore*(float64(levels*fanout)+leaf) + 3*missNs(nodes*12)
	case WeightedHRW:
		return nsLookup + nodes*nsWeighted
	case RawHRW:
		name := float64(len("node-" + strconv.Itoa(max(n-1, 0))))
		return nsLookup + nodes*(nsRawScore+name*nsRawByte)
	}
	return nsLookup + nodes*nsScore
}

// costTerms adds up a run's work, each term credited to the fields whose
// values it grows with. (A pass that a field set to 0 drops, the joining
// nodes' lookups say, is not credited to it beyond what grows with it: the
// refusal names the fields that make the run large.)
type costTerms struct {
	total float64
	by    map[string]float64
}

func (c *costTerms) add(v float64, levers ...string) {
	c.total += v
	for _, l := range levers {
		c.by[l] += v
	}
}

// levers are the fields credited with 40 % of the total or more, the one
// credited most first; at least that one.
func (c *costTerms) levers(order ...string) []string {
	out := slices.Clone(order)
	slices.SortStableFunc(out, func(a, b string) int { return cmp.Compare(c.by[b], c.by[a]) })
	keep := 1
	for keep < len(out) && c.by[out[keep]] >= 0.4*c.total {
		keep++
	}
	return out[:keep]
}

// Cost estimates a run before it starts: its work on one core, its peak
// memory and the size of its JSON report. Each scheme maps every key over
// all the nodes, again without the removed ones (if any), and again with
// the added ones (if any), each lookup its scheme's scores or search; the
// ring is laid once, with at most one ring beside it: the one without the
// nodes that leave when more than half leave, or the joining nodes' own.
// The heap holds the keys, the nodes in each mapping, those rings, and the
// report.
func (s Spec) Cost() engine.Cost {
	schemes, _ := s.schemes()
	keys, n, r, a, v := float64(s.Keys), float64(s.Nodes), float64(s.Remove), float64(s.Add), float64(s.VNodes)
	t := costTerms{by: map[string]float64{}}
	t.add(nsRun)
	t.add(keys*nsKey, "keys")
	t.add(n*nsNode, "nodes")
	t.add(a*nsNode, "add")
	t.add(r*nsRemoved*float64(len(schemes)+1), "remove")
	// the ring, and the one beside it: without the nodes that left, or
	// the joining nodes' own
	var ringBytes, withoutBytes, joiningBytes, skeletonBytes float64
	for _, sc := range schemes {
		t.add(nsStudy)
		t.add(n*nsNodePass, "nodes")
		t.add(keys*nsKeyPass, "keys")
		// count lookups over nodes: HRW's scores are the nodes', the
		// joining ones apart; the skeleton's cost grows slowly with them
		lookups := func(nodes int, count float64, levers ...string) {
			if sc != HRW && sc != WeightedHRW && sc != RawHRW { // no pass over the nodes' scores
				t.add(count*lookupNs(sc, nodes, s.VNodes, s.Fanout), levers...)
				return
			}
			scores := lookupNs(sc, nodes, 1, 2) - lookupNs(sc, 0, 1, 2)
			old := min(float64(nodes), n)
			t.add(count*nsLookup, levers...)
			t.add(count*scores*old/float64(nodes), append(levers, "nodes")...)
			t.add(count*scores*(1-old/float64(nodes)), append(levers, "add")...)
		}
		lookups(s.Nodes, keys, "keys")
		if s.TimeLookups {
			lookups(s.Nodes, math.Min(keys, timedLookups), "keys", "time-lookups")
		}
		switch sc {
		case Ring:
			p := n * v
			t.add(p*nsPoint, "nodes", "vnodes")
			ringBytes = 12 * p
			// Up to half the nodes leaving, each key walks past their
			// points on the ring; more, and the ring without them is laid
			// beside it.
			if f := r / n; s.Remove > 0 && 2*s.Remove <= s.Nodes {
				t.add(keys*(ringLookupNs(p)+nsWalk*f/(1-f)), "keys")
			} else if s.Remove > 0 {
				t.add(p*nsPointKept, "nodes", "vnodes")
				t.add(keys*ringLookupNs(p-r*v), "keys")
				withoutBytes = 12 * (p - r*v)
			}
			// The joining nodes' points are a ring of their own beside
			// it, and each key is looked up on both.
			if s.Add > 0 {
				t.add(a*v*nsPoint, "add", "vnodes")
				t.add(keys*ringLookupNs(p), "keys")
				t.add(keys*ringLookupNs(a*v), "keys", "add")
				joiningBytes = 12 * a * v
			}
		case Maglev:
			size := float64(s.Table)
			if size == 0 {
				size = float64(TableFor(s.Nodes))
			}
			fills := 1.0 // the table, and again without the nodes that leave and with those that join
			if s.Remove > 0 {
				fills++
				lookups(s.Nodes-s.Remove, keys, "keys")
			}
			if s.Add > 0 {
				fills++
				lookups(s.Nodes+s.Add, keys, "keys")
			}
			t.add(fills*size*(nsMaglevEntry+1.2*missNs(4*size)), "nodes") // a table past the caches misses on its probes
			ringBytes = 8 * size                                          // the table, and the one beside it
		case Bounded:
			p := n * v
			t.add(p*nsPoint, "nodes", "vnodes")
			ringBytes = 12 * p
			if s.Remove > 0 {
				t.add(p*nsPointKept, "nodes", "vnodes")
				lookups(s.Nodes-s.Remove, keys, "keys")
				withoutBytes = 12 * (p - r*v)
			}
			if s.Add > 0 {
				t.add(a*v*nsPoint+p*nsPointKept, "add", "vnodes")
				lookups(s.Nodes+s.Add, keys, "keys")
				joiningBytes = 12 * (p + a*v)
			}
		case Skeleton:
			t.add(n*nsSkeletonNode, "nodes")
			if s.Remove > 0 {
				lookups(s.Nodes-s.Remove, keys, "keys")
			}
			if s.Add > 0 {
				t.add(n*nsSkeletonNode, "nodes") // laid again with the joining nodes
				t.add(a*nsSkeletonNode, "add")
				lookups(s.Nodes+s.Add, keys, "keys")
			}
			skeletonBytes = 24 * (n + a)
		default:
			if s.Remove > 0 {
				lookups(s.Nodes-s.Remove, keys, "keys")
			}
			if s.Add > 0 {
				lookups(s.Nodes+s.Add, keys, "keys")
			}
		}
	}
	cost := engine.Cost{Seconds: t.total / 1e9, TimeLevers: t.levers("keys", "nodes", "add", "vnodes", "remove", "time-lookups")}

	// Memory: the keys' names (in one string), hashes and owners; the
	// nodes, in each mapping and counted; the removed nodes; the ring with
	// the one beside it; and the report.
	k := float64(len(schemes))
	name := float64(len("k"+strconv.FormatInt(s.Seed, 10)+"-") + len(strconv.Itoa(max(s.Keys-1, 0))))
	keyBytes := keys * (16 + name + 8 + 16) // owners: three lists, and the last scheme's garbage
	nodeBytes := n*(48+40+40+10+8*k) + r*(8*(2+k)+40) + skeletonBytes*n/(n+a)
	addBytes := a*(48+40+8) + skeletonBytes*a/(n+a)
	nodeBytes += ringBytes
	if joiningBytes > withoutBytes {
		addBytes += joiningBytes
	} else {
		nodeBytes += withoutBytes
	}
	ws, _ := s.weights()
	shares, digits := float64(min(len(ws), s.Nodes)), float64(len(strconv.Itoa(max(s.Nodes-1, 0))))
	// measured: 1.35 times the parts' sum, the JSON's keys and indentation
	cost.OutputBytes = 1.4 * (k*(jsonStudyBytes+shares*jsonShareBytes) + r*(digits+6)*k + r*2*(k-1))
	cost.Bytes = baseBytes + keyBytes + nodeBytes + addBytes + 3*cost.OutputBytes
	m := costTerms{total: cost.Bytes, by: map[string]float64{"keys": keyBytes, "nodes": nodeBytes, "add": addBytes,
		"vnodes": ringBytes + max(withoutBytes, joiningBytes)}}
	cost.MemoryLevers = m.levers("keys", "nodes", "vnodes", "add")
	cost.OutputLevers = []string{"remove"}
	if len(schemes) > 1 {
		cost.OutputLevers = append(cost.OutputLevers, "against")
	}
	return cost
}
