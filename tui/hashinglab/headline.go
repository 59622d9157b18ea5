package hashinglab

import (
	"fmt"

	"github.com/loadlab/loadlab/sim/hashing"
	"github.com/loadlab/loadlab/tui/widget"
)

// Headline is each scheme's figures for the spec as the headless report
// gives them, whatever nodes have left or joined on screen since: the
// spread of keys a node (key "spread", the standard deviation as a share
// of the mean), the share of the keys that moved when the seed's node
// left ("leave") and when a node joined ("join"), and each weight's share
// of the keys beside its share of the weight ("shares").
func (l *Lab) Headline() []widget.Figure {
	var figs []widget.Figure
	by, total := classWeights(l.spec.NodeList())
	for _, st := range l.studies {
		sc, _ := hashing.ParseScheme(st.Scheme)
		g := hashing.SchemeName(sc)
		for _, sh := range st.Shares {
			if len(st.Shares) == 1 {
				break // one weight holds all the keys
			}
			name := fmt.Sprintf("w%g", sh.Weight)
			if f, ok := hashing.Fraction(by[sh.Weight], total); ok {
				name += " (" + f + ")"
			}
			figs = append(figs, widget.Figure{Key: "shares", Group: g, Name: name, Value: fmt.Sprintf("%.2f%%", 100*sh.Share)})
		}
		figs = append(figs, widget.Figure{Key: "spread", Group: g, Name: "spread", Value: fmt.Sprintf("%.1f%%", st.PerNode.StdPct)})
		if len(st.Removed) > 0 {
			figs = append(figs, widget.Figure{Key: "leave", Group: g, Name: "leave moves", Value: fmt.Sprintf("%.2f%%", 100*st.MovedFraction)})
		}
		if st.Added > 0 {
			figs = append(figs, widget.Figure{Key: "join", Group: g, Name: "join moves", Value: fmt.Sprintf("%.2f%%", 100*st.AddedFraction)})
		}
	}
	return figs
}
