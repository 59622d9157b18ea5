package widget

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
)

// Each widget's drawing at a small fixed size, in the mono theme, kept as
// a golden (go test -update writes them): a change to one widget rewrites
// its own files only.
func TestWidgetGoldens(t *testing.T) {
	st := mono(t)
	ts := flatChart(4, 12)
	ts.Lines[1].Name = "ends high"
	figs := []Figure{
		{Key: "ok", Group: "S1", Name: "success", Value: "16.7%"}, {Key: "peak", Group: "S1", Name: "backlog peak", Value: "11,793"},
		{Key: "ok", Group: "S6", Name: "success", Value: "22.6%"}, {Key: "peak", Group: "S6", Name: "backlog peak", Value: "951"},
	}
	events := []Incident{
		{At: 0, Clock: "12:47 AM", What: "a network change sends traffic onto the spare network", Phase: Trigger},
		{At: 100, Clock: "2:40 AM", What: "the storm of searches goes on", Phase: Sustain},
		{At: 500, Clock: "8:20 AM", What: "the zone is cut off from the control plane", Phase: Recover},
	}
	cases := map[string]func() string{
		"timeseries": func() string { return ts.Render(st, 48, 12) },
		"timeseries-logy": func() string {
			c := flatChart(3, 3000).With(LogY, JoinRows)
			c.YMax = 3000
			return c.Render(st, 48, 12)
		},
		"bars": func() string {
			return Bars{Labels: []string{"0", "", "10", "", "20"}, Values: []float64{1, 3, 9, 4, 2}, YMax: 10, Style: st.Text}.Render(st, 30, 8)
		},
		"hbars": func() string {
			hb := HBars{Bars: []HBar{{Label: "#3", Parts: []HBarPart{{Value: 12, Rune: '█', Style: st.Text}}, Mark: 5},
				{Label: "#17", Parts: []HBarPart{{Value: 4, Rune: '█', Style: st.Text}}, Mark: 5}}, Max: 15, MarkRune: '┃', MarkStyle: st.Marker}
			return hb.Render(st, 40) + "\n" + hb.Axis(st, 40, func(v float64) string { return fmt.Sprintf("%.0f", v) })
		},
		"headline": func() string { return strings.Join(Headline(st, 60, HeadlineMark{Final: true}, figs), "\n") },
		"bigstrip": func() string { return BigStrip(st, 80, figs[:2]) },
		"counters": func() string {
			return strings.Join(Counters(st, 40, 3, Counter{"arrived", "1,200"}, Counter{"ok", "980"}, Counter{"failed", "220"}), "\n")
		},
		"legend": func() string {
			return Legend(st, 60, Key{"█", st.Text, "searches"}, Key{"░", st.Muted, "re-mirrors"})
		},
		"panel": func() string {
			return Panel{Focused: true}.Render(st, []string{"max 12", "a line too long for this panel"}, 20, 4)
		},
		"timeline": func() string { return strings.Join(Timeline(st, 50, 4, events, 200), "\n") },
		"log":      func() string { return strings.Join(Log(st, 40, 3, []string{"first", "second", "third, newest"}), "\n") },
		"fitlines": func() string { return FitLines([]string{"one line that is far too long to fit", "two"}, 20, 3) },
		"firstfit": func() string { return FirstFit(24, "the longest form of a note", "a shorter form", "short") },
		"wrap": func() string {
			return strings.Join(Wrap("a note that wraps at word boundaries and never cuts a word", 20), "\n")
		},
	}
	for name, draw := range cases {
		t.Run(name, func(t *testing.T) { golden.RequireEqual(t, []byte(plain(draw()))) })
	}
}
