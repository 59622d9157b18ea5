package netmanagerlab

import (
	"strings"
	"testing"

	"github.com/loadlab/loadlab/sim/netmanager"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/lab/labtest"
)

// open builds the lab on the default spec.
func open(t *testing.T) *Lab {
	t.Helper()
	lb, err := New(netmanager.DefaultSpec())
	if err != nil {
		t.Fatal(err)
	}
	return lb.(*Lab)
}

// a and p change the right-hand run; w/W and k/K the shared numbers; the
// seed keys say there is no seed: the morning is a flow.
func TestKeys(t *testing.T) {
	l := open(t)
	for _, c := range []struct{ key, runs string }{
		{"p", "steps,at-once+priority"}, {"a", "steps,priority"}, {"p", "steps"}, {"c", "steps,at-once"},
	} {
		labtest.Press(t, l, c.key)
		if l.Spec.Runs != c.runs {
			t.Errorf("after %s: runs %q, want %q", c.key, l.Spec.Runs, c.runs)
		}
	}
	if n := labtest.Press(t, l, "W").Note; l.Spec.Rate != 200 || !strings.Contains(n, "propagating 200 a minute") {
		t.Errorf("W: rate %v, note %q", l.Spec.Rate, n)
	}
	if labtest.Press(t, l, "K"); l.Spec.StepUp != 60 {
		t.Errorf("K: step %v, want 60", l.Spec.StepUp)
	}
	if l.Seed() >= 0 || l.NextSeed() != lab.ErrUnseeded {
		t.Errorf("seed %d: a flow has none", l.Seed())
	}
	for _, s := range l.Status() {
		if strings.Contains(s, "seed") {
			t.Errorf("the status names a seed: %q", s)
		}
	}
}

// Played to the end, the headline gives each run's waits and EC2 back as
// its Result does, the lesson's wait first: 7.2 min step by step and back
// at 1:52 PM, 1 h 33 min at once and back at 1:28 PM.
func TestHeadlineAtTheEnd(t *testing.T) {
	l := open(t)
	for l.Step() {
	}
	var got []string
	for _, f := range l.Headline() {
		got = append(got, f.Name+" "+f.Value)
	}
	if s := strings.Join(got, ", "); s != "wait once relaxing 7.2 min, EC2 back 1:52 PM, worst wait 1 h 51 min, wait once relaxing 1 h 33 min, EC2 back 1:28 PM, worst wait 1 h 51 min" {
		t.Errorf("headline %s", s)
	}
}
