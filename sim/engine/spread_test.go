package engine

import (
	"math"
	"slices"
	"testing"
)

// Only a plain number with a unit is read as one: times, spans, states
// and fractions are not.
func TestParseNumber(t *testing.T) {
	good := map[string][2]any{"12.26%": {12.26, "%"}, "1,116": {1116.0, ""}, "9.0/s": {9.0, "/s"}, "27 min": {27.0, "min"}, "-0.5": {-0.5, ""}, "300 q/s": {300.0, "q/s"}, "1 h 51 min": {111.0, "min"}, "1.01% (1/n 3.33%)": {1.01, "%"}}
	for in, want := range good {
		x, unit, ok := ParseNumber(in)
		if !ok || x != want[0].(float64) || unit != want[1].(string) {
			t.Errorf("%q: %v %q %v", in, x, unit, ok)
		}
	}
	for _, bad := range []string{"5:28 AM", "2 h 15", "not yet", "17/8", "—", "1.01% (1/n", "NaN", "1e400", ""} {
		if _, _, ok := ParseNumber(bad); ok {
			t.Errorf("%q read as a number", bad)
		}
	}
}

// A spread's figures over known values: mean, median, the 5-95 %
// interval interpolated, and a non-numeric figure counted.
func TestSpreads(t *testing.T) {
	var runs [][]Figure
	for i := 1; i <= 21; i++ {
		back := "5:28 AM"
		if i%3 == 0 {
			back = "never"
		}
		runs = append(runs, []Figure{{Key: "stuck", Group: "none", Name: "stuck", Value: fmtPct(float64(i))}, {Key: "back", Group: "none", Name: "back", Value: back}})
	}
	s := Spreads(runs)
	st := s[0]
	if !st.Numeric || st.Unit != "%" || st.Mean != 11 || st.Median != 11 || st.Min != 1 || st.Max != 21 || math.Abs(st.P5-2) > 1e-12 || math.Abs(st.P95-20) > 1e-12 {
		t.Errorf("stuck: %+v", st)
	}
	if h := st.Histogram(4); h[0]+h[1]+h[2]+h[3] != 21 || h[3] != 6 {
		t.Errorf("histogram %v", h)
	}
	if b := s[1]; b.Numeric || len(b.Counts) != 2 || b.Counts[0] != (ValueCount{"5:28 AM", 14}) || b.Counts[1] != (ValueCount{"never", 7}) {
		t.Errorf("back: %+v", b)
	}
}

func fmtPct(x float64) string { return Digits(int64(x)) + ".00%" }

// A series keeps every point in order across its small first chunk and
// the full ones after, and a view taken earlier keeps its points.
func TestSeriesAcrossChunks(t *testing.T) {
	var s Series
	var early SeriesView
	for i := range 3*chunkLen + firstLen + 7 {
		s.Append(Point{X: float64(i), Y: float64(2 * i)})
		if i == firstLen+1 {
			early = s.View()
		}
	}
	v := s.View()
	for i := range v.Len() {
		if p := v.At(i); p.X != float64(i) || p.Y != float64(2*i) {
			t.Fatalf("point %d: %+v", i, p)
		}
	}
	if early.Len() != firstLen+2 || early.At(firstLen+1).X != float64(firstLen+1) || v.Before(float64(chunkLen)) != chunkLen {
		t.Errorf("early view %d points; Before %d", early.Len(), v.Before(float64(chunkLen)))
	}
}

// Spans are read in minutes whatever unit each was written in, and
// written back in the unit that reads best; figures that share a key and
// group and differ only by name (a fleet's sizes) are spread apart, the
// name their group.
func TestSpreadsOfSpansAndNamedFigures(t *testing.T) {
	runs := [][]Figure{
		{{Key: "repair", Value: "6 min"}, {Key: "fleet", Group: "within", Name: "1 machine", Value: "8.76 h"}, {Key: "fleet", Group: "within", Name: "120 machines", Value: "4.38 min"}},
		{{Key: "repair", Value: "1 h"}, {Key: "fleet", Group: "within", Name: "1 machine", Value: "8.76 h"}, {Key: "fleet", Group: "within", Name: "120 machines", Value: "2.63 s"}},
	}
	s := Spreads(runs)
	if len(s) != 3 || s[0].Unit != "min" || !slices.Equal(s[0].Values, []float64{6, 60}) || s[0].Number(s[0].Mean) != "33 min" {
		t.Fatalf("spans: %+v", s[0])
	}
	if s[1].Group != "1 machine" || s[1].Name != "within" || s[1].Number(s[1].Mean) != "8.76 h" {
		t.Errorf("the first fleet: %+v", s[1])
	}
	if s[2].Group != "120 machines" || s[2].Number(s[2].Min) != "2.63 s" || s[2].Number(s[2].Max) != "4.38 min" {
		t.Errorf("the second fleet: %+v", s[2])
	}
	if got := (Spread{Unit: "min"}).Number(3 * 1440); got != "3 days" {
		t.Errorf("three days: %q", got)
	}
}
