// Package textfmt formats numbers and candidate sequences the same way in
// the command line's reports and in the TUI.
package textfmt

import (
	"fmt"
	"strconv"
	"strings"
)

// Digits writes n with commas between groups of three digits: 65,536.
func Digits(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var out []byte
	for i := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	if neg {
		return "-" + string(out)
	}
	return string(out)
}

// Candidates writes a sequence of (first, second) pairs: (0,0) (0,1).
func Candidates(c [][2]int) string {
	parts := make([]string, len(c))
	for i, p := range c {
		parts[i] = fmt.Sprintf("(%d,%d)", p[0], p[1])
	}
	return strings.Join(parts, " ")
}
