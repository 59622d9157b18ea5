package hashing

import (
	"strings"
	"testing"

	"github.com/loadlab/loadlab/sim/rng"
)

// A node leaving HRW moves its own keys and no others; the node that
// leaves is the seed's stream's draw; each change is a moment.
func TestClusterChurn(t *testing.T) {
	s := DefaultSpec()
	s.Scheme, s.Nodes, s.Keys = "hrw", 10, 2000
	c, err := NewCluster(s)
	if err != nil {
		t.Fatal(err)
	}
	want := c.Nodes[rng.New(s.Seed).RandBelow(len(c.Nodes))].Name
	if !c.Leave() {
		t.Fatal("a node of ten would not leave")
	}
	if c.Last.Node.Name != want || c.Last.Joined || c.Last.N != 10 {
		t.Errorf("left %+v, want %s of 10", c.Last, want)
	}
	for _, sd := range c.Sides {
		if sd.Churn.Strays != 0 || sd.Churn.Moved == 0 || sd.Before == nil {
			t.Errorf("%s: moved %d, %d between others", sd.Scheme, sd.Churn.Moved, sd.Churn.Strays)
		}
	}
	c.Join()
	if m := c.Moments(); len(m) != 2 || !strings.HasPrefix(m[0].Caption, want+" leaves: ") || !strings.Contains(m[1].Caption, " joins: ") {
		t.Errorf("moments %v", m)
	}
	s.Nodes = 1
	one, _ := NewCluster(s)
	if one.Leave() {
		t.Error("the last node left")
	}
}
