package dnsracelab

import (
	"fmt"

	"github.com/loadlab/loadlab/sim/engine"
)

// Digits writes a count with thousands separators.
func Digits(n uint64) string { return engine.Digits(int64(n)) }

// Percent writes a share as the headline does: "41.4%".
func Percent(share float64) string { return fmt.Sprintf("%.1f%%", 100*share) }

// Fraction writes n of d schedules as the lab does, over every schedule
// and never reduced, with thousands separators: "20,259/34,650".
func Fraction(n, d uint64) string { return Digits(n) + "/" + Digits(d) }

// ShareFraction writes n of d as a share and its fraction: "41.4% (29/70)".
func ShareFraction(n, d uint64) string {
	share := 0.0
	if d > 0 {
		share = float64(n) / float64(d)
	}
	return Percent(share) + " (" + Fraction(n, d) + ")"
}
