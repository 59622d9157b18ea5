package cascadelab

import (
	"strings"
	"testing"

	"github.com/loadlab/loadlab/tui/lab/labtest"
)

// breaker-explained 200 steps in: the breaker's states over time beside
// the layers' queues.
func TestBodyBreaker(t *testing.T) {
	l := labtest.Open(t, New, "breaker-explained")
	labtest.Play(l, 200)
	labtest.Goldens(t, l, "200-steps")
}

// cascade-lecture at 160x48, 250 steps in: S1 beside S6, on one scale.
func TestBodyCompare(t *testing.T) {
	l := labtest.Open(t, New, "cascade-lecture")
	labtest.Play(l, 250)
	body := labtest.GoldensAt(t, l, "compare", [2]int{160, 48})[0]
	if !strings.Contains(body, "S1: 3 s timeout") || !strings.Contains(body, "S6: 0.25 s timeout · retry x3 with backoff") {
		t.Errorf("the lecture should compare S1 with S6:\n%s", body)
	}
}
