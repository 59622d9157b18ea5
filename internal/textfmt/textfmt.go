// Package textfmt formats numbers, fractions and candidate sequences the
// same way in the command line's reports and in the TUI.
package textfmt

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/loadlab/loadlab/sim/engine"
)

// Int is Digits for an int: 4,096.
func Int(n int) string { return engine.Digits(int64(n)) }

// Candidates writes a sequence of (first, second) pairs: (0,0) (0,1).
func Candidates(c [][2]int) string {
	parts := make([]string, len(c))
	for i, p := range c {
		parts[i] = fmt.Sprintf("(%d,%d)", p[0], p[1])
	}
	return strings.Join(parts, " ")
}

// Ints writes integers separated by sep: "126 120 118".
func Ints(xs []int, sep string) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, sep)
}

// Widest is the length of the longest name, and at least floor: the width
// of a name column.
func Widest(names []string, floor int) int {
	w := floor
	for _, n := range names {
		w = max(w, len(n))
	}
	return w
}

// Fraction writes p/q when it is at most maxLen long, and otherwise how
// long the denominator is, as "(p/q, 93 digits)": the DP's fractions run
// to hundreds of digits (the JSON report has them whole).
func Fraction(r *big.Rat, maxLen int) string {
	s := r.String()
	if len(s) <= maxLen {
		return s
	}
	return fmt.Sprintf("(p/q, %d digits)", len(r.Denom().String()))
}

// Percent is 100 a / b, 0 when b is 0.
func Percent(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}
