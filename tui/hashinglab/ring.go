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

// mixedShare is the most a cell's main node may hold of it before the
// cell counts as several nodes' arcs: below three quarters, one glyph
// would claim an arc the column cannot show.
const mixedShare = 0.75

// mixedCells says which of w cells along the ring hold arcs of several
// nodes, no one of them three quarters of the cell: with many points a
// node, arcs are finer than a column, and drawing each cell's middle
// owner would show a regular run of equal arcs that is not there.
func mixedCells(arcs []hashing.Arc, w int) []bool {
	out := make([]bool, w)
	share := map[string]float64{}
	k := 0
	for c := range out {
		lo, hi := float64(c)/float64(w), float64(c+1)/float64(w)
		clear(share)
		for k < len(arcs) && arcs[k].To <= lo {
			k++
		}
		most := 0.0
		for j := k; j < len(arcs) && arcs[j].From < hi; j++ {
			share[arcs[j].Node] += (min(arcs[j].To, hi) - max(arcs[j].From, lo)) / (hi - lo)
			most = max(most, share[arcs[j].Node])
		}
		out[c] = most < mixedShare
	}
	return out
}

// ringStrip draws the ring cut open at 0 in w cells: a caption (with what
// the latest change handed over), a row of arcs and a row of the arcs'
// node numbers, each in its run where it fits, with ▲ under the stretch
// that changed hands. A cell holding several nodes' arcs is drawn ▚ and
// breaks the runs; the nodes the caption names are labelled first.
func ringStrip(st *widget.Styles, w int, arcs []hashing.Arc, hand []hashing.Handover, last *hashing.Change) []string {
	owners := cellOwners(arcs, w)
	mixed := mixedCells(arcs, w)
	anyMixed := slices.Contains(mixed, true)
	for c := range owners {
		if mixed[c] {
			owners[c] = "" // a run of its own: no label, no alternation
		}
	}
	glyph, first := runGlyphs(owners, false)
	handed := handedCells(hand, w)
	var strip strings.Builder
	for c := range owners {
		if mixed[c] {
			strip.WriteString(st.Muted.Render("▚"))
			continue
		}
		strip.WriteString(st.SeriesStyle(glyph[c] % 2).Render(arcGlyphs[glyph[c]]))
	}
	labels := []rune(strings.Repeat(" ", w))
	for c, h := range handed {
		if h {
			labels[c] = '▲'
		}
	}
	type run struct{ start, end int }
	var runs []run
	for start := 0; start < w; {
		end := start + 1
		for end < w && !first[end] {
			end++
		}
		if owners[start] != "" {
			runs = append(runs, run{start, end})
		}
		start = end
	}
	named := ringNamed(hand, last)
	taken := make([]bool, w) // cells a label, or the blank after one, holds
	place := func(r run) {
		name := []rune(strings.TrimPrefix(owners[r.start], "node-"))
		for p := r.start; p < r.end && p+len(name) <= w; p++ {
			// a blank on each side, so that no label runs into a ▲ or another
			clear := (p == 0 || labels[p-1] == ' ') && (p+len(name) == w || labels[p+len(name)] == ' ')
			if clear && !slices.Contains(handed[p:p+len(name)], true) && !slices.Contains(taken[max(0, p-1):p+len(name)], true) {
				copy(labels[p:], name)
				for q := p; q < min(w, p+len(name)+1); q++ {
					taken[q] = true
				}
				return
			}
		}
	}
	for _, r := range runs { // the caption's nodes first, then the rest in order
		if slices.Contains(named, owners[r.start]) {
			place(r)
		}
	}
	for _, r := range runs {
		if !slices.Contains(named, owners[r.start]) {
			place(r)
		}
	}
	marks := st.Muted.Render(strings.ReplaceAll(string(labels), "▲", "\x00"))
	marks = strings.ReplaceAll(marks, "\x00", st.Marker.Render("▲"))
	caption := ringCaptions(hand, last)
	if anyMixed { // ▚ is said in every form, the longest that fits
		var withMixed []string
		for _, c := range caption {
			for _, suffix := range []string{" · ▚ several nodes' arcs in one column", " · ▚ mixed"} {
				withMixed = append(withMixed, c+suffix)
			}
		}
		caption = withMixed
	}
	return []string{st.Text.Render(widget.FirstFit(w, caption...)), strip.String(), marks}
}

// ringNamed are the nodes the caption names: the one that changed, and
// the one that took or gave its arcs.
func ringNamed(hand []hashing.Handover, last *hashing.Change) []string {
	if last == nil {
		return nil
	}
	named := []string{last.Node.Name}
	for _, h := range hand {
		named = append(named, h.Before, h.After)
	}
	return named
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
