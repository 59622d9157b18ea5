package hashinglab

import (
	"strings"
	"testing"

	"github.com/loadlab/loadlab/tui/lab/labtest"
)

// At 8 points a node the ring's arcs are finer than a column: the strip
// says so with ▚ rather than draw a regular run of equal arcs; after a
// node leaves, the node the caption names is labelled under the strip;
// the headline follows the cluster on screen, moves beside their ideal.
func TestRingStripShowsWhatItResolves(t *testing.T) {
	l := labtest.Open(t, New, "hrw-vs-ring")
	labtest.Press(t, l, "P", "P", "P")
	body := labtest.Body(t, l, 80, 18)
	if !strings.Contains(body, "▚") || strings.Contains(body, "█░█░█░█░") {
		t.Errorf("8 points a node should draw mixed columns as ▚:\n%s", body)
	}
	r := labtest.Open(t, New, "hrw-vs-ring")
	labtest.Press(t, r, "x")
	body = labtest.Body(t, r, 80, 18)
	if !strings.Contains(body, "is now node-19's") || !strings.Contains(body, "▲▲ 19") {
		t.Errorf("the caption's node-19 should be labelled:\n%s", body)
	}
	var head []string
	for _, f := range r.Headline() {
		head = append(head, f.Group+" "+f.Name+" "+f.Value)
	}
	if got := strings.Join(head, "; "); !strings.Contains(got, "ring leave moves 1.01% (1/n 3.33%)") {
		t.Errorf("headline after x: %s", got)
	}
	w := labtest.Open(t, New, "weighted-hrw")
	labtest.Press(t, w, "w", "x")
	head = head[:0]
	for _, f := range w.Headline() {
		head = append(head, f.Group+" "+f.Name+" "+f.Value)
	}
	if got := strings.Join(head, "; "); !strings.Contains(got, "weighted HRW w1 (3/7) 43.38%") {
		t.Errorf("the headline should follow the panel's 43.38 %%, weight 3/7: %s", got)
	}
}
