//go:build !race

package interleave

const underRace = false
