package engine

import (
	"slices"
	"testing"

	"github.com/loadlab/loadlab/sim/rng"
)

type stamped struct {
	at  float64
	seq int
}

func (a stamped) Before(b stamped) bool { return a.at < b.at || a.at == b.at && a.seq < b.seq }

// A heap gives its items back in order, ties by what Before says, pushed
// and popped in any mix.
func TestHeapOrders(t *testing.T) {
	src := rng.New(425)
	var h Heap[stamped]
	var want, got []stamped
	for i := range 2000 {
		x := stamped{at: float64(src.RandBelow(50)), seq: i}
		h.Push(x)
		want = append(want, x)
		if i%3 == 0 {
			got = append(got, h.Pop())
		}
	}
	for len(h) > 0 {
		got = append(got, h.Pop())
	}
	// the pops interleaved with pushes come out earliest-so-far: check the
	// final order by replaying against a sorted reference
	var ref []stamped
	for i, x := range want {
		ref = append(ref, x)
		slices.SortFunc(ref, func(a, b stamped) int {
			if a.Before(b) {
				return -1
			}
			if b.Before(a) {
				return 1
			}
			return 0
		})
		if i%3 == 0 {
			if ref[0] != got[0] {
				t.Fatalf("push %d: popped %v, the earliest is %v", i, got[0], ref[0])
			}
			ref, got = ref[1:], got[1:]
		}
	}
	if !slices.Equal(ref, got) {
		t.Errorf("the rest came out %v, want %v", got[:min(5, len(got))], ref[:min(5, len(ref))])
	}
}
