package hashing

import (
	"fmt"

	"github.com/loadlab/loadlab/sim/engine"
)

// Report is a spec's studies, one a scheme, as the spec ran them.
type Report struct {
	Spec    Spec
	Studies []Study
}

// Headline is the studies' headline figures (Figures).
func (r Report) Headline() []engine.Figure { return r.Spec.Figures(r.Studies) }

// Figures is each scheme's headline for the spec's studies, the scheme's
// name its group: each weight's share of the keys beside its share of the
// weight, when there are weights (key "shares"), the spread of keys a node
// ("spread", the standard deviation as a share of the mean), and the share
// of the keys that moved when the nodes left ("leave") and when nodes
// joined ("join").
func (s Spec) Figures(studies []Study) []engine.Figure {
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
		if len(st.Removed) > 0 {
			figs = append(figs, engine.Figure{Key: "leave", Group: g, Name: "leave moves", Value: fmt.Sprintf("%.2f%%", 100*st.MovedFraction)})
		}
		if st.Added > 0 {
			figs = append(figs, engine.Figure{Key: "join", Group: g, Name: "join moves", Value: fmt.Sprintf("%.2f%%", 100*st.AddedFraction)})
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
