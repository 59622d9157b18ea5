package flags

import "testing"

// An interval is read from what a float flag accepts, as its help writes
// it, and holds just the numbers the text says.
func TestIntervalOf(t *testing.T) {
	for _, c := range []struct {
		accepts string
		in, out []float64
	}{
		{"a number in (0, 1e6]", []float64{1e-300, 1e6}, []float64{0, 1.0000001e6}},
		{"a number in [0, 1e7)", []float64{0, 9999999}, []float64{-1e-9, 1e7}},
		{"a number > 0", []float64{1e-300, 1e300}, []float64{0, -1}},
	} {
		in := intervalOf(c.accepts)
		for _, x := range c.in {
			if !in.Holds(x) {
				t.Errorf("%q should hold %g", c.accepts, x)
			}
		}
		for _, x := range c.out {
			if in.Holds(x) {
				t.Errorf("%q should not hold %g", c.accepts, x)
			}
		}
	}
}
