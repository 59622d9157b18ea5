package widget

import (
	"strings"

	"github.com/loadlab/loadlab/sim/engine"
)

// Figure is one of a lab's headline figures, as its engine gives it.
type Figure = engine.Figure

// HeadlineMark is what the headline says before its figures: "so far"
// while the run plays, "final" once it is over (Final), nothing for a lab
// that only keys move, whose figures are its setup's (Setup); "model:"
// first for the figures of a model told beside a real incident (Model);
// and What, when not "", what every figure measures ("lost a majority").
type HeadlineMark struct {
	Final, Setup, Model bool
	What                string
}

// Render is the mark as the headline's first cells.
func (h HeadlineMark) Render(st *Styles) string {
	mark := st.Muted.Render("so far ")
	switch {
	case h.Setup:
		mark = ""
	case h.Final:
		mark = st.OK.Render("✓ final ")
	}
	if h.Model {
		mark = st.Muted.Render("model: ") + mark
	}
	if h.What != "" {
		mark += st.Muted.Render(h.What + ": ")
	}
	return mark
}

// Headline writes a lab's headline figures in w cells, the first line
// led by its mark (HeadlineMark). A
// group goes on the current line when it fits there whole, else it starts
// a line; a figure that does not fit goes to the next line, indented. No
// figure is ever cut.
func Headline(st *Styles, w int, hm HeadlineMark, figs []Figure) []string {
	mark := hm.Render(st)
	var groups [][]string // each group's cells: its figures, the first led by the group's name
	var labels []string   // each group's name, styled, or ""
	for i, f := range figs {
		if i == 0 || f.Group != figs[i-1].Group {
			groups = append(groups, nil)
			labels = append(labels, "")
			if f.Group != "" {
				labels[len(labels)-1] = st.Accent.Render(f.Group) + " "
			}
		}
		g := &groups[len(groups)-1]
		cell := st.Muted.Render(f.Name) + " " + st.Title.Render(f.Value)
		if len(*g) == 0 {
			cell = labels[len(labels)-1] + cell
		}
		*g = append(*g, cell)
	}
	sep, gap := st.Muted.Render(" · "), "   "
	var lines []string
	line, width := mark, Width(mark)
	empty := true // nothing but the line's prefix yet
	for gi, g := range groups {
		whole := 0
		for i, c := range g {
			whole += Width(c)
			if i > 0 {
				whole += Width(sep)
			}
		}
		if !empty && width+len(gap)+whole > w {
			lines = append(lines, line)
			line, width, empty = "", 0, true
		}
		for i, c := range g {
			join := sep
			switch {
			case empty:
				join = ""
			case i == 0:
				join = gap
			}
			if label := labels[gi]; i == 0 && label != "" && width+Width(join+c) > w && width+Width(join+label) <= w {
				// the group's name where it fits, its first figure under it
				lines = append(lines, line+join+strings.TrimSuffix(label, " "))
				line, width, join, c = "  ", 2, "", strings.TrimPrefix(c, label)
			}
			if !empty && width+Width(join+c) > w {
				lines = append(lines, line)
				line, width, join = "  ", 2, ""
			}
			line += join + c
			width += Width(join + c)
			empty = false
		}
	}
	lines = append(lines, line)
	for i, l := range lines {
		if Width(l) > w {
			lines[i] = Truncate(l, w) // a single figure wider than the screen
		}
	}
	return lines
}
