package avail

import (
	"fmt"

	"github.com/loadlab/loadlab/sim/engine"
)

// GridTable is the MTTF x MTTR grid (26.4.3) as its cells are written:
// the availability of each pair with its downtime a year.
func (r Report) GridTable() engine.Table {
	t := engine.Table{Title: "availability by MTTF (rows) and MTTR (columns), with the downtime a year", Names: 1,
		Header: []string{"MTTF"}}
	for _, m := range GridMTTRs {
		t.Header = append(t.Header, fmt.Sprintf("MTTR %g h", m))
	}
	for i, c := range r.Grid {
		if i%len(GridMTTRs) == 0 {
			t.Rows = append(t.Rows, []string{fmt.Sprintf("%g h", c.MTTFH)})
		}
		row := &t.Rows[len(t.Rows)-1]
		*row = append(*row, fmt.Sprintf("%s (%s)", Percent(c.Availability), Duration(c.DowntimeYearH)))
	}
	return t
}

// The lecture's three-to-five-nines comparison (26.4.3, part 5): from
// ThreeNines to FiveNines, at each of FiveNinesMTTFs, and the MTTF path at
// FiveNinesMTTR.
var (
	ThreeNines, FiveNines = 0.999, 0.99999
	FiveNinesMTTFs        = []float64{10000, 1000000}
	FiveNinesMTTR         = 10.0
)

// ThreeToFive is the lecture's comparison of the two paths from three
// nines to five: the repair each MTTF needs for each, a hundredfold
// apart (10 h to 6 min at 10,000 h), and under it the MTTF a 10 h repair
// needs, a hundredfold too. The paths are equal in the formula; in
// practice a repair automated to minutes is within reach and a machine a
// hundred times sturdier is not.
func ThreeToFive() engine.Table {
	t := engine.Table{Title: "from three nines to five: downtime a year must shrink 100x (8.76 h to 5.26 min)", Names: 1,
		Header: []string{"MTTF", "MTTR for 99.9 %", "MTTR for 99.999 %", "shorter by"}}
	for _, mttf := range FiveNinesMTTFs {
		now, five := MTTRForTarget(mttf, ThreeNines), MTTRForTarget(mttf, FiveNines)
		t.Rows = append(t.Rows, []string{fmt.Sprintf("%.0f h", mttf), Duration(now), Duration(five), fmt.Sprintf("%.0fx", now/five)})
	}
	t.Note = fmt.Sprintf("or keep MTTR at %g h and make MTTF %.0fx longer: %.0f h to %.0f h",
		FiveNinesMTTR, MTTFForTarget(FiveNinesMTTR, FiveNines)/MTTFForTarget(FiveNinesMTTR, ThreeNines),
		MTTFForTarget(FiveNinesMTTR, ThreeNines), MTTFForTarget(FiveNinesMTTR, FiveNines))
	return t
}
