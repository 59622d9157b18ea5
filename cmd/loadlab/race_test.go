//go:build race

package main

import (
	"testing"
	"time"
)

// raceDetector is true in a -race build, where the detector changes what
// and how much is allocated, so heap bounds do not hold.
const raceDetector = true

// hangGuard is how long a test waits for a run to stop after ctrl+c before
// calling it hung: the detector makes setting up ten million clients slow
// enough to pass ten seconds on a busy machine.
const hangGuard = time.Minute

// noDetectorNeeded skips, under the race detector, a test of what a run
// writes against its estimate: single-goroutine arithmetic the detector
// finds nothing in, made ten times slower. The plain run checks it.
func noDetectorNeeded(t *testing.T) {
	t.Helper()
	t.Skip("a run's output against its estimate: checked without -race")
}
