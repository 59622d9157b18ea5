package main

import (
	"testing"

	"github.com/loadlab/loadlab/internal/flags"
)

// Every float flag's range is checked as written in its help, unless it
// depends on other flags, which the engine checks.
func TestFloatRangesAreChecked(t *testing.T) {
	t.Parallel()
	dependent := map[string]bool{"a number in [0, 1 - one-city]": true}
	for _, a := range adaptors {
		fs := flags.NewSet(a.engine())
		a.(interface{ bindDefault(*flags.Set) }).bindDefault(fs)
		for _, f := range fs.Infos() {
			if f.Kind == flags.Number && !f.In.Bounded && !dependent[f.Accepts] {
				t.Errorf("%s --%s: %q is no interval the flags can check", a.engine(), f.Name, f.Accepts)
			}
		}
	}
}
