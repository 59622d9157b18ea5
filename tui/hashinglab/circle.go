package hashinglab

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/loadlab/loadlab/sim/hashing"
	"github.com/loadlab/loadlab/tui/widget"
)

// cell is a place on screen.
type cell struct{ x, y int }

// ellipse is the ring drawn as an ellipse about (cx, cy) of radii rx, ry
// cells (twice as wide as tall, as cells are twice as tall as wide): its
// cells in order clockwise from the top, one cell thick, and each one's
// place round the ring, a fraction from 0.
func ellipse(cx, cy, rx, ry float64) ([]cell, []float64) {
	seen := map[cell]bool{}
	var cells []cell
	add := func(x, y float64) {
		c := cell{int(math.Round(x)), int(math.Round(y))}
		if !seen[c] {
			seen[c] = true
			cells = append(cells, c)
		}
	}
	for y := math.Ceil(cy - ry); y <= cy+ry; y++ { // the steep sides, a cell a row
		dx := rx * math.Sqrt(max(0, 1-(y-cy)*(y-cy)/(ry*ry)))
		add(cx-dx, y)
		add(cx+dx, y)
	}
	for x := math.Ceil(cx - rx); x <= cx+rx; x++ { // the flat top and bottom, a cell a column
		dy := ry * math.Sqrt(max(0, 1-(x-cx)*(x-cx)/(rx*rx)))
		add(x, cy-dy)
		add(x, cy+dy)
	}
	at := func(c cell) float64 {
		a := math.Atan2((float64(c.x)-cx)/rx, -(float64(c.y)-cy)/ry) / (2 * math.Pi)
		if a < 0 {
			a++
		}
		return a
	}
	slices.SortFunc(cells, func(a, b cell) int { return cmp.Compare(at(a), at(b)) })
	place := make([]float64, len(cells))
	for i, c := range cells {
		place[i] = at(c)
	}
	return cells, place
}

// ringCircle draws the ring as a circle in w x h cells, 0 at the top and
// clockwise: neighbouring arcs in alternating glyphs, each arc's node
// number outside it where it fits, the stretch the latest change handed
// over as ▲, and under it what the glyphs mean and what changed hands.
func ringCircle(st *widget.Styles, w, h int, arcs []hashing.Arc, hand []hashing.Handover, last *hashing.Change) []string {
	head := st.Title.Render(widget.FirstFit(w, "the ring drawn: 0 at the top, clockwise", "the ring, clockwise from 0", "the ring"))
	var foot []string
	paras := []string{ringWhat(true)[0]}
	if c := ringChange(hand, last); c != "" {
		paras = append(paras, c)
	}
	for _, para := range paras {
		for _, l := range widget.Wrap(para, w) {
			foot = append(foot, st.Text.Render(l))
		}
	}
	rows := h - 1 - len(foot) - 1 // a row between the circle and its caption
	ry := math.Floor(min(float64(rows-3)/2, float64(w-8)/4))
	if ry < 3 {
		return ringStrip(st, w, arcs, hand, last)
	}
	rx := 2 * ry
	cx, cy := float64(w-1)/2, ry+1
	cells, place := ellipse(cx, cy, rx, ry)
	owners := make([]string, len(cells))
	for i, p := range place {
		owners[i] = arcAtPlace(arcs, p).Node
	}
	glyph, first := runGlyphs(owners, true)
	handed := make([]bool, len(cells))
	for i, p := range place {
		for _, ho := range hand {
			handed[i] = handed[i] || p >= ho.From-0.5/float64(len(cells)) && p <= ho.To+0.5/float64(len(cells))
		}
	}
	g := newGrid(w, int(2*ry)+3)
	for i, c := range cells {
		mark := st.SeriesStyle(glyph[i] % 2).Render(arcGlyphs[glyph[i]])
		if handed[i] {
			mark = st.Marker.Render("▲")
		}
		g.set(c.x, c.y, mark)
	}
	for start := 0; start < len(cells); {
		end := start + 1
		for end < len(cells) && !first[end] {
			end++
		}
		if start > 0 && end == len(cells) && owners[start] == owners[0] {
			break // the first arc again, past 0: numbered once
		}
		name := strings.TrimPrefix(owners[start], "node-")
		x, y := labelAt((place[start]+place[end-1])/2, cx, cy, rx+2, ry+1, len(name))
		if g.free(x-1, y, len(name)+2) {
			g.write(x, y, name, st.Muted)
		}
		start = end
	}
	return append(append([]string{head}, g.lines()...), append([]string{""}, foot...)...)
}

// labelAt is where a label of n cells goes outside the ring at a place
// round it, on an ellipse of radii rx, ry: left of that point on the left
// half, right of it on the right, centred at the top and bottom.
func labelAt(place, cx, cy, rx, ry float64, n int) (x, y int) {
	sin, cos := math.Sincos(2 * math.Pi * place)
	x, y = int(math.Round(cx+rx*sin)), int(math.Round(cy-ry*cos))
	switch {
	case sin < -0.2:
		x -= n - 1
	case sin <= 0.2:
		x -= n / 2
	}
	return x, y
}

// grid is a picture of w x h cells, each a styled string, that knows
// which cells are drawn.
type grid struct {
	cells [][]string
	taken [][]bool
}

func newGrid(w, h int) *grid {
	g := &grid{cells: make([][]string, h), taken: make([][]bool, h)}
	for y := range g.cells {
		g.cells[y], g.taken[y] = slices.Repeat([]string{" "}, w), make([]bool, w)
	}
	return g
}

func (g *grid) set(x, y int, s string) { g.cells[y][x], g.taken[y][x] = s, true }

// free reports whether the n cells from (x, y) are on the grid and blank.
func (g *grid) free(x, y, n int) bool {
	return y >= 0 && y < len(g.cells) && x >= 0 && x+n <= len(g.cells[y]) && !slices.Contains(g.taken[y][x:x+n], true)
}

func (g *grid) write(x, y int, text string, st lipgloss.Style) {
	for k, r := range text {
		g.set(x+k, y, st.Render(string(r)))
	}
}

func (g *grid) lines() []string {
	out := make([]string, len(g.cells))
	for y, row := range g.cells {
		out[y] = strings.Join(row, "")
	}
	return out
}

// arcAtPlace is the arc a place round the ring lies in.
func arcAtPlace(arcs []hashing.Arc, p float64) hashing.Arc {
	k, _ := slices.BinarySearchFunc(arcs, p, func(a hashing.Arc, p float64) int { return cmp.Compare(a.To, p) })
	return arcs[min(k, len(arcs)-1)]
}
