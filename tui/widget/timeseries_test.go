package widget

import (
	"fmt"
	"math"
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
