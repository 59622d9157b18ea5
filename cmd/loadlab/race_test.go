//go:build race

package main

// raceDetector is true in a -race build, where the detector changes what
// and how much is allocated, so heap bounds do not hold.
const raceDetector = true
