package binslab

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/loadlab/loadlab/tui/lab/labtest"
)

// heavy-load-blog at its end: the two load distributions on one load axis
// and one count axis, both numbered, so that two choices' spike (95 to 102)
// reads narrower than one choice's spread (81 to 126).
func TestBodyHeavyLoadAtItsEnd(t *testing.T) {
	l := labtest.Open(t, New, "heavy-load-blog")
	labtest.Play(l, -1)
	sizes := [][2]int{{80, 24}, {160, 48}}
	for i, body := range labtest.GoldensAt(t, l, "end", sizes...) {
		lanesShareAxes(t, body, sizes[i][0])
		if !regexp.MustCompile(`81 +(90 +)?100 +(110 +)?120┄`).MatchString(body) {
			t.Errorf("no load numbers under the distributions:\n%s", body)
		}
	}
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

// The research note's experiment (§P2C) after three finished trials:
// distributions of the loads and, from 120x40, the live trials table
// under the lanes; at 160x48 bar charts of the trials by their max load.
func TestBodyPairedTrials(t *testing.T) {
	l := labtest.Open(t, New, "p2c-paired-4096")
	labtest.Play(l, 3*4096)
	bodies := labtest.GoldensAt(t, l, "three-trials", [2]int{80, 24}, [2]int{120, 40}, [2]int{160, 48})
	if !strings.Contains(bodies[2], "trials by their max load") {
		t.Errorf("no bar charts of the max at 160x48:\n%s", bodies[2])
	}
}

// The max load over time of the blog post's run, half way: an ntcharts
// time series with numbered axes and each line named at its end.
func TestBodyHistory(t *testing.T) {
	l := labtest.Open(t, New, "heavy-load-blog")
	labtest.Play(l, 5000)
	for range 3 {
		if !strings.Contains(labtest.Body(t, l, 120, 40-labtest.Chrome), "max load as the balls arrive") {
			labtest.Press(t, l, "v")
		}
	}
	if body := labtest.GoldensAt(t, l, "history", [2]int{120, 40})[0]; !strings.Contains(body, "max load as the balls arrive") {
		t.Fatalf("v should reach the history:\n%s", body)
	}
}
