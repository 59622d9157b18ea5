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
