package hashing

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
)

// Jump agrees with the paper's reference code as other implementations
// run it: ClickHouse's jumpConsistentHash test and the Rust
// jump-consistent-hash crate's examples.
func TestJumpVectors(t *testing.T) {
	for _, c := range []struct {
		key     uint64
		n, want int
	}{{1, 1, 0}, {42, 57, 43}, {256, 1024, 520}, {3735883980, 1, 0}, {3735883980, 666, 361}, {16045690984833335023, 255, 237},
		{0, 60, 0}, {1, 60, 55}, {2, 60, 46}} {
		if got := jump(c.key, c.n); got != c.want {
			t.Errorf("jump(%d, %d) = %d, want %d", c.key, c.n, got, c.want)
		}
	}
}

// Grown from n to n+1 buckets, jump moves keys only to the new bucket,
// and 1/(n+1) of them: within 5 standard deviations of the binomial
// count for 200,000 keys (a chance of about 6e-7 to fail by luck).
func TestJumpMovesOnlyToTheNewBucket(t *testing.T) {
	_, hs := (Spec{Keys: 200_000, Seed: 425}).KeyHashes()
	for _, n := range []int{1, 9, 99, 999} {
		moved := 0
		for _, h := range hs {
			a, b := jump(mix(h), n), jump(mix(h), n+1)
			if a != b {
				if b != n {
					t.Fatalf("n=%d: a key moved from %d to %d, not to the new bucket", n, a, b)
				}
				moved++
			}
		}
		p := 1 / float64(n+1)
		mean, sd := p*float64(len(hs)), math.Sqrt(p*(1-p)*float64(len(hs)))
		if math.Abs(float64(moved)-mean) > 5*sd {
			t.Errorf("n=%d: %d keys moved, 1/(n+1) is %.0f ± %.0f", n, moved, mean, sd)
		}
	}
}

// Maglev's table at a prime size above 100 x the nodes gives every node
// M/n entries give or take one, so that no two nodes' shares of it are
// more than 1 % apart (its paper, §3.4 and §5.3); a table ten times too
// small is not held to that.
func TestMaglevTableWithinOnePercent(t *testing.T) {
	for _, n := range []int{3, 10, 100, 1000} {
		var nodes []Node
		for i := range n {
			nodes = append(nodes, NewNode(i, 1))
		}
		m := NewMapping(Maglev, nodes, 1, 2)
		shares := m.TableShares()
		least, most := slices.Min(shares), slices.Max(shares)
		table := m.p.(*maglev).tableOwner
		if size := len(table); size <= 100*n || !prime(size) || most-least > 1 || float64(most-least)/float64(least) > 0.01 {
			t.Errorf("%d nodes: a table of %d, %d to %d entries a node", n, size, least, most)
		}
		for _, o := range table {
			if o < 0 {
				t.Fatalf("%d nodes: an entry left empty", n)
			}
		}
	}
	if TableFor(1000) != 100_003 || TableFor(100_000) != MaxTable {
		t.Errorf("TableFor(1000) = %d, TableFor(100000) = %d", TableFor(1000), TableFor(100_000))
	}
}

// The bounded ring never puts more than ceil((1 + ε) x the mean) keys on
// a node, as the keys are placed and after nodes leave and join, and
// counts the moves each change makes.
func TestBoundedNeverPassesItsCapacity(t *testing.T) {
	for _, c := range []struct {
		keys, n int
		eps     float64
		want    int
	}{{10_000, 100, 0.1, 110}, {100_000, 100, 0.1, 1100}, {100_000, 100, 0, 1000}, {100_000, 99, 0.25, 1263}, {7, 2, 0, 4}} {
		if got := Capacity(c.keys, c.n, c.eps); got != c.want { // 1.1 x 100 is 110.00000000000001 in floating point
			t.Errorf("Capacity(%d, %d, %g) = %d, want %d", c.keys, c.n, c.eps, got, c.want)
		}
	}
	for _, eps := range []float64{0, 0.05, 0.25, 1} {
		s := Spec{Nodes: 50, Keys: 20_000, Scheme: "bounded", VNodes: 20, Fanout: 8, Epsilon: eps, Weights: "1", Remove: 0, Seed: 425}
		c, err := NewCluster(s)
		if err != nil {
			t.Fatal(err)
		}
		for step := range 6 {
			if step%2 == 0 {
				c.Leave()
			} else {
				c.Join()
			}
			sd := c.Sides[0]
			if most, cap := slices.Max(sd.Counts), Capacity(sd.Keys(), len(c.Nodes), eps); most > cap || sd.Churn.Moved == 0 {
				t.Errorf("ε %g, step %d: the fullest node holds %d, the cap is %d; %d keys moved", eps, step, most, cap, sd.Churn.Moved)
			}
		}
	}
}

// The new schemes in a whole study: figures for the table and the bound,
// jump's middle node leaving renumbers the buckets after it.
func TestStudiesOfTheNewSchemes(t *testing.T) {
	s := DefaultSpec()
	s.Nodes, s.Keys = 200, 40_000
	for _, sc := range []string{"jump", "maglev", "bounded"} {
		s.Scheme = sc
		studies, err := s.Run(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		st := studies[0]
		figs := fmt.Sprint(s.FiguresOf(studies))
		switch sc {
		case "jump":
			if st.MovedOnlyFromRemoved || st.MovedFraction < 0.1 || !st.MovedOnlyToAdded {
				t.Errorf("jump: a node leaving moved %.3f (only its keys %v), joining only to it %v", st.MovedFraction, st.MovedOnlyFromRemoved, st.MovedOnlyToAdded)
			}
		case "maglev":
			if st.Table != 20_011 || st.TableMax-st.TableMin > 1 || !strings.Contains(figs, "table entries a node 100 to 101 of 20,011") {
				t.Errorf("maglev: %+v, %s", st, figs)
			}
		case "bounded":
			if st.Capacity != 250 || st.PerNode.Max > st.Capacity || !strings.Contains(figs, "(cap 250)") {
				t.Errorf("bounded: %+v, %s", st, figs)
			}
		}
	}
}

func benchNodes(n int) []Node {
	nodes := make([]Node, n)
	for i := range nodes {
		nodes[i] = NewNode(i, 1)
	}
	return nodes
}

// BenchmarkMaglevFill is filling Maglev's table for 1000 nodes (100,003
// entries); b.N tables.
func BenchmarkMaglevFill(b *testing.B) {
	m := NewMapping(Maglev, benchNodes(1000), 1, 2)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := fillTable(context.Background(), m); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*m.table), "ns/entry")
}

// BenchmarkLookup is one key's lookup by each scheme over 1000 nodes; a
// lookup allocates nothing.
func BenchmarkLookup(b *testing.B) {
	_, hs := (Spec{Keys: 4096, Seed: 425}).KeyHashes()
	for _, sc := range []Scheme{HRW, Ring, Jump, Maglev, Bounded} {
		b.Run(sc.String(), func(b *testing.B) {
			m := NewMapping(sc, benchNodes(1000), 100, 8)
			b.ReportAllocs()
			sink, i := 0, 0
			for b.Loop() {
				sink += m.Owner("", hs[i&4095])
				i++
			}
			_ = sink
		})
	}
}

// BenchmarkBoundedAssign is placing 100,000 keys on the bounded ring of
// 1000 nodes, 100 points each, ε = 0.25: per key.
func BenchmarkBoundedAssign(b *testing.B) {
	names, hs := (Spec{Keys: 100_000, Seed: 425}).KeyHashes()
	m := NewMapping(Bounded, benchNodes(1000), 100, 8)
	out := make([]int32, len(hs))
	b.ReportAllocs()
	for b.Loop() {
		if err := m.Assign(context.Background(), names, hs, out); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(hs)), "ns/key")
}
