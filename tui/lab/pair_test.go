package lab

import (
	"slices"
	"testing"
)

// A toggle that makes the right run like the left merges them; the next
// toggle of the same key splits them again; a toggle on a lone run that
// was never merged changes it.
func TestPairMergesAndSplits(t *testing.T) {
	var p Pair
	steps := []struct {
		names      []string
		right      string
		want       []string
		justMerged bool
	}{
		{[]string{"none", "backoff"}, "none", []string{"none"}, true},
		{[]string{"none"}, "backoff", []string{"none", "backoff"}, false},
		{[]string{"none", "backoff"}, "backoff+cap", []string{"none", "backoff+cap"}, false},
	}
	for _, s := range steps {
		next := p
		got := next.Toggle(s.names, s.right)
		if !slices.Equal(got, s.want) || p.JustMerged(next) != s.justMerged {
			t.Errorf("%v to %s: %v (merged %v), want %v (merged %v)", s.names, s.right, got, p.JustMerged(next), s.want, s.justMerged)
		}
		p = next
	}
	p.Forget()
	if got := p.Toggle([]string{"cut"}, "cut+backoff"); !slices.Equal(got, []string{"cut+backoff"}) {
		t.Errorf("a lone run, never merged: %v", got)
	}
}

// c twice gives the scenario's comparison back: two runs leave the right
// one, and the one gets the left run the scenario opened with.
func TestCompareGivesTheScenariosPairBack(t *testing.T) {
	for _, c := range []struct{ runs, opened, want string }{
		{"bulkhead,backoff", "bulkhead,backoff", "backoff"},
		{"backoff", "bulkhead,backoff", "bulkhead,backoff"},
		{"bulkhead", "bulkhead,backoff", "none,bulkhead"}, // the opened left is the run itself
		{"none", "none", "none,backoff+cap"},
		{"cap", "none", "none,cap"},
	} {
		if got := Compare(c.runs, c.opened, "none", "none,backoff+cap"); got != c.want {
			t.Errorf("c on %q (opened %q): %q, want %q", c.runs, c.opened, got, c.want)
		}
	}
}
