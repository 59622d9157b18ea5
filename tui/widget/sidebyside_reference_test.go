package widget

import (
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/loadlab/loadlab/themes"
)

// byLipgloss is SideBySide as lipgloss lays it out: each panel but the
// last rendered one column wider than its share, the panels joined at the
// top. SideBySide, which pads the lines itself, must write the same.
func byLipgloss(w, h int, panels ...string) string {
	pw := (w - (len(panels) - 1)) / len(panels)
	cells := make([]string, len(panels))
	for i, p := range panels {
		body := FitLines(strings.Split(p, "\n"), pw, h)
		if i < len(panels)-1 {
			body = lipgloss.NewStyle().Width(pw + 1).Render(body)
		}
		cells[i] = body
	}
	return lipgloss.JoinHorizontal(lipgloss.Top, cells...)
}

func TestSideBySideLaysOutAsLipgloss(t *testing.T) {
	st := NewStyles(themes.All[0])
	drawn := []string{
		"one\n" + st.Bad.Render("two ⣿ →") + "\nthree",
		"a much longer line than the panel is wide, to be cut\n\nshort",
		"",
		"·\n·\n·\n·\n·\n·",
	}
	for n := 1; n <= 3; n++ {
		for first := range drawn {
			var panels []string
			var draws []func(w, h int, _ struct{}) string
			for i := range n {
				p := drawn[(first+i)%len(drawn)]
				panels = append(panels, p)
				draws = append(draws, func(int, int, struct{}) string { return p })
			}
			for _, size := range [][2]int{{80, 4}, {31, 2}, {160, 7}} {
				got := SideBySide(size[0], size[1], struct{}{}, draws...)
				if want := byLipgloss(size[0], size[1], panels...); got != want {
					t.Fatalf("%d panels at %v:\n%q\nwant\n%q", n, size, got, want)
				}
			}
		}
	}
}
