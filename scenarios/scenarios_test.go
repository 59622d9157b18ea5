package scenarios

import (
	"slices"
	"testing"
)

func TestEveryScenarioIsValid(t *testing.T) {
	seen := map[string]bool{}
	for _, s := range All() {
		if seen[s.Name] {
			t.Errorf("%s registered twice", s.Name)
		}
		seen[s.Name] = true
		if s.Title == "" || s.Lesson == "" {
			t.Errorf("%s needs a title and a lesson", s.Name)
		}
		if _, ok := LookupEngine(s.Engine()); !ok {
			t.Errorf("%s: engine %q is not in the engine table", s.Name, s.Engine())
		}
		if err := s.Spec.Validate(); err != nil {
			t.Errorf("%s: %v", s.Name, err)
		}
		// A scenario may share its own engine's name only as that engine's
		// default: "run NAME" then means the same either way.
		if e, clash := LookupEngine(s.Name); clash && (e.Name != s.Engine() || e.Default != s.Spec) {
			t.Errorf("scenario %s has an engine's name", s.Name)
		}
	}
	if _, ok := Lookup("heavy-load-blog"); !ok {
		t.Error("heavy-load-blog missing")
	}
}

func TestEveryEngineDefaultIsValid(t *testing.T) {
	for _, e := range Engines() {
		if e.Default.Engine() != e.Name {
			t.Errorf("engine %s: its default spec says %s", e.Name, e.Default.Engine())
		}
		if err := e.Default.Validate(); err != nil {
			t.Errorf("engine %s: default spec: %v", e.Name, err)
		}
	}
}

// The picker and list meet the scenarios in teaching order: one ball at a
// time first, and every scenario has its place.
func TestTeachingOrder(t *testing.T) {
	all := All()
	if all[0].Name != "small-steps" {
		t.Errorf("first scenario %q, want small-steps", all[0].Name)
	}
	for _, s := range all {
		if !slices.Contains(teachingOrder, s.Name) {
			t.Errorf("%s has no place in the teaching order", s.Name)
		}
	}
}
