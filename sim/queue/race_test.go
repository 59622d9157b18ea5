//go:build race

package queue

// raceDetector is true in a -race build: the runs of millions of events
// some tests make are checked without the detector, which slows each
// event many times over and looks for what one goroutine cannot race.
const raceDetector = true
