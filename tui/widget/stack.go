package widget

import "strings"

// Stacked is one chart of a panel's stack: its title, in the longest of
// its forms that fits, over the chart.
type Stacked struct {
	Titles []string
	// Share is the chart's part of the stack's rows against the others'
	// (0 counts as 1).
	Share int
	// Draw draws the chart into w x h; alone says it is the only chart
	// drawn, so it numbers its own x axis.
	Draw func(w, h int, alone bool) string
}

// Stack draws charts one over another, each under its title, in w x h
// rows shared out by Share; only chart only where only >= 0.
func Stack(st *Styles, w, h, only int, charts ...Stacked) []string {
	if only >= 0 && only < len(charts) {
		c := charts[only]
		return append([]string{st.Muted.Render(FirstFit(w, c.Titles...))}, strings.Split(c.Draw(w, max(1, h-1), true), "\n")...)
	}
	total := 0
	for _, c := range charts {
		total += max(1, c.Share)
	}
	room := max(0, h-len(charts)) // each title takes a row
	var lines []string
	left := room
	for i, c := range charts {
		ch := room * max(1, c.Share) / max(1, total)
		if i == len(charts)-1 {
			ch = left
		}
		left -= ch
		lines = append(lines, st.Muted.Render(FirstFit(w, c.Titles...)))
		lines = append(lines, strings.Split(c.Draw(w, max(1, ch), false), "\n")...)
	}
	return lines
}
