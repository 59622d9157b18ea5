package hashing

import (
	"fmt"
	"math"
	"math/big"
)

// MovedText is the keys a scheme moved beside the ideal share, longest
// form first: "moved 968 keys = 3.23 %, ideal 1/30 = 3.33 %", then
// without the count, then without the fraction.
func (c *Cluster) MovedText(sd *Side) []string {
	ch := sd.Churn
	share := fmt.Sprintf("%.2f %%", 100*float64(ch.Moved)/float64(sd.Keys()))
	part, whole := 1.0, float64(c.Last.N)
	if sd.Scheme == WeightedHRW {
		part, whole = c.Last.Weight, c.Last.Total
	}
	ideal := Ratio(part, whole)
	return []string{
		fmt.Sprintf("moved %d keys = %s, ideal %s", ch.Moved, share, ideal),
		fmt.Sprintf("moved %s, ideal %s", share, ideal),
		fmt.Sprintf("moved %s, ideal %.2f %%", share, 100*part/whole),
	}
}

// WhereText says whose keys moved, "all node-13's", and where, "all to
// node-14"; on a join "all to node-30" and "from all 30 others".
func (c *Cluster) WhereText(sd *Side) (who, where string) {
	ch, nodes, name := sd.Churn, sd.Mapping().Nodes(), c.Last.Node.Name
	switch {
	case ch.Moved == 0:
		return "", "no keys moved"
	case ch.Joined:
		who = "all to " + name
		if ch.Strays > 0 {
			who = fmt.Sprintf("%d to %s, %d between others", ch.Moved-ch.Strays, name, ch.Strays)
		}
		return who, spreadOver("from", ch.MovedOut, nodes, len(nodes)-1)
	}
	who = "all " + name + "'s"
	if ch.Strays > 0 {
		who = fmt.Sprintf("%d %s's, %d between others", ch.Moved-ch.Strays, name, ch.Strays)
	}
	return who, spreadOver("to", ch.MovedIn, nodes, len(nodes))
}

// spreadOver says which nodes counts[i] > 0 are: "to all 29 others",
// "all to node-14", "to 3 nodes, most to node-7".
func spreadOver(dir string, counts []int, nodes []Node, others int) string {
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

// Ratio is a share as a fraction and a percentage, "1/30 = 3.33 %", or
// the percentage alone when the weights are not whole.
func Ratio(part, whole float64) string {
	pct := fmt.Sprintf("%.2f %%", 100*part/whole)
	if f, ok := Fraction(part, whole); ok {
		return f + " = " + pct
	}
	return pct
}

// Fraction is part/whole in lowest terms when both are whole numbers.
func Fraction(part, whole float64) (string, bool) {
	if part != math.Trunc(part) || whole != math.Trunc(whole) || whole > 1e15 || part < 1 {
		return "", false
	}
	return big.NewRat(int64(part), int64(whole)).String(), true
}
