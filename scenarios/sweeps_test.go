package scenarios

import (
	"strings"
	"testing"
)

// Every sweep scenario's base is an engine or a scenario, it varies at
// least one field, runs on seeds, and its lesson quotes figures (the
// command line's tests check them against the sweep: TestSweepScenarios).
func TestSweepScenariosAreWhole(t *testing.T) {
	for _, s := range Sweeps() {
		_, isEngine := LookupEngine(s.Base)
		_, isScenario := Lookup(s.Base)
		if !isEngine && !isScenario || len(s.Vary) == 0 || s.Seeds < 1 || s.Title == "" || !strings.ContainsAny(s.Lesson, "0123456789") {
			t.Errorf("%s: %+v", s.Name, s)
		}
		if _, clash := Lookup(s.Name); clash {
			t.Errorf("%s is also a scenario's name", s.Name)
		}
	}
}
