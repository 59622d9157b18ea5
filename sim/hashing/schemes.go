package hashing

import (
	"context"
	"slices"
	"sort"
	"strconv"

	"github.com/loadlab/loadlab/sim/engine"
)

// Scheme names a mapping.
type Scheme int

// The schemes.
const (
	HRW Scheme = iota
	WeightedHRW
	Skeleton
	Ring
	RawHRW // HRW on an unmixed FNV-1a score of key and node together: the skew to avoid
	Jump   // Lamping and Veach's jump consistent hash: buckets numbered 0..n-1
	Maglev // Maglev's lookup table of a prime size M, filled by each node's permutation in turn
	// Bounded is a ring whose nodes each take at most ceil((1+ε) x the
	// mean) keys, a full node's keys going on clockwise (Mirrokni,
	// Thorup and Zadimoghaddam's consistent hashing with bounded loads).
	Bounded
)

var schemeNames = [...]string{"hrw", "weighted-hrw", "skeleton", "ring", "raw-hrw", "jump", "maglev", "bounded"}

func (s Scheme) String() string { return schemeNames[s] }

// ParseScheme reads a scheme's name.
func ParseScheme(name string) (Scheme, error) { return engine.ParseName[Scheme](schemeNames[:], name) }

// Node is a member: its name, hash and weight.
type Node struct {
	Name   string
	hash   uint64
	Weight float64
}

// NewNode names node i "node-i".
func NewNode(i int, weight float64) Node {
	name := "node-" + strconv.Itoa(i)
	return Node{Name: name, hash: fnv1a(name), Weight: weight}
}

// Mapping maps key hashes to nodes by one scheme over a set of nodes.
type Mapping struct {
	scheme Scheme
	nodes  []Node
	shape
	// ring and bounded: the virtual nodes' points, sorted, and their nodes
	points []uint64
	owner  []int32
	// maglev: each table entry's node
	tableOwner []int32
	// skeleton: a complete tree of fanout-way clusters over leaves, the
	// ids of each level (ids[d] has fanout^d), and each leaf's nodes
	ids    [][]uint64
	leaves [][]int32
	empty  [][]bool // per level, clusters whose nodes have all left
	// hashes are the nodes' hashes in one array, for the loops
	hashes []uint64
}

// shape is what a scheme is built with beyond its nodes: the ring's
// virtual nodes a node, the skeleton's fanout, Maglev's table size (0:
// the smallest prime above 100 x the nodes, then kept through changes)
// and the bounded ring's ε.
type shape struct {
	vnodes, fanout, table int
	epsilon               float64
}

// NewMapping builds a scheme over the nodes; vnodes is the ring's virtual
// nodes a node, fanout the skeleton's (Maglev's table and the bounded
// ring's ε at their defaults).
func NewMapping(s Scheme, nodes []Node, vnodes, fanout int) *Mapping {
	m, _ := newMapping(context.Background(), s, slices.Clone(nodes), shape{vnodes: vnodes, fanout: fanout, epsilon: DefaultEpsilon})
	return m
}

// MappingFor builds a scheme over the nodes as spec shapes it.
func MappingFor(s Scheme, nodes []Node, spec Spec) *Mapping {
	m, _ := newMapping(context.Background(), s, slices.Clone(nodes), spec.shape())
	return m
}

// newMapping is NewMapping over nodes that no one changes (it keeps them),
// stopped by ctx while it lays a ring or a skeleton.
func newMapping(ctx context.Context, s Scheme, nodes []Node, sh shape) (*Mapping, error) {
	m := &Mapping{scheme: s, nodes: nodes, shape: sh, hashes: hashesOf(nodes)}
	switch s {
	case Maglev:
		if m.table == 0 {
			m.table = TableFor(len(nodes))
		}
		if err := m.fillTable(ctx); err != nil {
			return nil, err
		}
	case Ring, Bounded:
		var err error
		if m.points, m.owner, err = ringOf(ctx, m.hashes, m.vnodes, 0); err != nil {
			return nil, err
		}
	case Skeleton:
		if err := m.buildSkeleton(ctx); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// checkEvery is the work (ring points, scores) between two looks at the
// context: about a millisecond of it at most.
const checkEvery = 1 << 16

// pointAt is node hash h's v-th point on the ring.
func pointAt(h uint64, v int) uint64 { return mix(h ^ mix(uint64(v)+1)) }

// ringOf lays the points of the nodes whose hashes are given (node i is
// numbered first+i) on a ring: the points sorted, ties by node, and each
// point's node. The points are uniform hashes, sorted by their bits in two
// levels that each stay in cache: first counted and placed by their top
// bits into buckets of some 2^15 points (computed twice rather than held
// twice), then each bucket the same way by its next bits into a few points
// each, sorted by insertion. Both levels are stable, and the points come in
// the order of their nodes, so that ties are in that order. Beside the
// ring's own arrays it holds one bucket's points and its counts.
func ringOf(ctx context.Context, hashes []uint64, vnodes, first int) ([]uint64, []int32, error) {
	total := len(hashes) * vnodes
	bits := 0
	for bits < 10 && total > 1<<(bits+15) {
		bits++
	}
	shift := uint(64 - bits) // 64: one bucket (x >> 64 is 0 in Go)
	// end[b+1] counts bucket b's points; summed, end[b] is where bucket b
	// starts, and after the points are placed, where it ends.
	end := make([]int, 1<<bits+1)
	work := 0
	check := func(n int) error {
		if work += n; work >= checkEvery {
			work = 0
			return ctx.Err()
		}
		return nil
	}
	for _, h := range hashes {
		for v := range vnodes {
			end[pointAt(h, v)>>shift+1]++
		}
		if err := check(vnodes); err != nil {
			return nil, nil, err
		}
	}
	for b := 1; b < len(end); b++ {
		end[b] += end[b-1]
	}
	points, owner := make([]uint64, total), make([]int32, total)
	for i, h := range hashes {
		for v := range vnodes {
			x := pointAt(h, v)
			at := &end[x>>shift]
			points[*at], owner[*at] = x, int32(first+i)
			*at++
		}
		if err := check(vnodes); err != nil {
			return nil, nil, err
		}
	}
	var sc bucketScratch
	lo := 0
	for _, hi := range end[:len(end)-1] {
		sc.sort(points[lo:hi], owner[lo:hi], uint(bits))
		if err := check(hi - lo); err != nil {
			return nil, nil, err
		}
		lo = hi
	}
	return points, owner, nil
}

// bucketScratch is the memory a bucket's sort reuses.
type bucketScratch struct {
	points []uint64
	owner  []int32
	end    []int
}

// sort sorts a bucket's points, whose top bits (skip of them) are all
// alike, and their nodes with them, stably.
func (sc *bucketScratch) sort(points []uint64, owner []int32, skip uint) {
	n := len(points)
	if n <= 32 {
		sortPoints(points, owner)
		return
	}
	bits := 0
	for bits < 24 && 4<<bits <= n {
		bits++
	}
	shift := uint(64 - bits)
	sc.points, sc.owner = append(sc.points[:0], points...), append(sc.owner[:0], owner...)
	if cap(sc.end) < 1<<bits+1 {
		sc.end = make([]int, 1<<bits+1)
	}
	end := sc.end[:1<<bits+1]
	clear(end)
	for _, x := range points {
		end[x<<skip>>shift+1]++
	}
	for b := 1; b < len(end); b++ {
		end[b] += end[b-1]
	}
	for k, x := range sc.points {
		at := &end[x<<skip>>shift]
		points[*at], owner[*at] = x, sc.owner[k]
		*at++
	}
	lo := 0
	for _, hi := range end[:len(end)-1] {
		sortPoints(points[lo:hi], owner[lo:hi])
		lo = hi
	}
}

// sortPoints sorts a few points, and their nodes with them, stably.
func sortPoints(points []uint64, owner []int32) {
	if len(points) > 32 {
		sort.Stable(ringSlice{points, owner})
		return
	}
	for i := 1; i < len(points); i++ {
		x, o := points[i], owner[i]
		j := i
		for ; j > 0 && points[j-1] > x; j-- {
			points[j], owner[j] = points[j-1], owner[j-1]
		}
		points[j], owner[j] = x, o
	}
}

type ringSlice struct {
	points []uint64
	owner  []int32
}

func (r ringSlice) Len() int           { return len(r.points) }
func (r ringSlice) Less(i, j int) bool { return r.points[i] < r.points[j] }
func (r ringSlice) Swap(i, j int) {
	r.points[i], r.points[j] = r.points[j], r.points[i]
	r.owner[i], r.owner[j] = r.owner[j], r.owner[i]
}

// buildSkeleton lays a complete fanout-way tree over fanout^k leaves, k
// as large as leaves of at least fanout nodes allow, and splits the nodes
// in order over the leaves as evenly as can be (sizes differ by one). Every
// cluster of a level then holds as many leaves, so that a plain score at
// each level spreads keys evenly (to the leaves' one-node difference, a few
// per cent at most), with no weights to compute. A cluster's id is its
// level and place, which a leaving node does not change.
func (m *Mapping) buildSkeleton(ctx context.Context) error {
	n, f := len(m.nodes), m.fanout
	leaves := 1
	for leaves*f*f <= n {
		leaves *= f
	}
	for d, width := 0, 1; width <= leaves; d, width = d+1, width*f {
		ids, empty := make([]uint64, width), make([]bool, width)
		for i := range ids {
			ids[i] = mix(uint64(d)<<40 | uint64(i) + 1)
		}
		m.ids, m.empty = append(m.ids, ids), append(m.empty, empty)
	}
	m.leaves = make([][]int32, leaves)
	all := make([]int32, n) // the leaves' nodes, in order
	for i := range all {
		if i%checkEvery == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		all[i] = int32(i)
	}
	for j := range leaves {
		lo, hi := n*j/leaves, n*(j+1)/leaves
		m.leaves[j] = all[lo:hi:hi]
	}
	return nil
}

// Owner is the index (in the nodes given) of key k's node.
func (m *Mapping) Owner(key string, kh uint64) int {
	switch m.scheme {
	case Jump:
		return jump(mix(kh), len(m.nodes))
	case Maglev:
		return int(m.tableOwner[mix(kh)%uint64(len(m.tableOwner))])
	case Ring, Bounded: // Bounded's first choice; its keys are placed by Assign
		return int(m.owner[m.firstPoint(mix(kh))])
	case Skeleton:
		c := 0 // the root's place in its level
		for d := 1; d < len(m.ids); d++ {
			first := c * m.fanout
			ids, empty := m.ids[d][first:first+m.fanout], m.empty[d][first:first+m.fanout]
			best, bestScore := -1, uint64(0)
			for k, id := range ids {
				if s := score(kh, id); !empty[k] && (best < 0 || s > bestScore) {
					best, bestScore = k, s
				}
			}
			c = first + best
		}
		best, bestScore := -1, uint64(0)
		for _, n := range m.leaves[c] {
			if s := score(kh, m.hashes[n]); best < 0 || s > bestScore {
				best, bestScore = int(n), s
			}
		}
		return best
	case WeightedHRW:
		best, bestScore := 0, -1.0
		for i, n := range m.nodes {
			if s := weighted(score(kh, n.hash), n.Weight); s > bestScore {
				best, bestScore = i, s
			}
		}
		return best
	case RawHRW:
		best, bestScore, raw := 0, uint64(0), fnv1a(key)
		for i, n := range m.nodes {
			if s := fnv1aMore(raw, n.Name); i == 0 || s > bestScore {
				best, bestScore = i, s
			}
		}
		return best
	}
	best, bestScore := 0, uint64(0)
	for i, h := range m.hashes {
		if s := score(kh, h); i == 0 || s > bestScore {
			best, bestScore = i, s
		}
	}
	return best
}

// Without is the mapping with node i gone. HRW and the ring lose it from
// their sets; the skeleton drops it from its cluster and keeps every id,
// so that only its keys move (a cluster left empty is passed over).
func (m *Mapping) Without(i int) *Mapping {
	out, _ := m.withoutAll(context.Background(), []int{i})
	return out
}

// withoutAll is the mapping with the nodes removed (indices in m's order)
// gone at once: the mapping that taking them out one by one would leave,
// the others keeping their order. The ring keeps its order and drops the
// points of the nodes that left, the skeleton its ids.
func (m *Mapping) withoutAll(ctx context.Context, removed []int) (*Mapping, error) {
	if len(removed) == 0 {
		return m, nil
	}
	// at[i] is node i's index once the others have gone; -1: it left
	at := make([]int32, len(m.nodes))
	for _, i := range removed {
		at[i] = -1
	}
	nodes := make([]Node, 0, len(m.nodes)-len(removed))
	for i, n := range m.nodes {
		if at[i] >= 0 {
			at[i] = int32(len(nodes))
			nodes = append(nodes, n)
		}
	}
	out := &Mapping{scheme: m.scheme, nodes: nodes, shape: m.shape, hashes: hashesOf(nodes)}
	switch m.scheme {
	case Maglev: // the table is filled again, of the same size
		if err := out.fillTable(ctx); err != nil {
			return nil, err
		}
	case Ring, Bounded:
		n := len(nodes) * m.vnodes
		out.points, out.owner = make([]uint64, 0, n), make([]int32, 0, n)
		for lo := 0; lo < len(m.points); lo += checkEvery {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			hi := min(lo+checkEvery, len(m.points))
			for k, o := range m.owner[lo:hi] {
				if to := at[o]; to >= 0 {
					out.points, out.owner = append(out.points, m.points[lo+k]), append(out.owner, to)
				}
			}
		}
	case Skeleton:
		out.ids = m.ids
		for _, e := range m.empty {
			out.empty = append(out.empty, slices.Clone(e))
		}
		out.leaves = make([][]int32, len(m.leaves))
		last := len(out.empty) - 1
		for j, leaf := range m.leaves {
			for _, n := range leaf {
				if to := at[n]; to >= 0 {
					out.leaves[j] = append(out.leaves[j], to)
				}
			}
			out.empty[last][j] = len(out.leaves[j]) == 0
		}
		for d := last - 1; d >= 0; d-- { // a cluster of empty clusters is empty
			for c := range out.empty[d] {
				all := true
				for k := range m.fanout {
					all = all && out.empty[d+1][c*m.fanout+k]
				}
				out.empty[d][c] = all
			}
		}
	}
	return out, nil
}

// appendAll appends the lists to dst a piece at a time, looking at ctx
// between pieces.
func appendAll[T any](ctx context.Context, dst []T, lists ...[]T) ([]T, error) {
	for _, src := range lists {
		for lo := 0; lo < len(src); lo += checkEvery {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			dst = append(dst, src[lo:min(lo+checkEvery, len(src))]...)
		}
	}
	return dst, nil
}

// hashesOf is the nodes' hashes.
func hashesOf(nodes []Node) []uint64 {
	out := make([]uint64, len(nodes))
	for i, n := range nodes {
		out[i] = n.hash
	}
	return out
}

// With is the mapping with a node added at the end: the skeleton is built
// again, and the split of the nodes over its leaves shifts, so that far
// more than 1/n of its keys move (source §HRW warns of this; Study counts
// them).
func (m *Mapping) With(n Node) *Mapping {
	out, _ := m.withAll(context.Background(), []Node{n})
	return out
}

// withAll is the mapping with the nodes added at the end at once: the
// mapping that adding them one by one would give. The ring merges their
// points into its own, ties to the older node; the skeleton is built again.
func (m *Mapping) withAll(ctx context.Context, added []Node) (*Mapping, error) {
	nodes, err := appendAll(ctx, make([]Node, 0, len(m.nodes)+len(added)), m.nodes, added)
	if err != nil {
		return nil, err
	}
	if m.scheme != Ring && m.scheme != Bounded {
		return newMapping(ctx, m.scheme, nodes, m.shape)
	}
	points, owner, err := ringOf(ctx, hashesOf(added), m.vnodes, len(m.nodes))
	if err != nil {
		return nil, err
	}
	out := &Mapping{scheme: m.scheme, nodes: nodes, shape: m.shape, hashes: hashesOf(nodes)}
	n := len(m.points) + len(points)
	out.points, out.owner = make([]uint64, n), make([]int32, n)
	// Each new point goes after the old ones at or before it; the old
	// points between two new ones are copied as a run, in pieces, so that
	// ctrl+c is seen.
	i, k := 0, 0
	copyTo := func(next int) error {
		for i < next {
			run := min(next-i, checkEvery*16)
			copy(out.points[k:], m.points[i:i+run])
			copy(out.owner[k:], m.owner[i:i+run])
			i, k = i+run, k+run
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		return nil
	}
	for j, x := range points {
		next := i + sort.Search(len(m.points)-i, func(d int) bool { return m.points[i+d] > x })
		if err := copyTo(next); err != nil {
			return nil, err
		}
		if j%checkEvery == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		out.points[k], out.owner[k] = x, owner[j]
		k++
	}
	if err := copyTo(len(m.points)); err != nil {
		return nil, err
	}
	return out, nil
}

// Nodes are the mapping's nodes.
func (m *Mapping) Nodes() []Node { return m.nodes }

// lookupNs is the estimated time of one lookup by m.
func (m *Mapping) lookupNs() float64 {
	return lookupNs(m.scheme, len(m.nodes), m.vnodes, m.fanout)
}
