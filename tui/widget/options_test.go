package widget

import (
	"fmt"
	"strings"
	"testing"
)

// With turns options on and Without off, each on its own.
func TestTimeSeriesWithAndWithout(t *testing.T) {
	ts := flatChart(3).With(LogY, JoinRows)
	if !ts.is(LogY) || !ts.is(JoinRows) || ts.is(Whole) {
		t.Fatalf("With(LogY, JoinRows) set %b", ts.opts)
	}
	if ts = ts.Without(LogY); ts.is(LogY) || !ts.is(JoinRows) {
		t.Errorf("Without(LogY) left %b", ts.opts)
	}
}

// NoXNumbers leaves the x axis' numbers off (its ticks stay) and gives the
// row to the plot.
func TestTimeSeriesNoXNumbers(t *testing.T) {
	st := mono(t)
	with := strings.Split(plain(flatChart(10).Render(st, 60, 12)), "\n")
	without := strings.Split(plain(flatChart(10).With(NoXNumbers).Render(st, 60, 12)), "\n")
	if last := with[len(with)-1]; !strings.Contains(last, "100") {
		t.Fatalf("the plain chart's last row numbers no x: %q", last)
	}
	for _, r := range without[len(without)-2:] {
		if strings.Contains(r, "100") {
			t.Errorf("NoXNumbers still numbers the x axis: %q", r)
		}
	}
	if len(without) != len(with) {
		t.Errorf("NoXNumbers drew %d rows, the chart %d: the row goes to the plot", len(without), len(with))
	}
}

// Whole numbers the y axis at whole values only, whatever its range.
func TestTimeSeriesWhole(t *testing.T) {
	st := mono(t)
	ts := flatChart(1)
	ts.YMax = 3
	ts.YLabel = func(v float64) string { return fmt.Sprintf("%g", v) }
	for _, r := range strings.Split(plain(ts.With(Whole).Render(st, 40, 14)), "\n") {
		if label, _, ok := strings.Cut(r, "┤"); ok && strings.Contains(label, ".") {
			t.Errorf("Whole numbers a row %q", r)
		}
	}
}

// JoinEnds gives lines that end at one value one label, names joined.
func TestTimeSeriesJoinEnds(t *testing.T) {
	st := mono(t)
	got := plain(flatChart(10, 10).With(JoinEnds).Render(st, 60, 12))
	if !strings.Contains(got, "line0, line1") {
		t.Errorf("two lines at 10 are not labelled together:\n%s", got)
	}
}
