package hashing

import (
	"fmt"
	"math"
	"slices"

	"github.com/loadlab/loadlab/sim/engine"
)

// Report is a spec's studies, one a scheme, as the spec ran them.
type Report struct {
	Spec    Spec
	Studies []Study
}

// Headline is the studies' headline figures (Figures).
func (r Report) Headline() []engine.Figure { return r.Spec.FiguresOf(r.Studies) }

// FiguresOf is each scheme's headline for studies of the spec, the scheme's
// name its group: each weight's share of the keys beside its share of the
// weight, when there are weights (key "shares"), the spread of keys a node
// ("spread", the standard deviation as a share of the mean), and the share
// of the keys that moved when the nodes left ("leave") and when nodes
// joined ("join").
func (s Spec) FiguresOf(studies []Study) []engine.Figure {
	var figs []engine.Figure
	by, total := WeightClasses(s.NodeList())
	for _, st := range studies {
		sc, _ := ParseScheme(st.Scheme)
		g := SchemeName(sc)
		for _, sh := range st.Shares {
			if len(st.Shares) == 1 {
				break // one weight holds all the keys
			}
			name := fmt.Sprintf("w%.10g", sh.Weight)
			if f, ok := Fraction(by[sh.Weight], total); ok {
				name += " (" + f + ")"
			}
			figs = append(figs, engine.Figure{Key: "shares", Group: g, Name: name, Value: fmt.Sprintf("%.2f%%", 100*sh.Share)})
		}
		figs = append(figs, engine.Figure{Key: "spread", Group: g, Name: "spread", Value: fmt.Sprintf("%.1f%%", st.PerNode.StdPct)})
		switch sc {
		case Maglev:
			figs = append(figs, TableFigure(g, st.TableMin, st.TableMax, st.Table))
		case Bounded:
			figs = append(figs, CapFigure(g, st.PerNode.Max, st.Capacity))
		}
		if len(st.Removed) > 0 {
			figs = append(figs, MoveFigure("leave", g, st.MovedFraction, st.IdealMoved))
		}
		if st.Added > 0 {
			figs = append(figs, MoveFigure("join", g, st.AddedFraction, st.IdealAdded))
		}
	}
	return figs
}

// WeightClasses is the weight of each weight's nodes together, and of
// all the nodes.
func WeightClasses(nodes []Node) (map[float64]float64, float64) {
	by, total := map[float64]float64{}, 0.0
	for _, n := range nodes {
		by[n.Weight] += n.Weight
		total += n.Weight
	}
	return by, total
}

// TableFigure is Maglev's table as its nodes hold it (key "table"): the
// fewest and most entries a node has, of the table's size.
func TableFigure(group string, least, most, size int) engine.Figure {
	return engine.Figure{Key: "table", Group: group, Name: "table entries a node", Value: fmt.Sprintf("%d to %d of %s", least, most, engine.Digits(int64(size)))}
}

// CapFigure is the bounded ring's most loaded node against its capacity
// (key "cap"): the bound never passed.
func CapFigure(group string, most, capacity int) engine.Figure {
	return engine.Figure{Key: "cap", Group: group, Name: "most keys a node", Value: fmt.Sprintf("%d (cap %d)", most, capacity)}
}

// MoveFigure is the share of the keys a change moved (key "leave" or
// "join"), beside the ideal, written as the node's fair share 1/n ("1.01%
// (1/n 3.33%)"), not as a mark to beat: a ring that moves less than 1/n
// lost a node that held less than its share, which is its spread's cost.
func MoveFigure(key, group string, moved, ideal float64) engine.Figure {
	return engine.Figure{Key: key, Group: group, Name: key + " moves", Value: fmt.Sprintf("%.2f%% (1/n %.2f%%)", 100*moved, 100*ideal)}
}

// Figures is the cluster's headline as it stands after the user's
// changes, under the keys Spec.Figures uses: each weight's share of the
// keys on the nodes now (with weights), the spread, and what the latest
// change moved beside the ideal.
func (c *Cluster) Figures() []engine.Figure {
	var figs []engine.Figure
	for _, sd := range c.Sides {
		g := SchemeName(sd.Scheme)
		nodes := sd.Mapping().Nodes()
		weightBy, total := WeightClasses(nodes)
		if len(weightBy) > 1 {
			keysBy := map[float64]int{}
			for i, n := range nodes {
				keysBy[n.Weight] += sd.Counts[i]
			}
			classes := make([]float64, 0, len(weightBy))
			for w := range weightBy {
				classes = append(classes, w)
			}
			slices.Sort(classes)
			for _, w := range classes {
				name := fmt.Sprintf("w%.10g", w)
				if f, ok := Fraction(weightBy[w], total); ok {
					name += " (" + f + ")"
				}
				figs = append(figs, engine.Figure{Key: "shares", Group: g, Name: name, Value: fmt.Sprintf("%.2f%%", 100*float64(keysBy[w])/float64(sd.Keys()))})
			}
		}
		figs = append(figs, engine.Figure{Key: "spread", Group: g, Name: "spread", Value: fmt.Sprintf("%.1f%%", SpreadOf(sd.Counts, sd.Keys()).StdPct)})
		switch m := sd.Mapping(); sd.Scheme {
		case Maglev:
			shares := m.TableShares()
			figs = append(figs, TableFigure(g, slices.Min(shares), slices.Max(shares), m.table))
		case Bounded:
			figs = append(figs, CapFigure(g, slices.Max(sd.Counts), Capacity(sd.Keys(), len(nodes), m.epsilon)))
		}
		if c.Last == nil {
			continue
		}
		part, whole := 1.0, float64(c.Last.N)
		if sd.Scheme == WeightedHRW {
			part, whole = c.Last.Weight, c.Last.Total
		}
		key := "leave"
		if c.Last.Joined {
			key = "join"
		}
		figs = append(figs, MoveFigure(key, g, float64(sd.Churn.Moved)/float64(sd.Keys()), part/whole))
	}
	return figs
}

// Theory is what an ideal mapping gives, under the headline's keys, for
// each scheme the spec runs with equal weights: the spread of a uniform
// hash's keys a node, binomial (the standard deviation sqrt(k (1/n)
// (1 - 1/n)) over the mean k/n), and the share of the keys a node's
// leaving moves, 1/n. What a sweep draws beside the measured spread and
// moves. Weighted nodes have none.
func (s Spec) Theory() []engine.Figure {
	schemes, err := s.Schemes()
	if by, _ := WeightClasses(s.NodeList()); err != nil || len(by) != 1 || s.Nodes < 1 || s.Keys < 1 {
		return nil // weighted nodes: no one share to spread about
	}
	n, k := float64(s.Nodes), float64(s.Keys)
	spread := math.Sqrt(k*(1/n)*(1-1/n)) / (k / n)
	var out []engine.Figure
	for _, sc := range schemes {
		g := SchemeName(sc)
		out = append(out, engine.Figure{Key: "spread", Group: g, Name: "binomial", Value: fmt.Sprintf("%.2f", 100*spread)})
		if s.Remove > 0 {
			out = append(out, engine.Figure{Key: "leave", Group: g, Name: "1/n", Value: fmt.Sprintf("%.2f", 100/n)})
		}
	}
	return out
}
