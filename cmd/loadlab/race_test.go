//go:build race

package main

import "time"

// raceDetector is true in a -race build, where the detector changes what
// and how much is allocated, so heap bounds do not hold.
const raceDetector = true

// hangGuard is how long a test waits for a run to stop after ctrl+c before
// calling it hung: the detector makes setting up ten million clients slow
// enough to pass ten seconds on a busy machine.
const hangGuard = time.Minute
