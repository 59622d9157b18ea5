package hashing

import (
	"fmt"
	"slices"
	"sort"
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
func ParseScheme(name string) (Scheme, error) {
	for i, n := range schemeNames {
		if n == name {
			return Scheme(i), nil
		}
	}
	return 0, fmt.Errorf("unknown scheme %q", name)
}

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
	// skeleton: levels of clusters, the bottom first and the root alone
	// at the top
	levels []level
	fanout int
	// hashes are the nodes' hashes in one array, for the loops
	hashes []uint64
}

// level is one level of the skeleton's clusters, column by column, so
// that a lookup scanning a cluster's children reads one run of ids. A
// cluster has an id of its own and its children: a range of the level
// below (first, count), or at the bottom its nodes. weight is the nodes
// below it when built; even says its children weigh the same, so that a
// plain score picks among them, else the score is weighted by their sizes
// (a small last cluster would otherwise take as many keys as a full one).
// Weights stay as built when nodes leave, so that only a leaver's keys
// move; empty marks a cluster whose nodes have all left.
type level struct {
	ids          []uint64
	first, count []int32
	nodes        [][]int32
	weight       []float64
	even, empty  []bool
}

func (l *level) add(id uint64, first, count int32, nodes []int32, weight float64, even bool) {
	l.ids, l.first, l.count = append(l.ids, id), append(l.first, first), append(l.count, count)
	l.nodes, l.weight = append(l.nodes, nodes), append(l.weight, weight)
	l.even, l.empty = append(l.even, even), append(l.empty, false)
}

func (l level) clone() level {
	nodes := make([][]int32, len(l.nodes))
	for i, n := range l.nodes {
		nodes[i] = slices.Clone(n)
	}
	return level{slices.Clone(l.ids), slices.Clone(l.first), slices.Clone(l.count), nodes, slices.Clone(l.weight), slices.Clone(l.even), slices.Clone(l.empty)}
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

// buildSkeleton groups the nodes, in order, fanout to a cluster, then
// those clusters fanout to a cluster, up to one root. A cluster's id is its
// level and place, which a leaving node does not change.
func (m *Mapping) buildSkeleton() {
	var bottom level
	for lo := 0; lo < len(m.nodes); lo += m.fanout {
		var nodes []int32
		for i := lo; i < min(lo+m.fanout, len(m.nodes)); i++ {
			nodes = append(nodes, int32(i))
		}
		bottom.add(mix(uint64(len(bottom.ids))+1), 0, 0, nodes, float64(len(nodes)), true)
	}
	m.levels = []level{bottom}
	for depth := uint64(1); len(m.levels[len(m.levels)-1].ids) > 1; depth++ {
		below := m.levels[len(m.levels)-1]
		var up level
		for lo := 0; lo < len(below.ids); lo += m.fanout {
			hi := min(lo+m.fanout, len(below.ids))
			w, even := 0.0, true
			for i := lo; i < hi; i++ {
				w += below.weight[i]
				even = even && below.weight[i] == below.weight[lo]
			}
			up.add(mix(depth<<40|uint64(len(up.ids))+1), int32(lo), int32(hi-lo), nil, w, even)
		}
		m.levels = append(m.levels, up)
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
		c := 0 // the root
		for depth := len(m.levels) - 1; depth > 0; depth-- {
			at, below := &m.levels[depth], &m.levels[depth-1]
			first, count := int(at.first[c]), int(at.count[c])
			ids, empty := below.ids[first:first+count], below.empty[first:first+count]
			best := -1
			if at.even[c] {
				bestScore := uint64(0)
				for k, id := range ids {
					if s := score(kh, id); !empty[k] && (best < 0 || s > bestScore) {
						best, bestScore = k, s
					}
				}
			} else {
				bestScore, weights := -1.0, below.weight[first:first+count]
				for k, id := range ids {
					if s := weighted(score(kh, id), weights[k]); !empty[k] && s > bestScore {
						best, bestScore = k, s
					}
				}
			}
			c = first + best
		}
		best, bestScore := -1, uint64(0)
		for _, n := range m.levels[0].nodes[c] {
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
		best, bestScore := 0, uint64(0)
		for i, n := range m.nodes {
			if s := fnv1aMore(fnv1a(key), n.Name); i == 0 || s > bestScore {
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
	out := &Mapping{scheme: Skeleton, nodes: nodes, fanout: m.fanout, hashes: hashesOf(nodes)}
	for _, l := range m.levels {
		out.levels = append(out.levels, l.clone())
	}
	b := &out.levels[0]
	for c := range b.nodes {
		var kept []int32
		for _, n := range b.nodes[c] {
			switch {
			case int(n) < i:
				kept = append(kept, n)
			case int(n) > i:
				kept = append(kept, n-1)
			}
		}
		b.nodes[c], b.empty[c] = kept, len(kept) == 0
	}
	for depth := 1; depth < len(out.levels); depth++ { // a cluster of empty clusters is empty
		at, below := &out.levels[depth], &out.levels[depth-1]
		for c := range at.ids {
			at.empty[c] = true
			for ch := at.first[c]; ch < at.first[c]+at.count[c]; ch++ {
				at.empty[c] = at.empty[c] && below.empty[ch]
			}
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
// again, the new node joining the last cluster (or a new one), which
// changes the weights on the rightmost path; Study counts the keys moved.
func (m *Mapping) With(n Node) *Mapping {
	nodes := append(slices.Clone(m.nodes), n)
	if m.scheme != Skeleton {
		return NewMapping(m.scheme, nodes, m.vnodes, m.fanout)
	}
	return NewMapping(Skeleton, nodes, m.vnodes, m.fanout)
}

// Nodes are the mapping's nodes.
func (m *Mapping) Nodes() []Node { return m.nodes }
