package hashinglab

import (
	"math"
	"slices"
	"strings"

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
	slices.SortFunc(cells, func(a, b cell) int { return cmpFloat(at(a), at(b)) })
	place := make([]float64, len(cells))
	for i, c := range cells {
		place[i] = at(c)
	}
	return cells, place
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// ringCircle draws the ring as a circle in w x h cells, 0 at the top and
// clockwise: neighbouring arcs in alternating glyphs, each arc's node
// number outside it where it fits, the stretch the latest change handed
// over as ▲, and under it what the glyphs mean and what changed hands.
func ringCircle(st *widget.Styles, w, h int, arcs []hashing.Arc, hand []hashing.Handover, last *change) []string {
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
	grid := make([][]string, int(2*ry)+3)
	for y := range grid {
		grid[y] = slices.Repeat([]string{" "}, w)
	}
	taken := make([][]bool, len(grid))
	for y := range taken {
		taken[y] = make([]bool, w)
	}
	for i, c := range cells {
		g := st.SeriesStyle(glyph[i] % 2).Render(arcGlyphs[glyph[i]])
		if handed[i] {
			g = st.Marker.Render("▲")
		}
		grid[c.y][c.x], taken[c.y][c.x] = g, true
	}
	// each run's number outside its middle, where it is free with a
	// cell either side
	for start := 0; start < len(cells); {
		end := start + 1
		for end < len(cells) && !first[end] {
			end++
		}
		mid := (place[start] + place[end-1]) / 2
		name := strings.TrimPrefix(owners[start], "node-")
		if start > 0 && end == len(cells) && owners[start] == owners[0] {
			break // the first arc again, past 0: numbered once
		}
		sin, cos := math.Sincos(2 * math.Pi * mid)
		x := int(math.Round(cx + (rx+2)*sin))
		y := int(math.Round(cy - (ry+1)*cos))
		if sin < -0.2 {
			x -= len(name) - 1
		} else if math.Abs(sin) <= 0.2 {
			x -= len(name) / 2
		}
		if y >= 0 && y < len(grid) && x >= 1 && x+len(name) < w && !slices.Contains(taken[y][x-1:x+len(name)+1], true) {
			for k, r := range name {
				grid[y][x+k], taken[y][x+k] = st.Muted.Render(string(r)), true
			}
		}
		start = end
	}
	out := []string{head}
	for _, row := range grid {
		out = append(out, strings.Join(row, ""))
	}
	return append(append(out, ""), foot...)
}

// arcAtPlace is the arc a place round the ring lies in.
func arcAtPlace(arcs []hashing.Arc, p float64) hashing.Arc {
	k, _ := slices.BinarySearchFunc(arcs, p, func(a hashing.Arc, p float64) int { return cmpFloat(a.To, p) })
	return arcs[min(k, len(arcs)-1)]
}
