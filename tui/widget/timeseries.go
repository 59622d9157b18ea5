package widget

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/NimbleMarkets/ntcharts/canvas"
	"github.com/NimbleMarkets/ntcharts/canvas/graph"
	"github.com/NimbleMarkets/ntcharts/linechart"
	"github.com/charmbracelet/lipgloss"
)

// Line is one series of a time-series chart. Value gives its y at any x of
// the chart's range, so that the chart samples a series of any length at
// its own width: a frame reads a few hundred values, never the whole
// history.
type Line struct {
	Name  string
	Style lipgloss.Style
	Value func(x float64) float64
	// Peak, when set, is the highest value over [x0, x1]: each dot then
	// shows the peak of the span it stands for rather than the value at
	// its middle, so that a spike narrower than a dot keeps its height.
	Peak func(x0, x1 float64) float64
	// Bounded lines stop at End: the present of a series still growing
	// (nothing is drawn before it starts).
	Bounded bool
	End     float64
	// Start, when not 0, is where the line begins: nothing is drawn
	// before it (a measure taken after a warm-up).
	Start float64
	// Mark is the letter written along the line where colour cannot tell
	// lines apart; zero picks one from Name.
	Mark rune
}

// Option is a way a TimeSeries draws, set by With (an ntcharts-style
// option): most charts need none, a few one or two.
type Option uint8

const (
	// NoXNumbers leaves the numbers off the x axis (its ticks stay), for a
	// chart stacked over another on the same x scale: the row goes to the
	// plot.
	NoXNumbers Option = 1 << iota
	// Whole numbers both axes at whole values only: the chart counts
	// things (balls, bins, loads).
	Whole
	// JoinRows writes the names of lines that end on one row together on
	// that row, in the lines' order, when they fit the names column: each
	// name stays on its line's row rather than moving to a free one.
	JoinRows
	// JoinEnds gives the lines that end at one value one label ("one,
	// stale"), which says they coincide; the names column widens for it.
	JoinEnds
	// LogY draws the y axis on a log scale that keeps zero: a value v sits
	// at log10(1 + v), and the axis is numbered at 0, 1, 10, 100, ..., so
	// that a count of 15 stays visible beside one of 3,000. YMin and YMax
	// are in the lines' units; YMin must not be negative. A name's row is
	// the row its line's end is drawn on.
	LogY
)

// With is the chart with the options on.
func (t TimeSeries) With(opts ...Option) TimeSeries {
	for _, o := range opts {
		t.opts |= o
	}
	return t
}

// Without is the chart with the options off.
func (t TimeSeries) Without(opts ...Option) TimeSeries {
	for _, o := range opts {
		t.opts &^= o
	}
	return t
}

// is reports whether option o is on.
func (t TimeSeries) is(o Option) bool { return t.opts&o != 0 }

// TimeSeries is a line chart over a fixed x range drawn with ntcharts:
// numbered axes, one braille line per series, and each series' name written
// at the right end of its line, on its row or, where another name has the
// row, on the nearest free one with ↑ or ↓ pointing at it, so that a name
// never reads as a value its line does not have. Without colour (the mono
// theme) each line also carries its mark along its length, so that lines
// are told apart where they cross.
type TimeSeries struct {
	XMin, XMax, YMin, YMax float64
	// XLabel and YLabel format the axis numbers.
	XLabel, YLabel func(v float64) string
	Lines          []Line
	// NamesWidth, when above the widest name, widens the column of line
	// names, so that charts stacked or side by side share one x scale.
	NamesWidth int
	// YLabelWidth, when above the widest y label, widens the y labels'
	// column, so that charts stacked share one x scale.
	YLabelWidth int
	// XStep, when above zero, numbers the x axis at its multiples (every
	// 2 for hours of a clock) where they fit, instead of at round steps
	// of the axis' own choosing.
	XStep float64
	// Switches are the times of switches made mid-run: each drawn as a
	// dotted column (SwitchRune) in the plot's cells no line takes.
	Switches []float64
	// opts are the options With set.
	opts Option
}

// scaled is where value v sits on the y axis: v itself, or log10(1 + v)
// on a log scale.
func (t TimeSeries) scaled(v float64) float64 {
	if t.is(LogY) {
		return math.Log10(1 + max(v, 0))
	}
	return v
}

// yRow is the row of value v in a plot gh rows high, as the braille grid
// draws it (a row is four dots).
func (t TimeSeries) yRow(v float64, gh int) int {
	lo, hi := t.scaled(t.YMin), t.scaled(t.YMax)
	y := min(max(t.scaled(v), lo), hi)
	return gh - 1 - int(math.Round((y-lo)/(hi-lo)*float64(4*gh-1)))/4
}

// yTicks and xTicks are the round values the axes number.
func (t TimeSeries) yTicks(gh int) []float64 {
	if t.is(LogY) {
		return t.logTicks(gh)
	}
	return t.ticks(t.YMin, t.YMax, max(2, gh/2))
}
func (t TimeSeries) xTicks(gw int) []float64 {
	if t.XStep > 0 {
		var out []float64
		for v := math.Ceil(t.XMin/t.XStep-1e-9) * t.XStep; v <= t.XMax+1e-9*t.XStep; v += t.XStep {
			if v == 0 {
				v = 0 // not -0, which numbers as "-0"
			}
			out = append(out, v)
		}
		return out
	}
	return t.ticks(t.XMin, t.XMax, max(2, gw/7))
}

func (t TimeSeries) ticks(lo, hi float64, n int) []float64 {
	var out []float64
	for _, v := range NiceTicks(lo, hi, n) {
		if !t.is(Whole) || v == math.Trunc(v) {
			out = append(out, v)
		}
	}
	return out
}

// logTicks are 0 and the powers of ten in the y range, each at least two
// rows above the one below it.
func (t TimeSeries) logTicks(gh int) []float64 {
	var out []float64
	last := gh + 1
	for v := 0.0; v <= t.YMax; v = max(1, 10*v) {
		if row := t.yRow(v, gh); v >= t.YMin && row <= last-2 {
			out, last = append(out, v), row
		}
	}
	return out
}

// Area is where Render puts the plot in a row of w cells: its first column
// and its width, so that rows drawn under the chart (a band of states,
// event marks) line up with its x axis.
func (t TimeSeries) Area(w int) (left, width int) {
	labelW := max(t.YLabelWidth, Width(t.YLabel(t.YMin)), Width(t.YLabel(t.YMax)))
	for _, v := range t.yTicks(100) { // the most ticks any height draws
		labelW = max(labelW, Width(t.YLabel(v)))
	}
	return labelW + 1, w - t.namesWidth() - labelW - 1
}

func (t TimeSeries) namesWidth() int {
	nameW := t.NamesWidth
	// Every line's name has room from the start, drawn yet or not, so the
	// plot keeps one width (and one x scale) as lines appear.
	for _, l := range t.Lines {
		nameW = max(nameW, Width(l.Name)+1)
	}
	for _, g := range t.endGroups() {
		var names []string
		for _, i := range g {
			names = append(names, t.Lines[i].Name)
		}
		nameW = max(nameW, Width(strings.Join(names, ", "))+1)
	}
	return nameW + 2 // a name moved off its line's row points at it: " ↑"
}

// EndRow is the row, from the plot's top, that line i ends on in a chart
// h rows high (-1 for a line with nothing drawn yet): where its name goes,
// for a caller that sizes NamesWidth so that names ending on one row fit
// it together (JoinRows).
func (t TimeSeries) EndRow(i, h int) int {
	gh := h - 2 // the x axis and its numbers
	if t.is(NoXNumbers) {
		gh = h - 1
	}
	l := t.Lines[i]
	end := t.XMax
	if l.Bounded {
		if l.End <= t.XMin {
			return -1
		}
		end = min(l.End, t.XMax)
	}
	return t.yRow(l.Value(end), max(1, gh))
}

// endGroups gathers the lines that end at the same value, first line
// first, when JoinEnds asks for it (else each line is its own group). A
// line with nothing drawn yet is in no group.
func (t TimeSeries) endGroups() [][]int {
	var groups [][]int
	var ends []float64
	for i, l := range t.Lines {
		end := t.XMax
		if l.Bounded {
			if l.End <= t.XMin {
				continue
			}
			end = min(l.End, t.XMax)
		}
		y := l.Value(end)
		if j := slices.Index(ends, y); j >= 0 && t.is(JoinEnds) {
			groups[j] = append(groups[j], i)
			continue
		}
		groups, ends = append(groups, []int{i}), append(ends, y)
	}
	return groups
}

// Render draws the chart into w x h cells.
func (t TimeSeries) Render(st *Styles, w, h int) string {
	nameW := t.namesWidth()
	cw := w - nameW
	minH := 4 // two rows of plot, the axis and its numbers
	if t.is(NoXNumbers) {
		minH = 3
	}
	if cw < 12 || h < minH || !(t.XMax > t.XMin) || !(t.YMax > t.YMin) || t.is(LogY) && t.YMin < 0 {
		st.Saw(LineChart, 0, 0)
		return FitLines(nil, w, h)
	}
	// Without colour the lines carry letters, and the chart's last row
	// says which is which ("a api · s svc").
	legend := t.LegendRows(st) > 0 && h-1 >= minH
	keyRows := 1
	if legend {
		// a legend too long for one row wraps, the plot a row shorter
		// for each more, while it keeps its least height
		keyRows = max(1, min(t.legendRows(w), h-minH))
		h -= keyRows
	}
	ylo, yhi := t.scaled(t.YMin), t.scaled(t.YMax)
	// Every y label is padded to one width: ntcharts places the plot by
	// the labels it happens to draw, and a narrower set would shift the
	// plot against its x axis and against Area.
	left, _ := t.Area(w)
	ch := h
	if t.is(NoXNumbers) {
		ch++ // the numbers' row, cut below
	}
	// ntcharts draws the axes; the numbers on them are ours, at round
	// values (its own fall wherever a row or column happens to be).
	blank := strings.Repeat(" ", left-1)
	lc := newLineChart(cw, ch, t.XMin, t.XMax, ylo, yhi,
		linechart.WithXYSteps(1, 1),
		linechart.WithStyles(st.Muted, st.Muted, st.Text),
		linechart.WithXLabelFormatter(func(int, float64) string { return "" }),
		linechart.WithYLabelFormatter(func(int, float64) string { return blank }))
	lc.DrawXYAxisAndLabel()
	gw, gh := lc.GraphWidth(), lc.GraphHeight()
	st.Saw(LineChart, gw, min(gh, h-1))
	t.drawTicks(st, &lc.Canvas, lc.Origin(), gw, gh)
	origin := canvas.Point{X: lc.Origin().X + 1, Y: 0}
	lastRow := make([]int, len(t.Lines))
	cells := make([][][]rune, len(t.Lines))
	drawn := 0
	for i, l := range t.Lines {
		g := graph.NewBrailleGrid(gw, gh, t.XMin, t.XMax, ylo, yhi)
		dots := 2 * gw
		end, begin := t.XMax, t.XMin
		if l.Start != 0 {
			begin = max(begin, l.Start)
		}
		if l.Bounded {
			if l.End <= begin {
				lastRow[i] = -1 // nothing yet: no line, no name
				continue
			}
			end = min(l.End, t.XMax)
		}
		var prev canvas.Point
		first := true
		for c := 0; c < dots; c++ {
			x := t.XMin + (float64(c)+0.5)/float64(dots)*(t.XMax-t.XMin)
			if !first && x > end {
				break
			}
			if x < begin {
				continue
			}
			v := 0.0
			if l.Peak != nil {
				half := 0.5 / float64(dots) * (t.XMax - t.XMin)
				v = l.Peak(max(begin, x-half), min(end, x+half))
			} else {
				v = l.Value(x)
			}
			y := min(max(t.scaled(v), ylo), yhi)
			p := g.GridPoint(canvas.Float64Point{X: x, Y: y})
			if first {
				first = false
				g.Set(p)
			} else {
				for _, q := range graph.GetLinePoints(prev, p) {
					g.Set(q)
				}
			}
			prev = p
		}
		if first { // it starts past the chart's samples
			lastRow[i] = -1
			continue
		}
		if l.Bounded { // the present itself, which the samples fall short of
			p := g.GridPoint(canvas.Float64Point{X: end, Y: min(max(t.scaled(l.Value(end)), ylo), yhi)})
			for _, q := range graph.GetLinePoints(prev, p) {
				g.Set(q)
			}
		}
		cells[i] = g.BraillePatterns()
		drawn++
		graph.DrawBraillePatterns(&lc.Canvas, origin, cells[i], l.Style)
		lastRow[i] = t.yRow(l.Value(end), gh) // the row the line's last dot is drawn in
	}
	t.drawSwitches(st, &lc.Canvas, origin, gw, gh)
	marks := t.marks()
	marked := legend && drawn > 1
	if marked {
		t.drawMarks(&lc.Canvas, origin, cells, marks)
	}
	rows := strings.Split(canvasView(&lc.Canvas), "\n")
	doneWith(lc)
	labels := make([]string, len(rows))
	// Lines that end at one value share a label; a label that wants a row
	// already taken moves to the nearest free one.
	groups := t.endGroups()
	want := make([]int, len(groups))
	for g, members := range groups {
		want[g] = lastRow[members[0]]
	}
	place := placeLabels
	if t.is(JoinRows) {
		place = func(want []int, rows int) []int { return t.joinRows(groups, want, rows) }
	}
	for g, row := range place(want, gh) {
		if row < 0 || row >= len(labels) {
			continue
		}
		var names []string
		for _, i := range groups[g] {
			names = append(names, t.name(i, marks[i], marked))
		}
		label := strings.Join(names, st.Muted.Render(", "))
		switch {
		case want[g] < 0 || want[g] == row:
		case want[g] < row:
			label += st.Muted.Render(" ↑")
		default:
			label += st.Muted.Render(" ↓")
		}
		if labels[row] != "" {
			label = labels[row] + " " + label
		}
		labels[row] = label
	}
	for r := range rows {
		rows[r] += " " + labels[r]
	}
	if !legend {
		return FitLines(rows[:h], w, h)
	}
	var key []string
	if marked {
		key = t.markLegend(st, w, keyRows, marks, lastRow)
	}
	return FitLines(append(rows[:h], key...), w, h+keyRows)
}

// legendRows is the rows the letters' legend of every line takes in w
// columns: one where it fits closest packed, else an entry never split.
func (t TimeSeries) legendRows(w int) int {
	marks := t.marks()
	rows, width := 1, 0
	var all []string
	for i, l := range t.Lines {
		p := string(marks[i].r) + " " + l.Name
		all = append(all, p)
		switch {
		case width == 0:
			width = Width(p)
		case width+3+Width(p) <= w:
			width += 3 + Width(p)
		default:
			rows, width = rows+1, Width(p)
		}
	}
	if Width(strings.Join(all, " ")) <= w {
		return 1
	}
	return rows
}

// LegendRows is the rows the chart gives its letters' legend: one
// without colour where it has lines to tell apart.
func (t TimeSeries) LegendRows(st *Styles) int {
	if st.Mono && len(t.Lines) > 1 {
		return 1
	}
	return 0
}

// markLegend is the rows naming each drawn line's letter, "a api · s
// svc": one row, closer packed where it does not fit w, or wrapped over
// rows where even that does not.
func (t TimeSeries) markLegend(st *Styles, w, rows int, marks []lineMark, lastRow []int) []string {
	var parts []string
	for i, l := range t.Lines {
		if lastRow[i] >= 0 {
			parts = append(parts, string(marks[i].r)+" "+l.Name)
		}
	}
	if rows == 1 {
		return []string{st.Muted.Render(FirstFit(w, strings.Join(parts, " · "), strings.Join(parts, "  "), strings.Join(parts, " ")))}
	}
	var wrapped []string // whole entries a row, "a api · s svc"
	for _, p := range parts {
		if n := len(wrapped); n > 0 && Width(wrapped[n-1]+" · "+p) <= w {
			wrapped[n-1] += " · " + p
		} else {
			wrapped = append(wrapped, p)
		}
	}
	out := make([]string, rows)
	for i := range out {
		if i < len(wrapped) {
			out[i] = st.Muted.Render(wrapped[i])
		}
	}
	return out
}

// drawTicks writes the axis numbers at round values (steps of 1, 2 or 5
// times a power of ten), each where the braille grid draws that value, with
// a tick on the axis: y labels at least two rows apart, x labels with room
// between them.
func (t TimeSeries) drawTicks(st *Styles, c *canvas.Model, axis canvas.Point, gw, gh int) {
	for _, v := range t.yTicks(gh) {
		row := t.yRow(v, gh)
		c.SetStringWithStyle(canvas.Point{X: 0, Y: row}, fmt.Sprintf("%*s", axis.X, t.YLabel(v)), st.Muted)
		c.SetRuneWithStyle(canvas.Point{X: axis.X, Y: row}, '┤', st.Muted)
	}
	end := axis.X // the first free column of the label row
	for _, v := range t.xTicks(gw) {
		col := axis.X + 1 + int(math.Round((v-t.XMin)/(t.XMax-t.XMin)*float64(2*gw-1)))/2
		label := t.XLabel(v)
		x := min(max(col-len(label)/2, end), c.Width()-len(label))
		if x < end {
			continue
		}
		c.SetRuneWithStyle(canvas.Point{X: col, Y: axis.Y}, '┬', st.Muted)
		if !t.is(NoXNumbers) {
			c.SetStringWithStyle(canvas.Point{X: x, Y: axis.Y + 1}, label, st.Muted)
		}
		end = x + len(label) + 1
	}
}

// NiceTicks are the multiples of a round step (1, 2 or 5 times a power of
// ten) from lo to hi, at most n of them.
func NiceTicks(lo, hi float64, n int) []float64 {
	if !(hi > lo) || n < 1 {
		return nil
	}
	raw := (hi - lo) / float64(n)
	pow := math.Pow(10, math.Floor(math.Log10(raw)))
	step := 10 * pow
	for _, m := range []float64{1, 2, 5} {
		if m*pow >= raw {
			step = m * pow
			break
		}
	}
	var ticks []float64
	first := math.Ceil(lo/step-1e-9) * step
	for i := 0; ; i++ {
		v := first + float64(i)*step
		if v > hi+step*1e-9 {
			return ticks
		}
		ticks = append(ticks, v)
	}
}

// joinRows keeps each group's label on its row, beside the labels
// already there, while the row's names fit the names column; one that
// does not fit moves to the nearest free row.
func (t TimeSeries) joinRows(groups [][]int, want []int, rows int) []int {
	used := make([]int, rows) // cells of names on each row
	out := make([]int, len(want))
	nameW := t.namesWidth() - 1
	for g, r := range want {
		out[g] = -1
		if r < 0 || r >= rows {
			continue
		}
		w := 0
		for k, i := range groups[g] {
			w += Width(t.Lines[i].Name) + 2*min(k, 1)
		}
		if used[r] == 0 || used[r]+1+w <= nameW {
			out[g], used[r] = r, used[r]+w+min(used[r], 1)
			continue
		}
		for d := 1; d < rows; d++ {
			if r+d < rows && used[r+d] == 0 {
				out[g] = r + d
				break
			}
			if r-d >= 0 && used[r-d] == 0 {
				out[g] = r - d
				break
			}
		}
		if out[g] >= 0 {
			used[out[g]] = w
		}
	}
	return out
}

// placeLabels moves labels that want the same row to the nearest free one,
// so that every series keeps its name.
func placeLabels(want []int, rows int) []int {
	taken := make([]bool, rows)
	out := make([]int, len(want))
	for i, r := range want {
		out[i] = -1
		if r < 0 {
			continue
		}
		for d := 0; d < rows; d++ {
			if r+d < rows && r+d >= 0 && !taken[r+d] {
				out[i] = r + d
				break
			}
			if r-d >= 0 && r-d < rows && !taken[r-d] {
				out[i] = r - d
				break
			}
		}
		if out[i] >= 0 {
			taken[out[i]] = true
		}
	}
	return out
}
