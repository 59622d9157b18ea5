package main

import (
	"flag"
	"testing"
)

// Every float flag's range is checked as written in its help, unless it
// depends on other flags, which the engine checks.
func TestFloatRangesAreChecked(t *testing.T) {
	t.Parallel()
	dependent := map[string]bool{"a number in [0, 1 - one-city]": true}
	for _, a := range adaptors {
		fs := newFlagSet(a.engine())
		a.(interface{ bindDefault(*flagSet) }).bindDefault(fs)
		fs.VisitAll(func(f *flag.Flag) {
			if _, ok := f.Value.(once).Value.(number); ok && !intervalOf(fs.accepts[f.Name]).bounded && !dependent[fs.accepts[f.Name]] {
				t.Errorf("%s --%s: %q is no interval the flags can check", a.engine(), f.Name, fs.accepts[f.Name])
			}
		})
	}
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
			if !in.holds(x) {
				t.Errorf("%q should hold %g", c.accepts, x)
			}
		}
		for _, x := range c.out {
			if in.holds(x) {
				t.Errorf("%q should not hold %g", c.accepts, x)
			}
		}
	}
}
