package hashing

import "testing"

// HRW moves only the leaving node's keys, and on a join only keys that go
// to the newcomer; the counts always add up to the keys.
func TestAssignmentChurn(t *testing.T) {
	s := DefaultSpec()
	s.Keys = 5000
	names, hs := s.KeyHashes()
	nodes := s.NodeList()
	a := NewAssignment(NewMapping(HRW, nodes, s.VNodes, s.Fanout), names, hs)
	held := a.Counts[3]
	a.Remove(3)
	if a.Churn.Moved != held || a.Churn.Strays != 0 || a.Churn.Joined {
		t.Errorf("node 3 held %d keys; removing it moved %d with %d strays", held, a.Churn.Moved, a.Churn.Strays)
	}
	a.Add(NewNode(len(nodes), 1))
	last := len(a.Counts) - 1
	if a.Churn.Moved != a.Counts[last] || a.Churn.Strays != 0 || !a.Churn.Joined {
		t.Errorf("the newcomer holds %d keys; joining moved %d with %d strays", a.Counts[last], a.Churn.Moved, a.Churn.Strays)
	}
	total := 0
	for _, c := range a.Counts {
		total += c
	}
	if total != s.Keys {
		t.Errorf("counts add up to %d, not %d keys", total, s.Keys)
	}
}
