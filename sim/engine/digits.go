package engine

import (
	"fmt"
	"strconv"
)

// Digits writes n with commas between groups of three digits, 40,000, as
// the reports and the TUI write counts: a moment's caption reads like the
// figures around it.
func Digits(n int64) string {
	s := strconv.FormatInt(n, 10)
	sign := ""
	if n < 0 {
		sign, s = "-", s[1:]
	}
	out := make([]byte, 0, len(s)+len(s)/3)
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	return sign + string(out)
}

// Count writes n things, "1 machine", "12,000 machines": thing's plural
// with an s.
func Count(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return Digits(int64(n)) + " " + thing + "s"
}

// Compact writes a count in at most three significant digits with k or M,
// as an axis or a headline writes a large rate: 950, 12.3k, 1.5M.
func Compact(v float64) string {
	switch {
	case v >= 1e6:
		return fmt.Sprintf("%.3gM", v/1e6)
	case v >= 1e3:
		return fmt.Sprintf("%.3gk", v/1e3)
	}
	return fmt.Sprintf("%.3g", v)
}
