package tui

import (
	"hash/fnv"
	"testing"

	"github.com/loadlab/loadlab/scenarios"
)

// catalogue is the scenarios a whole-catalogue test goes through: every
// one, or under the race detector or -short every third, a third chosen by
// the test's name. The detector slows the TUI about tenfold, and what it
// looks for (memory shared between goroutines) is the shell's, not a
// scenario's; the plain run, which CI makes, checks every scenario.
func catalogue(t *testing.T) []scenarios.Scenario {
	all := scenarios.All()
	if !raceDetector && !testing.Short() {
		return all
	}
	h := fnv.New32a()
	h.Write([]byte(t.Name()))
	var some []scenarios.Scenario
	for i := int(h.Sum32() % 3); i < len(all); i += 3 {
		some = append(some, all[i])
	}
	return some
}
