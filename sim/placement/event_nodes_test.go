package placement

import "testing"

// An event's size says a range where its locations differ: 27 nodes in 2
// versions are 13 and 14; 3 versions are 9 each; a node is 1.
func TestEventNodes(t *testing.T) {
	top := DefaultSpec().Topology
	if got := NodeFailure.Nodes(top); got != "1 node" {
		t.Errorf("node: %q", got)
	}
	for versions, want := range map[int]string{2: "13-14 nodes", 3: "9 nodes"} {
		top.Versions = versions
		if got := VersionFailure.Nodes(top); got != want {
			t.Errorf("%d versions: %q, want %q", versions, got, want)
		}
	}
}
