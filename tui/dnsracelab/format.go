package dnsracelab

import "github.com/loadlab/loadlab/sim/engine"

// Digits writes a count with thousands separators.
func Digits(n uint64) string { return engine.Digits(int64(n)) }

// Fraction writes n of d schedules as the lab does, over every schedule
// and never reduced, with thousands separators: "20,259/34,650".
func Fraction(n, d uint64) string { return Digits(n) + "/" + Digits(d) }
