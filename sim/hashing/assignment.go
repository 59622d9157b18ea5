package hashing

import "context"

// Assignment is every key's node under one scheme, kept while nodes leave
// and join one at a time, with what each change moved: the churn that
// rendezvous hashing keeps to the keys of the node that changed and a
// ring with few points spreads unevenly (docs/sources.md, rendezvous
// hashing).
type Assignment struct {
	m      *Mapping
	names  []string
	hashes []uint64
	owner  []int32
	// Counts is each node's keys, in the mapping's node order.
	Counts []int
	// Churn is what the latest change moved.
	Churn Churn
}

// Churn is what one change of the nodes moved.
type Churn struct {
	// Moved is the keys whose node changed; MovedIn[i] those node i took
	// and MovedOut[i] those it gave up (a node that left is not among
	// them: it gave up Moved less the others' MovedOut).
	Moved    int
	MovedIn  []int
	MovedOut []int
	// Strays are the moved keys that need not have moved: between two
	// nodes that both stayed or, when a node joined, not to it.
	Strays int
	// Joined says the change was a node joining, not one leaving.
	Joined bool
}

// NewAssignment maps every key (names[i], whose hash is hashes[i]) by m.
func NewAssignment(m *Mapping, names []string, hashes []uint64) *Assignment {
	a := &Assignment{m: m, names: names, hashes: hashes, owner: make([]int32, len(hashes))}
	a.remap(nil, "")
	a.Churn = Churn{MovedIn: make([]int, len(m.Nodes())), MovedOut: make([]int, len(m.Nodes()))}
	return a
}

// Mapping is the mapping the keys are under now.
func (a *Assignment) Mapping() *Mapping { return a.m }

// Keys is the number of keys.
func (a *Assignment) Keys() int { return len(a.hashes) }

// Remove takes node i (in the mapping's order) out and remaps the keys.
func (a *Assignment) Remove(i int) {
	before := a.ownerNames()
	a.m = a.m.Without(i)
	a.remap(before, "")
}

// Add brings node n in and remaps the keys.
func (a *Assignment) Add(n Node) {
	before := a.ownerNames()
	a.m = a.m.With(n)
	a.remap(before, n.Name)
}

// remap maps every key and counts against the owners before (by node
// name; nil: none) what moved; newcomer names a node that just joined.
func (a *Assignment) remap(before []string, newcomer string) {
	nodes := a.m.Nodes()
	a.Counts = make([]int, len(nodes))
	a.Churn = Churn{MovedIn: make([]int, len(nodes)), MovedOut: make([]int, len(nodes)), Joined: newcomer != ""}
	at := make(map[string]int, len(nodes)) // a staying node's index now
	for i, n := range nodes {
		at[n.Name] = i
	}
	_ = a.m.Assign(context.Background(), a.names, a.hashes, a.owner) // never cancelled
	for i := range a.hashes {
		o := int(a.owner[i])
		a.Counts[o]++
		if before != nil && before[i] != nodes[o].Name {
			a.Churn.Moved++
			a.Churn.MovedIn[o]++
			from, stayed := at[before[i]]
			if stayed {
				a.Churn.MovedOut[from]++
			}
			if newcomer != "" && nodes[o].Name != newcomer || newcomer == "" && stayed {
				a.Churn.Strays++
			}
		}
	}
}

func (a *Assignment) ownerNames() []string {
	nodes := a.m.Nodes()
	out := make([]string, len(a.owner))
	for i, o := range a.owner {
		out[i] = nodes[o].Name
	}
	return out
}
