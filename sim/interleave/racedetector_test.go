//go:build race

package interleave

// underRace is true under the race detector, which slows plain
// enumeration twentyfold: the comparisons then stop at smaller races.
const underRace = true
