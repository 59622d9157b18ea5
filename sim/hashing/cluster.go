package hashing

import (
	"fmt"
	"strings"

	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/rng"
)

// Cluster is a spec's keys over nodes that leave and join one at a time,
// as a user drives them: each scheme's assignment, remapped on every
// change and counting what moved, the node that leaves drawn from the
// seed's stream, and each change told as a moment (§HRW's churn).
type Cluster struct {
	// Keys' names and hashes, and the nodes now.
	Names  []string
	Hashes []uint64
	Nodes  []Node
	// Sides are the schemes' assignments, in the spec's order.
	Sides []*Side
	// Last is the latest change; nil before the first.
	Last    *Change
	next    int // the next new node's number
	src     *rng.Source
	moments []engine.Moment
}

// Side is one scheme's keys over the cluster's nodes.
type Side struct {
	Scheme Scheme
	*Assignment
	// Before is the mapping before the latest change (nil: none yet).
	Before *Mapping
}

// Change is a node leaving or joining, with what an ideal mapping moves:
// one node's share of the keys, 1/N (N the nodes before a leave, after a
// join), or under weighted HRW its share of the weight, Weight/Total.
type Change struct {
	Node          Node
	Joined        bool
	N             int
	Weight, Total float64
}

// NewCluster maps a valid spec's keys over its nodes.
func NewCluster(s Spec) (*Cluster, error) {
	schemes, err := s.Schemes()
	if err != nil {
		return nil, err
	}
	c := &Cluster{Nodes: s.NodeList(), next: s.Nodes, src: rng.New(s.Seed)}
	c.Names, c.Hashes = s.KeyHashes()
	for _, sc := range schemes {
		m := MappingFor(sc, c.Nodes, s)
		c.Sides = append(c.Sides, &Side{Scheme: sc, Assignment: NewAssignment(m, c.Names, c.Hashes)})
	}
	return c, nil
}

// Moments are the changes so far, one a step, captioned.
func (c *Cluster) Moments() []engine.Moment { return c.moments[:len(c.moments):len(c.moments)] }

// Leave takes a node drawn at random out of every scheme; the last node
// stays (false).
func (c *Cluster) Leave() bool {
	if len(c.Nodes) <= 1 {
		return false
	}
	i := c.src.RandBelow(len(c.Nodes))
	gone := c.Nodes[i]
	ch := Change{Node: gone, N: len(c.Nodes), Weight: gone.Weight, Total: totalWeight(c.Nodes)}
	c.Nodes = append(c.Nodes[:i:i], c.Nodes[i+1:]...)
	for _, sd := range c.Sides {
		sd.Before = sd.Mapping()
		sd.Remove(i)
	}
	c.changed(ch)
	return true
}

// Join brings a new node, of the last node's weight, into every scheme.
func (c *Cluster) Join() {
	n := NewNode(c.next, c.Nodes[len(c.Nodes)-1].Weight)
	c.next++
	c.Nodes = append(c.Nodes, n)
	for _, sd := range c.Sides {
		sd.Before = sd.Mapping()
		sd.Add(n)
	}
	c.changed(Change{Node: n, Joined: true, N: len(c.Nodes), Weight: n.Weight, Total: totalWeight(c.Nodes)})
}

func (c *Cluster) changed(ch Change) {
	c.Last = &ch
	verb := "leaves"
	if ch.Joined {
		verb = "joins"
	}
	var parts []string
	for _, sd := range c.Sides {
		part := SchemeName(sd.Scheme) + " " + c.MovedText(sd)[0]
		if who, where := c.WhereText(sd); who != "" {
			part += ", " + who + ", " + where
		}
		parts = append(parts, part)
	}
	caption := fmt.Sprintf("%s %s: %s", ch.Node.Name, verb, strings.Join(parts, "; "))
	c.moments = append(c.moments, engine.Moment{Step: int64(len(c.moments) + 1), Caption: caption})
}

func totalWeight(nodes []Node) float64 {
	t := 0.0
	for _, n := range nodes {
		t += n.Weight
	}
	return t
}

// SchemeName is a scheme in a class's words ("weighted HRW").
func SchemeName(sc Scheme) string {
	switch sc {
	case HRW:
		return "HRW"
	case WeightedHRW:
		return "weighted HRW"
	case Skeleton:
		return "skeleton HRW"
	case RawHRW:
		return "raw HRW"
	}
	return sc.String()
}
