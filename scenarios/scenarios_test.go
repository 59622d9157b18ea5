package scenarios

import "testing"

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
		switch s.Engine {
		case Bins:
			if _, err := s.Bins.Config(); err != nil {
				t.Errorf("%s: %v", s.Name, err)
			}
		case Enum:
			if err := s.Enum.Validate(); err != nil {
				t.Errorf("%s: %v", s.Name, err)
			}
		default:
			t.Errorf("%s: unknown engine %q", s.Name, s.Engine)
		}
	}
	if _, ok := Lookup("heavy-load-blog"); !ok {
		t.Error("heavy-load-blog missing")
	}
}
