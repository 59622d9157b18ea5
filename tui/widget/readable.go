package widget

import "fmt"

// The readable minimum is the smallest plot a chart carries meaning in,
// which every lab keeps to at every size (a lab short of room shows fewer
// charts, not smaller ones):
//
//   - ReadableRows rows of plot: 20 braille dots or 40 eighth-blocks high,
//     so that a line's rise reads to a twentieth of its axis, a bar of 3
//     and a bar of 1 on an axis topped at 4 end in different rows, and the
//     y axis has room for three numbers two rows apart.
//   - ReadableCols columns of plot for a chart over time: 48 braille dots
//     across, so that a 60 s window reads to 1.25 s and a 5 s state is
//     four columns wide. A column chart needs only its columns: one per bin.
//   - A column chart of small counts with a row or more for each unit
//     (CountChart: four balls on four rows) reads every bar to the unit at
//     any height, and needs only two rows.
const (
	ReadableRows = 5
	ReadableCols = 24
)

// Readable reports whether a chart's plot of cols x rows is at the
// readable minimum; a column chart (bars) is judged by its rows alone.
func Readable(kind string, cols, rows int) bool {
	if kind == CountChart {
		return rows >= 2
	}
	if rows < ReadableRows {
		return false
	}
	return kind != LineChart || cols >= ReadableCols
}

// The kinds of chart Styles.Seen hears of.
const (
	LineChart   = "line chart"
	ColumnChart = "column chart"
	CountChart  = "count chart"
)

// Measured is the charts one drawing drew, as Seen heard of them.
type Measured []struct {
	Kind       string
	Cols, Rows int
}

// Measure draws with a copy of st that hears of every chart, and returns
// the drawing and its charts; st's own Seen hears of none of them (Tell
// passes them on once the drawing is the one shown).
func Measure(st *Styles, draw func(st *Styles) string) (string, Measured) {
	var seen Measured
	cp := *st
	cp.Seen = func(kind string, cols, rows int) {
		seen = append(seen, struct {
			Kind       string
			Cols, Rows int
		}{kind, cols, rows})
	}
	return draw(&cp), seen
}

// Readable reports whether every chart measured is at the readable
// minimum.
func (m Measured) Readable() bool {
	for _, c := range m {
		if !Readable(c.Kind, c.Cols, c.Rows) {
			return false
		}
	}
	return true
}

// Tell passes the charts measured on to st's Seen.
func (m Measured) Tell(st *Styles) {
	for _, c := range m {
		st.Saw(c.Kind, c.Cols, c.Rows)
	}
}

// String lists the charts measured, for a test's message.
func (m Measured) String() string {
	s := ""
	for _, c := range m {
		s += fmt.Sprintf(" %s %dx%d", c.Kind, c.Cols, c.Rows)
	}
	return s
}
