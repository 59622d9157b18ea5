package lab

import (
	"fmt"

	"github.com/loadlab/loadlab/tui/widget"
)

// Layout is one way to draw a lab's body: Cards cards, drawn together when
// there is one, else one at a time under a line that names the card shown
// and says tab shows the next.
type Layout struct {
	Cards int
	// Name names card i in a few words ("throttle: work a second").
	Name func(i int) string
	// Draw draws card i into f (its room and the styles to draw with).
	Draw func(i int, f Frame) string
}

// Deck is the focus layout, the class view's answer to a small screen: a
// lab lists its layouts from the one that shows the most (everything side
// by side) to the one that shows the least (one chart), and the deck draws
// the first whose every chart is at the readable minimum (widget.Readable),
// or the last. A layout, once given up at a size, stays given up until the
// size changes, so that a growing label never makes the screen flip back
// and forth. tab (Next) pages through the cards.
type Deck struct {
	focus   int
	level   int
	size    [2]int
	cards   int
	layouts int
}

// Render draws the body in the first readable layout.
func (d *Deck) Render(f Frame, layouts ...Layout) string {
	if size := [2]int{f.W, f.H}; size != d.size || len(layouts) != d.layouts || layouts[d.level].Cards != d.cards {
		d.size, d.level, d.layouts = size, 0, len(layouts) // a new size, or other layouts (c took a run away): the richest first
	}
	var body string
	var seen widget.Measured
	for lv := d.level; lv < len(layouts); lv++ {
		body, seen = widget.Measure(f.St, func(st *widget.Styles) string { return d.draw(st, f, layouts[lv]) })
		d.level, d.cards = lv, layouts[lv].Cards
		if seen.Readable() {
			break
		}
	}
	seen.Tell(f.St)
	return body
}

// draw draws one layout: its one card, or the focused card under its line.
func (d *Deck) draw(st *widget.Styles, f Frame, l Layout) string {
	f.St = st
	if l.Cards <= 1 {
		return l.Draw(0, f)
	}
	i := d.focus % l.Cards
	line := FocusLine(st, f.W, i, l.Cards, l.Name(i))
	f.H--
	return line + "\n" + l.Draw(i, f)
}

// Next shows the next card, and reports whether there is one: false when
// everything is on screen together.
func (d *Deck) Next() bool {
	if d.cards <= 1 {
		return false
	}
	d.focus = (d.focus + 1) % d.cards
	return true
}

// FocusLine is the line over a card shown alone: "2 of 4 · throttle: work
// a second · tab: next", in shorter forms where it does not fit.
func FocusLine(st *widget.Styles, w, i, n int, name string) string {
	at := fmt.Sprintf("%d of %d", i+1, n)
	return st.Accent.Render(at) + st.Muted.Render(widget.FirstFit(w-len(at),
		" · "+name+" · tab: next", " · "+name+" · tab", " · tab: next", ""))
}

// Runs are the layouts of runs drawn side by side, each a stack of charts:
// all of them; every run, one chart at a time; one run, all its charts;
// one run, one chart. draw draws run r's chart c (c < 0: all its charts)
// into f; runNames and chartNames name them.
func Runs(runNames, chartNames []string, draw func(r, c int, f Frame) string) []Layout {
	nr, nc := len(runNames), len(chartNames)
	side := func(c int, f Frame) string {
		panels := make([]func(w, h int, _ struct{}) string, nr)
		for r := range panels {
			panels[r] = func(w, h int, _ struct{}) string {
				pf := f
				pf.W, pf.H = w, h
				return draw(r, c, pf)
			}
		}
		return widget.SideBySide(f.W, f.H, struct{}{}, panels...)
	}
	layouts := []Layout{{Cards: 1, Draw: func(_ int, f Frame) string { return side(-1, f) }}}
	if nc > 1 {
		layouts = append(layouts, Layout{Cards: nc,
			Name: func(i int) string { return chartNames[i] },
			Draw: side})
	}
	if nr > 1 {
		layouts = append(layouts, Layout{Cards: nr,
			Name: func(i int) string { return runNames[i] },
			Draw: func(i int, f Frame) string { return draw(i, -1, f) }})
	}
	if nc > 1 && nr > 1 {
		layouts = append(layouts, Layout{Cards: nr * nc,
			Name: func(i int) string { return runNames[i/nc] + ": " + chartNames[i%nc] },
			Draw: func(i int, f Frame) string { return draw(i/nc, i%nc, f) }})
	}
	return layouts
}
