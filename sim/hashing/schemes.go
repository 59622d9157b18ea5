package hashing

import (
	"fmt"
	"slices"
	"sort"

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
)

var schemeNames = [...]string{"hrw", "weighted-hrw", "skeleton", "ring", "raw-hrw"}

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
	name := fmt.Sprintf("node-%d", i)
	return Node{Name: name, hash: fnv1a(name), Weight: weight}
}

// Mapping maps key hashes to nodes by one scheme over a set of nodes.
type Mapping struct {
	scheme Scheme
	nodes  []Node
	// ring: the virtual nodes' points, sorted, and their nodes
	points []uint64
	owner  []int32
	vnodes int
	// skeleton: a complete tree of fanout-way clusters over leaves, the
	// ids of each level (ids[d] has fanout^d), and each leaf's nodes
	ids    [][]uint64
	leaves [][]int32
	empty  [][]bool // per level, clusters whose nodes have all left
	fanout int
	// hashes are the nodes' hashes in one array, for the loops
	hashes []uint64
}

// NewMapping builds a scheme over the nodes; vnodes is the ring's virtual
// nodes a node, fanout the skeleton's.
func NewMapping(s Scheme, nodes []Node, vnodes, fanout int) *Mapping {
	m := &Mapping{scheme: s, nodes: slices.Clone(nodes), vnodes: vnodes, fanout: fanout, hashes: hashesOf(nodes)}
	switch s {
	case Ring:
		m.buildRing()
	case Skeleton:
		m.buildSkeleton()
	}
	return m
}

func (m *Mapping) buildRing() {
	type point struct {
		at   uint64
		node int32
	}
	ps := make([]point, 0, len(m.nodes)*m.vnodes)
	for i, n := range m.nodes {
		for v := range m.vnodes {
			ps = append(ps, point{mix(n.hash ^ mix(uint64(v)+1)), int32(i)})
		}
	}
	sort.Slice(ps, func(a, b int) bool { return ps[a].at < ps[b].at })
	m.points, m.owner = make([]uint64, len(ps)), make([]int32, len(ps))
	for i, p := range ps {
		m.points[i], m.owner[i] = p.at, p.node
	}
}

// buildSkeleton lays a complete fanout-way tree over fanout^k leaves, k
// as large as leaves of at least fanout nodes allow, and splits the nodes
// in order over the leaves as evenly as can be (sizes differ by one). Every
// cluster of a level then holds as many leaves, so that a plain score at
// each level spreads keys evenly (to the leaves' one-node difference, a few
// per cent at most), with no weights to compute. A cluster's id is its
// level and place, which a leaving node does not change.
func (m *Mapping) buildSkeleton() {
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
	for j := range leaves {
		for i := n * j / leaves; i < n*(j+1)/leaves; i++ {
			m.leaves[j] = append(m.leaves[j], int32(i))
		}
	}
}

// Owner is the index (in the nodes given) of key k's node.
func (m *Mapping) Owner(key string, kh uint64) int {
	switch m.scheme {
	case Ring:
		x := mix(kh)
		i := sort.Search(len(m.points), func(i int) bool { return m.points[i] >= x })
		if i == len(m.points) {
			i = 0 // past the last point: round to the first
		}
		return int(m.owner[i])
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
	nodes := slices.Delete(slices.Clone(m.nodes), i, i+1)
	if m.scheme != Skeleton {
		return NewMapping(m.scheme, nodes, m.vnodes, m.fanout)
	}
	out := &Mapping{scheme: Skeleton, nodes: nodes, fanout: m.fanout, hashes: hashesOf(nodes), ids: m.ids}
	for _, e := range m.empty {
		out.empty = append(out.empty, slices.Clone(e))
	}
	out.leaves = make([][]int32, len(m.leaves))
	last := len(out.empty) - 1
	for j, leaf := range m.leaves {
		for _, n := range leaf {
			switch {
			case int(n) < i:
				out.leaves[j] = append(out.leaves[j], n)
			case int(n) > i:
				out.leaves[j] = append(out.leaves[j], n-1)
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
	return out
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
	nodes := append(slices.Clone(m.nodes), n)
	if m.scheme != Skeleton {
		return NewMapping(m.scheme, nodes, m.vnodes, m.fanout)
	}
	return NewMapping(Skeleton, nodes, m.vnodes, m.fanout)
}

// Nodes are the mapping's nodes.
func (m *Mapping) Nodes() []Node { return m.nodes }
