package hashing

import (
	"context"
	"slices"
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
	// hashes are the nodes' hashes in one array, for the loops
	hashes []uint64
	// p is the scheme's own structure over the nodes
	p placer
}

// placer is one scheme's structure for placing keys on a Mapping's nodes,
// a type a scheme (gonum's distuv is the model: one type per
// distribution behind one interface).
type placer interface {
	// owner is the index of key's node (kh its hash).
	owner(m *Mapping, key string, kh uint64) int
	// without is the structure over out's nodes, m's less those that
	// left: at[i] is node i's index in out, -1 for one that left.
	without(ctx context.Context, m, out *Mapping, at []int32) (placer, error)
}

// placers build each scheme's structure over a mapping's nodes, stopped
// by ctx.
var placers = [...]func(ctx context.Context, m *Mapping) (placer, error){
	HRW:         func(context.Context, *Mapping) (placer, error) { return hrw{}, nil },
	WeightedHRW: func(context.Context, *Mapping) (placer, error) { return weightedHRW{}, nil },
	Skeleton:    buildSkeleton,
	Ring:        layRing,
	RawHRW:      func(context.Context, *Mapping) (placer, error) { return rawHRW{}, nil },
	Jump:        func(context.Context, *Mapping) (placer, error) { return jumpHash{}, nil },
	Maglev:      fillTable,
	Bounded:     layRing,
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
	if s == Maglev && m.table == 0 {
		m.table = TableFor(len(nodes))
	}
	var err error
	m.p, err = placers[s](ctx, m)
	return m, err
}

// checkEvery is the work (ring points, scores) between two looks at the
// context: about a millisecond of it at most.
const checkEvery = 1 << 16

// Owner is the index (in the nodes given) of key k's node.
func (m *Mapping) Owner(key string, kh uint64) int { return m.p.owner(m, key, kh) }

// ring is the mapping's ring, for the ring and the bounded ring; nil for
// the other schemes.
func (m *Mapping) ring() *ring {
	r, _ := m.p.(*ring)
	return r
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
// the others keeping their order.
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
	var err error
	out.p, err = m.p.without(ctx, m, out, at)
	return out, err
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
// points into its own, ties to the older node; the other schemes are
// built again.
func (m *Mapping) withAll(ctx context.Context, added []Node) (*Mapping, error) {
	nodes, err := appendAll(ctx, make([]Node, 0, len(m.nodes)+len(added)), m.nodes, added)
	if err != nil {
		return nil, err
	}
	r := m.ring()
	if r == nil {
		return newMapping(ctx, m.scheme, nodes, m.shape)
	}
	merged, err := r.with(ctx, hashesOf(added), m.vnodes, len(m.nodes))
	if err != nil {
		return nil, err
	}
	return &Mapping{scheme: m.scheme, nodes: nodes, shape: m.shape, hashes: hashesOf(nodes), p: merged}, nil
}

// Nodes are the mapping's nodes.
func (m *Mapping) Nodes() []Node { return m.nodes }

// lookupNs is the estimated time of one lookup by m.
func (m *Mapping) lookupNs() float64 {
	return lookupNs(m.scheme, len(m.nodes), m.vnodes, m.fanout)
}
