package binslab

import (
	"strings"
	"testing"

	"github.com/loadlab/loadlab/tui/lab/labtest"
)

// One rule at a time: in d-choices, e selects the rule in focus
// (dchoice:1), e e on to dchoice:3, and x removes it
// alone; e to dchoice:4, D four times takes it to 8 (skipping no d that is
// free); a adds one more. In stale-herd, f halves one stale rule's
// refresh and leaves the other's.
func TestOneRuleAtATime(t *testing.T) {
	l := labtest.Open(t, New, "d-choices").(*Lab)
	labtest.Press(t, l, "e", "e", "e")
	if labtest.Press(t, l, "x"); l.spec.Strategies != "dchoice:1,dchoice:2,dchoice:4,left:4" {
		t.Fatalf("x on dchoice:3: rules %s", l.spec.Strategies)
	}
	if _, rule := l.selected(); rule != "dchoice:4" {
		t.Fatalf("after x the selection is %s, want dchoice:4", rule)
	}
	labtest.Press(t, l, "D", "D", "D", "D")
	if l.spec.Strategies != "dchoice:1,dchoice:2,dchoice:8,left:4" {
		t.Fatalf("D four times on dchoice:4: %s", l.spec.Strategies)
	}
	labtest.Press(t, l, "e", "e", "e", "a") // back round to dchoice:2, then one more like it
	if l.spec.Strategies != "dchoice:1,dchoice:2,dchoice:3,dchoice:8,left:4" {
		t.Fatalf("a on dchoice:2: %s", l.spec.Strategies)
	}
	if body := labtest.Body(t, l, 160, 44); !strings.Contains(body, "▸ dchoice:3") {
		t.Errorf("the selected rule is not marked:\n%s", body)
	}

	s := labtest.Open(t, New, "stale-herd").(*Lab)
	if out := s.Key(labtest.Key("f")); out.Err == nil {
		t.Errorf("f on two should say to select a stale rule")
	}
	labtest.Press(t, s, "e", "e", "f")
	if s.spec.Strategies != "two,stale:32,stale:4096" {
		t.Errorf("f on stale:64: %s", s.spec.Strategies)
	}
	labtest.Press(t, s, "e", "x", "x")
	if out := s.Key(labtest.Key("x")); out.Err == nil || !strings.Contains(out.Err.Error(), "at least one") {
		t.Errorf("x on the last rule: %v (rules %s)", out.Err, s.spec.Strategies)
	}
}
