package tui

import (
	"hash/fnv"
	"testing"

	"github.com/loadlab/loadlab/scenarios"
)

// catalogue is the scenarios a whole-catalogue test goes through: every
// one; under -short every third, and under the race detector every fifth,
// which ones chosen by the test's name. The detector slows the TUI about tenfold, and what it
// looks for (memory shared between goroutines) is the shell's, not a
// scenario's; the plain run, which CI makes, checks every scenario.
func catalogue(t *testing.T) []scenarios.Scenario {
	all := scenarios.All()
	if !raceDetector && !testing.Short() {
		return all
	}
	every := 3
	if raceDetector {
		every = 5 // count=2 under the detector must finish well inside go test's 10 minutes
	}
	h := fnv.New32a()
	h.Write([]byte(t.Name()))
	var some []scenarios.Scenario
	for i := int(h.Sum32() % uint32(every)); i < len(all); i += every {
		some = append(some, all[i])
	}
	return some
}

// playsWholeRuns skips, under the race detector, a test that plays whole
// runs on the shell's one goroutine: the detector finds nothing there and
// makes each run ten times slower. The plain run, which CI makes, runs it.
func playsWholeRuns(t *testing.T) {
	t.Helper()
	if raceDetector {
		t.Skip("plays whole runs on one goroutine: checked without -race")
	}
}
