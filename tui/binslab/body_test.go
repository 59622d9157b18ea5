package binslab

import (
	"strings"
	"testing"

	"github.com/loadlab/loadlab/tui/lab/labtest"
)

// The lab's bodies at 80x24 and 120x40 (or the sizes a state names).
func TestBodyGoldens(t *testing.T) {
	labtest.Bodies(t, New, []labtest.State{
		// as it opens
		{Name: "open", Scenario: "small-steps"},
		// 12 steps in
		{Name: "played", Scenario: "small-steps", Steps: 12, Check: lanesShareAxes},
		// heavy-load-blog at its end: the two load distributions on one load
		// axis and one count axis, both numbered, so that two choices' spike (95
		// to 102) reads narrower than one choice's spread (81 to 126)
		{Name: "heavy-end", Scenario: "heavy-load-blog", Steps: -1, Sizes: [][2]int{{80, 24}, {160, 48}}, Check: heavyLoadAxes},
		// the research note's experiment after three finished trials: from
		// 120x40 the live trials table, at 160x48 bar charts of the max
		{Name: "three-trials", Scenario: "p2c-paired-4096", Steps: 3 * 4096, Sizes: [][2]int{{80, 24}, {120, 40}, {160, 48}}, Check: func(t *testing.T, body string, w int) {
			if w == 160 && !strings.Contains(body, "trials by their max load") {
				t.Errorf("no bar charts of the max at 160x48:\n%s", body)
			}
		}},
		// the max load over time, half way: a time series with numbered axes and
		// each line named at its end
		{Name: "history", Scenario: "heavy-load-blog", Steps: 5000, Keys: []string{"v", "v", "v"}, Sizes: [][2]int{{120, 40}}, Check: func(t *testing.T, body string, _ int) {
			if !strings.Contains(body, "max load as the balls arrive") {
				t.Errorf("v should reach the history:\n%s", body)
			}
		}},
	})
}
