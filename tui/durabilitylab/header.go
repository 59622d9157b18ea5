package durabilitylab

import (
	"fmt"
	"strings"

	"github.com/loadlab/loadlab/tui/widget"
)

// never is how many times the run's length a mean time between failures
// must be for the header to say the failure never comes.
const never = 1e4

// header is the fleet and its failures in two lines of w cells, each the
// longest form that fits, so that no word is cut.
func (l *Lab) header(w int) (fleet, failures string) {
	s := l.spec
	objects := fmt.Sprintf("%d objects x %d replicas", s.Objects, s.Replicas)
	fleet = widget.FirstFit(w,
		fmt.Sprintf("%s, %d x %d x %d nodes, %.10g years, every strategy on the same failures", objects, s.AZs, s.RacksPerAZ, s.NodesPerRack, s.Years),
		fmt.Sprintf("%s, %d x %d x %d nodes, %.10g years, the same failures", objects, s.AZs, s.RacksPerAZ, s.NodesPerRack, s.Years),
		fmt.Sprintf("%s, %.10g years", objects, s.Years))
	every := func(years float64) string {
		if years >= never*s.Years {
			return "never"
		}
		return fmt.Sprintf("every %.10g", years)
	}
	parts := []string{fmt.Sprintf("rebuilds take %.10g h (f/F)", s.RebuildHours), fmt.Sprintf("a node's disk dies %s years", every(s.NodeMTTFYears))}
	if rack, az := every(s.RackOutageYears), every(s.AZOutageYears); rack == "never" && az == "never" {
		parts = append(parts, "nothing goes dark")
	} else {
		parts = append(parts, fmt.Sprintf("racks go dark %s, AZs %s years", rack, az))
	}
	if burn := every(s.RackLossYears); burn == "never" {
		parts = append(parts, "no rack burns")
	} else {
		parts = append(parts, fmt.Sprintf("a rack burns %s years", burn))
	}
	var forms []string
	for n := len(parts); n > 0; n-- {
		forms = append(forms, strings.Join(parts[:n], "; "))
	}
	return fleet, widget.FirstFit(w, forms...)
}
