//go:build !race

package main

import (
	"testing"
	"time"
)

// raceDetector is true in a -race build (see race_test.go).
const raceDetector = false

// hangGuard is how long a test waits for a run to stop after ctrl+c before
// calling it hung (LOADLAB_TIMED=1 checks the real bound, 100 ms).
const hangGuard = 10 * time.Second

// noDetectorNeeded skips a test under the race detector (see race_test.go);
// here it runs.
func noDetectorNeeded(*testing.T) {}
