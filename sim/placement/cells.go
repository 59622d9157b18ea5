package placement

import (
	"fmt"

	"github.com/loadlab/loadlab/sim/engine"
)

// Cells is the lecture's table (26.4.2) as its cells are written, a row a
// strategy under an event: the share of objects that lost their majority
// and every replica, each beside its exact chance as a count of equally
// likely cases; with sites, the share of the objects the event reached
// that lost every replica ("struck: all"). A row not yet run reads "-".
func (t *Table) Cells() engine.Table {
	s := t.Spec()
	out := engine.Table{Names: 2, Header: []string{"strategy", "event", "lose majority", "exact", "lose all", "exact"},
		Note: "exact: the chance over every location of the event and every placement the strategy can make, as a count of equally likely cases"}
	if s.HasSites() {
		out.Header = append(out.Header, "struck: all")
		out.Note += "\nstruck: all: of the objects the event reached (a replica or more on a node it took), the share that lost every replica"
	}
	for _, r := range t.Rows() {
		exMaj, exAll := "-", "-"
		if r.Exact.LoseMajority != nil {
			f, _ := r.Exact.LoseMajority.Float64()
			exMaj = fmt.Sprintf("%s = %.2f%%", r.Exact.Fraction(r.Exact.LoseMajority), f*100)
		}
		if r.Exact.LoseAll != nil {
			f, _ := r.Exact.LoseAll.Float64()
			exAll = fmt.Sprintf("%s = %.2f%%", r.Exact.Fraction(r.Exact.LoseAll), f*100)
		}
		maj, all := "-", "-"
		if r.Total > 0 {
			// share x 100, in this order, as the lecture's program rounds it
			// (732/2925 objects: 25.17 %, where 100 x 732 / 2925 gives 25.18)
			maj = fmt.Sprintf("%.2f%%", float64(r.LoseMajority)/float64(r.Total)*100)
			all = fmt.Sprintf("%.2f%%", float64(r.LoseAll)/float64(r.Total)*100)
		}
		row := []string{r.Strategy.String(), fmt.Sprintf("%s (%s)", r.Event, r.Event.Nodes(s.Topology)), maj, exMaj, all, exAll}
		if s.HasSites() {
			struck := "-"
			if r.Struck > 0 {
				struck = fmt.Sprintf("%.2f%%", 100*float64(r.LoseAll)/float64(r.Struck))
			}
			row = append(row, struck)
		}
		out.Rows = append(out.Rows, row)
	}
	return out
}
