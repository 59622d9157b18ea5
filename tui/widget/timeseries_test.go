package widget

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/loadlab/loadlab/themes"
)

func isBraille(r rune) bool { return r >= 0x2801 && r <= 0x28FF }

// rowOf is the first row of rows that contains s.
func rowOf(rows []string, s string) int {
	for i, r := range rows {
		if strings.Contains(r, s) {
			return i
		}
	}
	return -1
}

func flatChart(values ...float64) TimeSeries {
	ts := TimeSeries{XMin: 0, XMax: 100, YMin: 0, YMax: 20,
		XLabel: func(v float64) string { return fmt.Sprintf("%.0f", v) },
		YLabel: func(v float64) string { return fmt.Sprintf("%.0f", v) }}
	for i, v := range values {
		ts.Lines = append(ts.Lines, Line{Name: fmt.Sprintf("line%d", i), Value: func(float64) float64 { return v }})
	}
	return ts
}

// An axis number sits on the row where a line at that value is drawn, and
// a line's name on its own row.
func TestTimeSeriesNumbersAndNamesOnTheirRows(t *testing.T) {
	st := mono(t)
	rows := strings.Split(plain(flatChart(10).Render(st, 60, 12)), "\n")
	name := rowOf(rows, "line0")
	if name < 0 {
		t.Fatalf("no name:\n%s", strings.Join(rows, "\n"))
	}
	if !strings.ContainsFunc(rows[name], isBraille) {
		t.Errorf("the name is on row %d, which holds no line:\n%s", name, strings.Join(rows, "\n"))
	}
	if !strings.HasPrefix(strings.TrimSpace(rows[name]), "10") {
		t.Errorf("the line at 10 is on row %d, whose axis number is not 10:\n%s", name, strings.Join(rows, "\n"))
	}
}

// A step at x = 50 is drawn in the column Area says x = 50 is in, so that
// marks under or over the chart (the slowdown's !) share its time scale.
func TestTimeSeriesAreaMatchesThePlot(t *testing.T) {
	st := mono(t)
	ts := flatChart()
	ts.Lines = []Line{{Name: "step", Value: func(x float64) float64 {
		if x < 50 {
			return 0
		}
		return 20
	}}}
	const w = 72
	rows := strings.Split(plain(ts.Render(st, w, 12)), "\n")
	left, width := ts.Area(w)
	want := left + int(0.5*float64(width))
	top := rows[0]
	col := -1
	for i, r := range []rune(top) {
		if isBraille(r) {
			col = i
			break
		}
	}
	if col < 0 || col < want-1 || col > want+1 {
		t.Errorf("the step is drawn in column %d; Area puts x = 50 in column %d (left %d, width %d):\n%s", col, want, left, width, strings.Join(rows, "\n"))
	}
}

// In mono, where colour cannot tell lines apart, each line carries its
// mark along its length, not only by its name; in colour it does not.
func TestTimeSeriesMarksItsLinesWithoutColour(t *testing.T) {
	ts := flatChart()
	ts.Lines = []Line{
		{Name: "alpha", Value: func(x float64) float64 { return 10 + 8*math.Sin(x/15) }},
		{Name: "beta", Value: func(x float64) float64 { return x / 5 }},
		{Name: "gamma", Value: func(float64) float64 { return 3 }},
	}
	const w = 40
	left, width := ts.Area(w)
	plot := func(st *Styles) string {
		var b strings.Builder
		for _, r := range strings.Split(plain(ts.Render(st, w, 10)), "\n") {
			rs := []rune(r)
			b.WriteString(string(rs[left:min(len(rs), left+width)]) + "\n")
		}
		return b.String()
	}
	got := plot(mono(t))
	for _, mark := range "abg" {
		if n := strings.Count(got, string(mark)); n < 2 {
			t.Errorf("%c is on the plot %d times, want 2 or more:\n%s", mark, n, got)
		}
	}
	if got := plot(NewStyles(themes.All[0])); strings.ContainsAny(got, "abg") {
		t.Errorf("the %s theme marks its lines:\n%s", themes.All[0].Name, got)
	}
	rows := strings.Split(plain(ts.Render(mono(t), w, 10)), "\n")
	if last := strings.TrimSpace(rows[len(rows)-1]); len(rows) != 10 || last != "a alpha · b beta · g gamma" {
		t.Errorf("the letters' legend on the last of 10 rows reads %q:\n%s", last, strings.Join(rows, "\n"))
	}
}

// A line is marked with a letter no other line has: the first of its
// name, else the start of another word, else any letter; never a changing
// figure after the name.
func TestTimeSeriesMarksAreDistinct(t *testing.T) {
	ts := TimeSeries{}
	for _, name := range []string{"api 98%", "svc 72%", "db 100%", "svc→db 100%", "svc→aux 3%", "aux 0%", "S6", "dchoice:2", "a"} {
		ts.Lines = append(ts.Lines, Line{Name: name})
	}
	ts.Lines = append(ts.Lines, Line{Name: "given", Mark: 'x'})
	var got string
	for _, m := range ts.marks() {
		got += string(m.r)
	}
	if want := "asdvcu62*x"; got != want {
		t.Errorf("marks %q, want %q", got, want)
	}
}

// countsChart is a log-scale chart of flat lines at the given counts, out
// of 3,000, its names joined on their rows, with room for all of them on
// one.
func countsChart(counts ...float64) TimeSeries {
	ts := flatChart(counts...)
	ts.YMax = 3000
	ts = ts.With(LogY, JoinRows)
	ts.NamesWidth = len("line0 line1 line2 line3 ")
	return ts
}

// On a log scale a count of 15 is drawn clear of both 0 and 3,000, and
// the axis is numbered at 0 and powers of ten only.
func TestTimeSeriesLogScaleShowsSmallCounts(t *testing.T) {
	st := mono(t)
	for _, h := range []int{6, 8, 20} {
		rows := strings.Split(plain(countsChart(0, 15, 3000).Render(st, 60, h)), "\n")
		zero, small, big := rowOf(rows, "line0"), rowOf(rows, "line1"), rowOf(rows, "line2")
		if !(big < small && small < zero) {
			t.Errorf("height %d: 3000 on row %d, 15 on row %d, 0 on row %d:\n%s", h, big, small, zero, strings.Join(rows, "\n"))
		}
		for _, r := range rows[:h-2] {
			label := strings.TrimSpace(strings.SplitN(r, "┤", 2)[0])
			if strings.Contains(r, "┤") && !slices.Contains([]string{"0", "1", "10", "100", "1000"}, label) {
				t.Errorf("height %d: the axis is numbered %q:\n%s", h, label, strings.Join(rows, "\n"))
			}
		}
	}
}

// On a log scale every name sits on the row its line's end is drawn on
// (with JoinRows, lines that end on one row share it), and the plot keeps
// its width whatever rows the lines end on.
func TestTimeSeriesNamesOnTheirLinesRows(t *testing.T) {
	st := mono(t)
	for _, counts := range [][]float64{{0, 0, 3000, 15}, {2800, 3000, 2400, 15}, {0, 0, 0, 0}} {
		ts := countsChart(counts...)
		rows := strings.Split(plain(ts.Render(st, 70, 9)), "\n")
		for i := range counts {
			name := fmt.Sprintf("line%d", i)
			r := rowOf(rows, name)
			if r < 0 || !strings.ContainsFunc(strings.SplitN(rows[r], name, 2)[0], isBraille) {
				t.Errorf("%v: %s is on row %d, which draws no line:\n%s", counts, name, r, strings.Join(rows, "\n"))
			}
			for j := range counts {
				if ts.yRow(counts[j], 6) == ts.yRow(counts[i], 6) && rowOf(rows, fmt.Sprintf("line%d", j)) != r {
					t.Errorf("%v: line%d and %s end on one row, their names on two:\n%s", counts, j, name, strings.Join(rows, "\n"))
				}
			}
		}
		if left, width := ts.Area(70); left != 5 || width != 70-5-ts.NamesWidth-2 { // 9 rows: 6 of plot, the axis, its numbers, the letters' legend; the names' column and room for an arrow
			t.Errorf("%v: the plot is at %d, %d wide", counts, left, width)
		}
	}
}

// A line with a Start draws nothing to its left: the left half of a chart
// from 0 to 100 holds no dot of a line that starts at 50.
func TestTimeSeriesLineStartsAtStart(t *testing.T) {
	st := mono(t)
	ts := flatChart()
	ts.Lines = []Line{{Name: "late", Value: func(float64) float64 { return 10 }, Start: 50}}
	left, width := ts.Area(60)
	rows := strings.Split(plain(ts.Render(st, 60, 12)), "\n")
	row := rows[rowOf(rows, "late")]
	cells := []rune(row)
	if strings.ContainsFunc(string(cells[left:left+width/2-1]), isBraille) || !strings.ContainsFunc(string(cells[left+width/2+1:left+width]), isBraille) {
		t.Errorf("a line starting at 50 should fill only the right half:\n%s", strings.Join(rows, "\n"))
	}
}

// XStep numbers the x axis at its multiples: the hours of a night from
// 11:18 PM (23.3) to 6:48 AM (30.8), every two.
func TestTimeSeriesXStep(t *testing.T) {
	ts := flatChart(10)
	ts.XMin, ts.XMax, ts.XStep = 23.3, 30.8, 2
	ts.XLabel = func(v float64) string { return fmt.Sprintf("%gh", math.Mod(v, 24)) }
	rows := strings.Split(plain(ts.Render(mono(t), 60, 8)), "\n")
	if got := strings.Fields(rows[len(rows)-1]); !slices.Equal(got, []string{"0h", "2h", "4h", "6h"}) {
		t.Errorf("x numbers %q, want 0h 2h 4h 6h:\n%s", got, strings.Join(rows, "\n"))
	}
}

// EndRow is the row Render writes a line's name on.
func TestEndRowIsTheNamesRow(t *testing.T) {
	st := NewStyles(themes.All[len(themes.All)-1])
	for _, h := range []int{4, 7, 12, 30} {
		for _, end := range []float64{0, 1, 37, 80, 100} {
			ts := TimeSeries{XMin: 0, XMax: 10, YMin: 0, YMax: 100, XLabel: func(v float64) string { return fmt.Sprint(v) }, YLabel: func(v float64) string { return fmt.Sprint(v) },
				Lines: []Line{{Name: "zed", Value: func(x float64) float64 { return end * x / 10 }}}}
			rows := strings.Split(ts.Render(st, 40, h), "\n")
			at := -1
			for r, l := range rows {
				if strings.HasSuffix(strings.TrimRight(l, " "), "zed") {
					at = r
				}
			}
			if got := ts.EndRow(0, h); got != at {
				t.Errorf("h %d, end %g: EndRow %d, the name is on row %d:\n%s", h, end, got, at, strings.Join(rows, "\n"))
			}
		}
	}
}

// A spike narrower than a dot (x 50.0 to 50.1 on 0-100 over 40 dots) falls
// between the dots' middles: with Peak it is drawn at its height, on the
// top row, and without it the line stays flat.
func TestTimeSeriesPeakKeepsANarrowSpike(t *testing.T) {
	st := mono(t)
	spike := func(x float64) float64 {
		if x >= 50 && x < 50.1 {
			return 20
		}
		return 0
	}
	peak := func(x0, x1 float64) float64 {
		if x0 < 50.1 && x1 >= 50 {
			return 20
		}
		return spike(x0)
	}
	for _, withPeak := range []bool{false, true} {
		ts := flatChart()
		ts.Lines = []Line{{Name: "s", Value: spike}}
		if withPeak {
			ts.Lines[0].Peak = peak
		}
		rows := strings.Split(plain(ts.Render(st, 30, 8)), "\n")
		top := strings.SplitN(rows[0], "┤", 2)
		drawn := len(top) == 2 && strings.ContainsFunc(top[1], isBraille)
		if drawn != withPeak {
			t.Errorf("Peak set %v: the spike on the top row %v:\n%s", withPeak, drawn, strings.Join(rows, "\n"))
		}
	}
}

// Three lines that end on the top row of a short chart cannot all have
// their names there: the moved names point up at it, and a name on its
// own row carries no arrow.
func TestTimeSeriesPointMovedNames(t *testing.T) {
	st := mono(t)
	ts := flatChart(20, 20, 20, 0)
	rows := strings.Split(plain(ts.Render(st, 50, 6)), "\n")
	arrows := 0
	for _, r := range rows {
		arrows += strings.Count(r, "↑")
		if strings.Contains(r, "↓") {
			t.Errorf("a name points down:\n%s", strings.Join(rows, "\n"))
		}
	}
	if arrows != 2 || strings.Contains(rows[rowOf(rows, "line3")], "↑") {
		t.Errorf("%d names point up, want the two moved off the top row:\n%s", arrows, strings.Join(rows, "\n"))
	}
}
