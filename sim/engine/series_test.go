package engine

import "testing"

// A series read as steps: MaxIn sees a spike narrower than the span asked
// for, and the value carried in from before the span.
func TestSeriesMaxIn(t *testing.T) {
	var s Series
	for x, y := range []float64{1, 1, 9, 1, 1, 3, 2} { // x = 0 .. 6
		s.Append(Point{X: float64(x), Y: y})
	}
	v := s.View()
	for _, c := range []struct{ x0, x1, want float64 }{
		{0, 1.5, 1},   // before the spike
		{1.5, 3.5, 9}, // the spike at 2, inside the span
		{2.5, 2.9, 9}, // the spike holds until the next point
		{3, 4.5, 1},   // after it
		{4.5, 4.9, 1}, // no point inside: the step carried in
		{5.5, 10, 3},  // carried in 3, then 2
		{-3, -1, 0},   // before the first point
	} {
		if got := v.MaxIn(c.x0, c.x1); got != c.want {
			t.Errorf("MaxIn(%v, %v) = %v, want %v", c.x0, c.x1, got, c.want)
		}
	}
}

// A band of states: a column shows the state held longest over its span,
// so a half-open of 30 ms reads as rare beside an open of 5 s.
func TestSeriesHeldLongest(t *testing.T) {
	var s Series
	// closed 0, open (1) from 1 to 5.97, half-open (2) for 30 ms, closed from 6
	for _, p := range []Point{{0, 0}, {1, 1}, {5.97, 2}, {6, 0}} {
		s.Append(p)
	}
	v := s.View()
	for _, c := range []struct{ x0, x1, want float64 }{
		{0, 0.9, 0},      // closed
		{0.5, 2, 1},      // half closed, more of it open
		{5.5, 6.5, 0},    // open 0.47, half-open 0.03, closed 0.5
		{5.96, 6.005, 2}, // half-open the longest of the three
		{2, 5, 1},        // open throughout
		{-2, -1, 0},      // before the first point: 0
		{0.5, 1.5, 0},    // a tie: the value held first
	} {
		if got := v.HeldLongest(c.x0, c.x1); got != c.want {
			t.Errorf("HeldLongest(%v, %v) = %v, want %v", c.x0, c.x1, got, c.want)
		}
	}
	if n := testing.AllocsPerRun(100, func() { v.HeldLongest(0, 7) }); n != 0 {
		t.Errorf("HeldLongest allocates %v times", n)
	}
}
