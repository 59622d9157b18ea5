package widget

import (
	"slices"
	"unicode"

	"github.com/NimbleMarkets/ntcharts/canvas"
	"github.com/NimbleMarkets/ntcharts/canvas/runes"
)

// Without colour (the mono theme, which NO_COLOR selects) braille lines
// look alike where they cross or run close, so each line is written over
// with its mark, a letter, every few columns; its name underlines that
// letter.

// lineMark is a line's mark and where it stands in the line's name (-1
// when it is not in it).
type lineMark struct {
	r   rune
	pos int
}

// marks are the lines' marks: a line's Mark, else a letter of its name
// that no other line has taken (case aside), tried first at the starts of
// its words, then anywhere; a name with none free gets a symbol. Digits
// count only in a name's first word ("S6", "dchoice:2"): the figures after
// it ("api 98%") change as the run goes on, and a mark must not.
func (t TimeSeries) marks() []lineMark {
	taken := map[rune]bool{}
	for _, l := range t.Lines {
		if l.Mark != 0 {
			taken[unicode.ToLower(l.Mark)] = true
		}
	}
	out := make([]lineMark, len(t.Lines))
	for i, l := range t.Lines {
		name := []rune(l.Name)
		m := lineMark{l.Mark, slices.Index(name, l.Mark)}
		if l.Mark == 0 {
			m = freeMark(name, taken)
		}
		taken[unicode.ToLower(m.r)] = true
		out[i] = m
	}
	return out
}

func freeMark(name []rune, taken map[rune]bool) lineMark {
	firstWord := slices.Index(name, ' ')
	if firstWord < 0 {
		firstWord = len(name)
	}
	alnum := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
	for _, anywhere := range []bool{false, true} {
		for j, r := range name {
			starts := j == 0 || !alnum(name[j-1]) || unicode.IsDigit(r) != unicode.IsDigit(name[j-1])
			usable := unicode.IsLetter(r) || unicode.IsDigit(r) && j < firstWord
			if (starts || anywhere) && usable && !taken[unicode.ToLower(r)] {
				return lineMark{r, j}
			}
		}
	}
	for _, r := range "*+#@%&=~" {
		if !taken[r] {
			return lineMark{r, -1}
		}
	}
	return lineMark{'*', -1}
}

// drawMarks writes each line's mark over its braille (cells[i], the
// line's patterns, nil when not drawn) every few columns, the lines
// staggered so their marks fall in different columns.
func (t TimeSeries) drawMarks(c *canvas.Model, origin canvas.Point, cells [][][]rune, marks []lineMark) {
	var m markGrid
	for _, p := range cells {
		if p != nil {
			m.gh, m.gw = len(p), len(p[0])
		}
	}
	m.crowd, m.marked = make([][]int, m.gh), make([][]bool, m.gh)
	for y := range m.gh {
		m.crowd[y], m.marked[y] = make([]int, m.gw), make([]bool, m.gw)
		for _, p := range cells {
			for x := range m.gw {
				if p != nil && p[y][x] != runes.BrailleBlockOffset {
					m.crowd[y][x]++
				}
			}
		}
	}
	step := min(24, max(6, 2*len(cells), m.gw/4))
	for i, p := range cells {
		if p == nil {
			continue
		}
		for x0 := (step/2 + i*step/len(cells)) % step; x0 < m.gw-2; x0 += step {
			if at, ok := m.spot(p, x0, step/3); ok {
				m.marked[at.Y][at.X] = true
				c.SetRuneWithStyle(origin.Add(at), marks[i].r, t.Lines[i].Style)
			}
		}
	}
}

// markGrid is the plot's cells as the marks see them: how many lines pass
// through each, and which hold a mark.
type markGrid struct {
	gw, gh int
	crowd  [][]int
	marked [][]bool
}

// spot is where the line drawn as p takes a mark near column x0 (within
// reach): the nearest cell it has to itself, else the nearest it shares.
// A mark never goes beside another, where two letters would read as a
// word, nor in the last two columns, which show where the line ends.
func (m markGrid) spot(p [][]rune, x0, reach int) (canvas.Point, bool) {
	at, found := canvas.Point{}, false
	for d := 0; d <= reach; d++ {
		for _, x := range []int{x0 - d, x0 + d} {
			if x < 0 || x >= m.gw-2 {
				continue
			}
			for y := range m.gh {
				if p[y][x] == runes.BrailleBlockOffset || !m.free(x, y) {
					continue
				}
				if m.crowd[y][x] == 1 {
					return canvas.Point{X: x, Y: y}, true
				}
				if !found {
					at, found = canvas.Point{X: x, Y: y}, true
				}
			}
		}
	}
	return at, found
}

func (m markGrid) free(x, y int) bool {
	return !m.marked[y][x] && (x == 0 || !m.marked[y][x-1]) && (x == m.gw-1 || !m.marked[y][x+1])
}

// name is line i's name in its style, with the letter it is marked with
// underlined when the marks are drawn.
func (t TimeSeries) name(i int, m lineMark, marked bool) string {
	l := t.Lines[i]
	if !marked || m.pos < 0 {
		return l.Style.Render(l.Name)
	}
	rs := []rune(l.Name)
	out := l.Style.Underline(true).Render(string(rs[m.pos]))
	if m.pos > 0 {
		out = l.Style.Render(string(rs[:m.pos])) + out
	}
	if m.pos+1 < len(rs) {
		out += l.Style.Render(string(rs[m.pos+1:]))
	}
	return out
}

// SwitchRune marks a switch's time on a chart, and SwitchLegend says so.
const (
	SwitchRune   = '┊'
	SwitchLegend = "┊ a switch"
)

// drawSwitches draws each switch in the plot's window as a dotted column
// through the cells the lines left empty.
func (t TimeSeries) drawSwitches(st *Styles, c *canvas.Model, origin canvas.Point, gw, gh int) {
	for _, x := range t.Switches {
		if x < t.XMin || x > t.XMax {
			continue
		}
		col := min(gw-1, int((x-t.XMin)/(t.XMax-t.XMin)*float64(gw)))
		for y := range gh {
			p := origin.Add(canvas.Point{X: col, Y: y})
			if r := c.Cell(p).Rune; r == 0 || r == ' ' || r == runes.BrailleBlockOffset {
				c.SetRuneWithStyle(p, SwitchRune, st.Marker)
			}
		}
	}
}
