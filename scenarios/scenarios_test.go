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
		if s.Engine == Bins {
			if _, err := s.Bins.Config(); err != nil {
				t.Errorf("%s: %v", s.Name, err)
			}
		}
	}
	if _, ok := Lookup("heavy-load-blog"); !ok {
		t.Error("heavy-load-blog missing")
	}
}
