package dnsracelab

import (
	"testing"

	"github.com/loadlab/loadlab/sim/interleave"
)

func TestCompactSchedule(t *testing.T) {
	r := interleave.Race{Enactors: 3, Records: 2, Atomic: interleave.AtomicCleanup}
	s, _, err := r.Parse("s1 s2 m1 m2 m3 f1 f2 f3 f4 s3 s4 m4")
	if err != nil {
		t.Fatal(err)
	}
	if got := compact(r, s); got != "s1-2 m1-3 f1-4 s3-4 m4" {
		t.Errorf("compact %q", got)
	}
}

// a cycles the atomic parts and comes back to the lecture's.
func TestNextAtomic(t *testing.T) {
	a := "cleanup"
	var seen []string
	for range 4 {
		a = nextAtomic(a)
		if _, err := interleave.ParseAtomic(a); err != nil {
			t.Fatal(err)
		}
		seen = append(seen, a)
	}
	if a != "cleanup" || len(seen) != 4 {
		t.Errorf("cycle %v", seen)
	}
}
