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
