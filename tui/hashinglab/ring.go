package hashinglab

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/loadlab/loadlab/sim/hashing"
	"github.com/loadlab/loadlab/tui/widget"
)

// drawRing lays out the ring's arcs and what the latest change handed
// over, for the view, when the ring is on screen.
func (l *Lab) drawRing() {
	l.arcs, l.handed = nil, nil
	for _, sd := range l.c.Sides {
		if sd.Scheme != hashing.Ring {
			continue
		}
		l.arcs = sd.Mapping().Arcs()
		if sd.Before != nil {
			l.handed = hashing.Handovers(sd.Before, sd.Mapping())
		}
	}
}

// Glyphs of the ring: neighbouring arcs alternate between the first two
// (a third where the last arc meets the first), so that where one node's
// arc ends shows without colour.
var arcGlyphs = [...]string{"█", "░", "▒"}

// cellOwners are the nodes of w cells along the ring, cut open at 0: each
// cell is the node of the arc at its middle.
func cellOwners(arcs []hashing.Arc, w int) []string {
	out := make([]string, w)
	k := 0
	for c := range out {
		mid := (float64(c) + 0.5) / float64(w)
		for k < len(arcs)-1 && arcs[k].To < mid {
			k++
		}
		out[c] = arcs[k].Node
	}
	return out
}

// runGlyphs gives each run of cells of one node a glyph, alternating, and
// the last run a third when it would look like the first while its node
// differs; first[i] says a run starts at cell i. wrap says the cells close
// into a circle.
func runGlyphs(owners []string, wrap bool) (glyph []int, first []bool) {
	glyph, first = make([]int, len(owners)), make([]bool, len(owners))
	g := 0
	for i := range owners {
		if i > 0 && owners[i] != owners[i-1] {
			g = 1 - g
		}
		first[i] = i == 0 || owners[i] != owners[i-1]
		glyph[i] = g
	}
	if wrap && g == 0 && len(owners) > 1 && owners[len(owners)-1] != owners[0] {
		for i := len(owners) - 1; i >= 0 && owners[i] == owners[len(owners)-1]; i-- {
			glyph[i] = 2
		}
	}
	return glyph, first
}

// handedCells marks the cells that a handover touches, at least one each.
func handedCells(hand []hashing.Handover, w int) []bool {
	out := make([]bool, w)
	for _, h := range hand {
		lo := min(w-1, int(math.Floor(h.From*float64(w))))
		hi := max(lo+1, int(math.Ceil(h.To*float64(w))))
		for c := lo; c < min(hi, w); c++ {
			out[c] = true
		}
	}
	return out
}

// ringStrip draws the ring cut open at 0 in w cells: a caption (with what
// the latest change handed over), a row of arcs and a row of the arcs'
// node numbers, each in its run where it fits, with ▲ under the stretch
// that changed hands.
func ringStrip(st *widget.Styles, w int, arcs []hashing.Arc, hand []hashing.Handover, last *hashing.Change) []string {
	owners := cellOwners(arcs, w)
	glyph, first := runGlyphs(owners, false)
	handed := handedCells(hand, w)
	var strip strings.Builder
	for c := range owners {
		strip.WriteString(st.SeriesStyle(glyph[c] % 2).Render(arcGlyphs[glyph[c]]))
	}
	labels := []rune(strings.Repeat(" ", w))
	for c, h := range handed {
		if h {
			labels[c] = '▲'
		}
	}
	free := 0 // the first cell a label may take
	for start := 0; start < w; {
		end := start + 1
		for end < w && !first[end] {
			end++
		}
		name := []rune(strings.TrimPrefix(owners[start], "node-"))
		for p := max(start, free); p < end && p+len(name) <= w; p++ {
			if !slices.Contains(handed[p:p+len(name)], true) {
				copy(labels[p:], name)
				free = p + len(name) + 1
				break
			}
		}
		start = end
	}
	marks := st.Muted.Render(strings.ReplaceAll(string(labels), "▲", "\x00"))
	marks = strings.ReplaceAll(marks, "\x00", st.Marker.Render("▲"))
	return []string{st.Text.Render(widget.FirstFit(w, ringCaptions(hand, last)...)), strip.String(), marks}
}

// ringWhat says what the ring's picture is, a circle or a strip cut open
// at 0, longest form first.
func ringWhat(circle bool) []string {
	if circle {
		return []string{"a run of █ or ░ is one node's arc, its number outside"}
	}
	return []string{"the ring from 0 to 2^64, cut open at 0: a run of █ or ░ is one node's arc, its number below", "the ring cut open at 0: a run of █ or ░ is one node's arc", "the ring: a run of █ or ░ is a node's arc"}
}

// ringCaptions are the strip's caption, longest first: what it is, and
// what the latest change handed over.
func ringCaptions(hand []hashing.Handover, last *hashing.Change) []string {
	what := ringWhat(false)
	change := ringChange(hand, last)
	if change == "" {
		return what
	}
	return []string{what[1] + "; " + change, what[2] + "; " + change, change}
}

// ringChange says what the latest change handed over: "node-13's arc (▲)
// is now node-19's"; "" before any.
func ringChange(hand []hashing.Handover, last *hashing.Change) string {
	if len(hand) == 0 || last == nil {
		return ""
	}
	var others []string
	for _, h := range hand {
		o := h.After
		if last.Joined {
			o = h.Before
		}
		if !slices.Contains(others, o) {
			others = append(others, o)
		}
	}
	whose := others[0] + "'s"
	if len(others) > 1 {
		whose = fmt.Sprintf("%d nodes'", len(others))
	}
	arcs, verb := "arc (▲)", [2]string{"is now", "was"}
	if len(hand) > 1 {
		arcs, verb = fmt.Sprintf("%d arcs (▲)", len(hand)), [2]string{"are now", "were"}
	}
	tense := verb[0]
	if last.Joined {
		tense = verb[1]
	}
	return fmt.Sprintf("%s's %s %s %s", last.Node.Name, arcs, tense, whose)
}
