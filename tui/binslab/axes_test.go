package binslab

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// heavyLoadAxes checks heavy-load-blog's end: the lanes side by side
// share their scales, and the load axis is numbered.
func heavyLoadAxes(t *testing.T, body string, w int) {
	t.Helper()
	if !regexp.MustCompile(`81 +(90 +)?100 +(110 +)?120┄`).MatchString(body) {
		t.Errorf("no load numbers under the distributions:\n%s", body)
	}
	lanesShareAxes(t, body, w)
}

// lanesShareAxes checks that the two lanes side by side number their y
// axes alike and draw the same load axis row: one scale for both.
func lanesShareAxes(t *testing.T, body string, w int) {
	t.Helper()
	tick := regexp.MustCompile(`(\d[\d,]*)┤`)
	var left, right []string
	var leftX, rightX string
	for _, line := range strings.Split(body, "\n") {
		r := []rune(line)
		if len(r) < w/2+1 {
			continue
		}
		l, rr := string(r[:w/2]), string(r[w/2:])
		for _, mt := range tick.FindAllStringSubmatch(l, -1) {
			left = append(left, mt[1])
		}
		for _, mt := range tick.FindAllStringSubmatch(rr, -1) {
			right = append(right, mt[1])
		}
		if strings.Contains(l, "81 ") {
			leftX, rightX = strings.Trim(l, "┃│ "), strings.Trim(rr, "┃│ ")
		}
	}
	if len(left) < 2 || !slices.Equal(left, right) {
		t.Errorf("the lanes' y axes differ or are not numbered: %v against %v", left, right)
	}
	if leftX != rightX {
		t.Errorf("the lanes' load axes differ: %q against %q", leftX, rightX)
	}
}
