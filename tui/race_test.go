//go:build race

package tui

// raceDetector is true in a -race build (see catalogue).
const raceDetector = true
