package cascadelab

import (
	"strings"
	"testing"

	"github.com/loadlab/loadlab/tui/lab/labtest"
)

// The lab's bodies at 80x24 and 120x40 (or the sizes a state names).
func TestBodyGoldens(t *testing.T) {
	labtest.Bodies(t, labtest.OnDesktop(New), []labtest.State{
		// as it opens
		{Name: "open", Scenario: "cascade-lecture"},
		// 150 steps in
		{Name: "played", Scenario: "cascade-lecture", Steps: 150},
		// the breaker's states over time beside the layers' queues
		{Name: "breaker", Scenario: "breaker-explained", Steps: 200},
		// S1 beside S6 at 160x48, on one scale
		{Name: "compare", Scenario: "cascade-lecture", Steps: 250, Sizes: [][2]int{{160, 48}}, Check: func(t *testing.T, body string, _ int) {
			if !strings.Contains(body, "S1: 3 s timeout") || !strings.Contains(body, "S6: 0.25 s timeout · retry x3 with backoff") {
				t.Errorf("the lecture should compare S1 with S6:\n%s", body)
			}
		}},
	})
}
