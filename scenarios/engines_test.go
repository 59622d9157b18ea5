package scenarios

import "testing"

// Every engine is declared once: its name is its default spec's, and it
// names a picker group.
func TestEnginesDeclaredOnce(t *testing.T) {
	seen := map[string]bool{}
	for _, e := range Engines() {
		if e.Name != e.Default.Engine() || e.Group == "" || e.Title == "" {
			t.Errorf("%+v: the name is not its spec's, or it has no group or title", e)
		}
		if seen[e.Name] {
			t.Errorf("%s declared twice", e.Name)
		}
		seen[e.Name] = true
	}
}
