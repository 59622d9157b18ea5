package hashinglab

import (
	"fmt"
	"math"
	"math/big"
	"strings"

	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/hashing"
)

// change is the latest node to leave or join, with what an ideal mapping
// moves: one node's share of the keys, 1/n (n the nodes before a leave,
// after a join), or under weighted HRW its share of the weight.
type change struct {
	node          hashing.Node
	joined        bool
	n             int
	weight, total float64
}

// leave takes node i out of every scheme.
func (l *Lab) leave(i int) {
	gone := l.nodes[i]
	c := change{node: gone, n: len(l.nodes), weight: gone.Weight, total: totalWeight(l.nodes)}
	l.nodes = append(l.nodes[:i:i], l.nodes[i+1:]...)
	for _, sd := range l.sides {
		sd.before = sd.Mapping()
		sd.Remove(i)
	}
	l.changed(c)
}

// join brings a new node, of the last node's weight, into every scheme.
func (l *Lab) join() {
	n := hashing.NewNode(l.next, l.nodes[len(l.nodes)-1].Weight)
	l.next++
	l.nodes = append(l.nodes, n)
	for _, sd := range l.sides {
		sd.before = sd.Mapping()
		sd.Add(n)
	}
	l.changed(change{node: n, joined: true, n: len(l.nodes), weight: n.Weight, total: totalWeight(l.nodes)})
}

func (l *Lab) changed(c change) {
	l.last = &c
	l.drawRing()
	verb := "leaves"
	if c.joined {
		verb = "joins"
	}
	var parts []string
	for _, sd := range l.sides {
		part := schemeName(sd.scheme) + " " + l.movedText(sd)[0]
		if who, where := l.whereText(sd); who != "" {
			part += ", " + who + ", " + where
		}
		parts = append(parts, part)
	}
	caption := fmt.Sprintf("%s %s: %s", c.node.Name, verb, strings.Join(parts, "; "))
	l.moments = append(l.moments, engine.Moment{Step: int64(len(l.moments) + 1), Caption: caption})
}

func totalWeight(nodes []hashing.Node) float64 {
	t := 0.0
	for _, n := range nodes {
		t += n.Weight
	}
	return t
}

// movedText is the keys a scheme moved beside the ideal share, longest
// form first: "moved 968 keys = 3.23 %, ideal 1/30 = 3.33 %", then
// without the count, then without the fraction.
func (l *Lab) movedText(sd *side) []string {
	c := sd.Churn
	share := fmt.Sprintf("%.2f %%", 100*float64(c.Moved)/float64(sd.Keys()))
	part, whole := 1.0, float64(l.last.n)
	if sd.scheme == hashing.WeightedHRW {
		part, whole = l.last.weight, l.last.total
	}
	ideal := ratio(part, whole)
	return []string{
		fmt.Sprintf("moved %d keys = %s, ideal %s", c.Moved, share, ideal),
		fmt.Sprintf("moved %s, ideal %s", share, ideal),
		fmt.Sprintf("moved %s, ideal %.2f %%", share, 100*part/whole),
	}
}

// whereText says whose keys moved, "all node-13's", and where, "all to
// node-14"; on a join "all to node-30" and "from all 30 others".
func (l *Lab) whereText(sd *side) (who, where string) {
	c, nodes, name := sd.Churn, sd.Mapping().Nodes(), l.last.node.Name
	switch {
	case c.Moved == 0:
		return "", "no keys moved"
	case c.Joined:
		who = "all to " + name
		if c.Strays > 0 {
			who = fmt.Sprintf("%d to %s, %d between others", c.Moved-c.Strays, name, c.Strays)
		}
		return who, spreadOver("from", c.MovedOut, nodes, len(nodes)-1)
	}
	who = "all " + name + "'s"
	if c.Strays > 0 {
		who = fmt.Sprintf("%d %s's, %d between others", c.Moved-c.Strays, name, c.Strays)
	}
	return who, spreadOver("to", c.MovedIn, nodes, len(nodes))
}

// spreadOver says which nodes counts[i] > 0 are: "to all 29 others",
// "all to node-14", "to 3 nodes, most to node-7".
func spreadOver(dir string, counts []int, nodes []hashing.Node, others int) string {
	k, most := 0, 0
	for i, c := range counts {
		if c > 0 {
			k++
		}
		if c > counts[most] {
			most = i
		}
	}
	switch {
	case k == 1:
		if dir == "to" {
			return "all to " + nodes[most].Name
		}
		return "from " + nodes[most].Name
	case k == others:
		return fmt.Sprintf("%s all %d others", dir, others)
	}
	return fmt.Sprintf("%s %d nodes, most %s %s", dir, k, dir, nodes[most].Name)
}

// ratio is a share as a fraction and a percentage, "1/30 = 3.33 %", or
// the percentage alone when the weights are not whole.
func ratio(part, whole float64) string {
	pct := fmt.Sprintf("%.2f %%", 100*part/whole)
	if f, ok := fraction(part, whole); ok {
		return f + " = " + pct
	}
	return pct
}

// fraction is part/whole in lowest terms when both are whole numbers.
func fraction(part, whole float64) (string, bool) {
	if part != math.Trunc(part) || whole != math.Trunc(whole) || whole > 1e15 || part < 1 {
		return "", false
	}
	return big.NewRat(int64(part), int64(whole)).String(), true
}
