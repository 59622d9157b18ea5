package tui

import (
	"regexp"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// The bars' axis keeps its numbers whatever takes a row from the chart:
// the note a step back writes, a jump, a resize.
func TestAxisSurvivesStepping(t *testing.T) {
	m := openAt(t, "small-steps", 120, 40)
	press(m, "n", "n", "n", "n", "n")
	for _, k := range []string{"b", "home", "end", "resize"} {
		if k == "resize" {
			m.Update(tea.WindowSizeMsg{Width: 120, Height: 39})
		} else {
			drive(m, k)
		}
		for _, want := range []string{"3┤", "2┤", "1┤"} {
			if v := plain(m); !strings.Contains(v, want) {
				t.Errorf("after %s the axis lost %s:\n%s", k, want, v)
			}
		}
	}
}

// Every row of lanes numbers its count axis alike, whatever the height
// leaves each row: d-choices' top row read 3,200 where left:4 below it
// read 4,500.
func TestOneScaleForEveryRowOfLanes(t *testing.T) {
	tick := regexp.MustCompile(`(\d[\d,]*)┤`)
	for h := 30; h <= 48; h++ {
		m := openAt(t, "d-choices", 120, h)
		for range 3 * 4096 {
			binsSnap(m).Step()
		}
		m.redraw()
		var tops []string // the top number of each row of lanes
		for _, line := range strings.Split(plain(m), "\n") {
			if strings.Contains(line, "max load over") {
				break // the trials table's charts have axes of their own
			}
			if strings.HasPrefix(line, "┏") || strings.HasPrefix(line, "╭") {
				tops = append(tops, "")
			}
			if mt := tick.FindStringSubmatch(line); mt != nil && len(tops) > 0 && tops[len(tops)-1] == "" {
				tops[len(tops)-1] = mt[1]
			}
		}
		for _, top := range tops {
			if top != tops[0] && top != "" {
				t.Errorf("at 120x%d the rows of lanes top out at %v:\n%s", h, tops, plain(m))
				break
			}
		}
	}
}
