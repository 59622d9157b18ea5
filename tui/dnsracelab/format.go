package dnsracelab

import (
	"fmt"

	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/sim/interleave"
)

// Digits writes a count with thousands separators.
func Digits(n uint64) string { return textfmt.Digits(int64(n)) }

// Percent writes a share as the headline does: "41.4%".
func Percent(share float64) string { return fmt.Sprintf("%.1f%%", 100*share) }

// ShareFraction writes a share and its exact fraction: "41.4% (29/70)".
func ShareFraction(s interleave.Share) string { return Percent(s.Share) + " (" + s.Fraction + ")" }
