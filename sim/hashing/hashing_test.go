package hashing

import (
	"context"
	"math"
	"testing"
	"time"
)

func study(t testing.TB, s Spec) Study {
	out, err := s.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return out[0]
}

// the hashing post's figures for HRW at 1000 nodes and 100,000 keys: a spread near the
// ideal sqrt((n-1)/K) = 9.99 % of the mean (the sample standard deviation
// of 1000 counts is itself within about 2.2 % of the true one; the test
// allows a point either way) and no empty node; a node leaving moves about
// 1/n of the keys (100 keys expected, a binomial standard deviation of 10:
// the test allows 5 of them) and only keys it held; a node joining takes
// about 1/n and only for itself.
func TestHRWSpreadAndChurn(t *testing.T) {
	st := study(t, DefaultSpec())
	ideal := 100 * math.Sqrt(999.0/100000)
	if math.Abs(st.PerNode.StdPct-ideal) > 1 || st.PerNode.Zero != 0 {
		t.Errorf("HRW spread %.2f %% (ideal %.2f %%), %d empty nodes", st.PerNode.StdPct, ideal, st.PerNode.Zero)
	}
	if math.Abs(st.MovedFraction-0.001) > 0.0005 || !st.MovedOnlyFromRemoved {
		t.Errorf("a node leaving moved %.5f of the keys (only from it: %v); want about 0.001", st.MovedFraction, st.MovedOnlyFromRemoved)
	}
	if math.Abs(st.AddedFraction-1.0/1001) > 0.0005 || !st.MovedOnlyToAdded {
		t.Errorf("a node joining moved %.5f of the keys (only to it: %v)", st.AddedFraction, st.MovedOnlyToAdded)
	}
}

// A ring with one virtual node a node leaves arcs of exponential length:
// a spread near 100 % of the mean (80 to 120 % here) and empty nodes; a
// hundred virtual nodes bring it down to about 10 %.
func TestRingSpread(t *testing.T) {
	s := DefaultSpec()
	s.Scheme, s.VNodes = "ring", 1
	one := study(t, s)
	if one.PerNode.StdPct < 80 || one.PerNode.StdPct > 120 || one.PerNode.Zero == 0 {
		t.Errorf("ring with 1 vnode: spread %.1f %%, %d empty nodes; want near 100 %% and some empty", one.PerNode.StdPct, one.PerNode.Zero)
	}
	s.VNodes = 100
	if many := study(t, s); many.PerNode.StdPct > 15 || !many.MovedOnlyFromRemoved {
		t.Errorf("ring with 100 vnodes: spread %.1f %% (want about 10), moved only from removed: %v", many.PerNode.StdPct, many.MovedOnlyFromRemoved)
	}
}

// Weighted HRW with weights 1, 2, 4 (cycled over 105 nodes, 35 of each):
// each weight gets its share of the total weight, within half a point of
// 1/7, 2/7, 4/7 (the binomial standard deviation at 100,000 keys is under
// 0.16 point, whatever the number of nodes; 105 nodes cost a tenth of
// 1000).
func TestWeightedShares(t *testing.T) {
	t.Parallel()
	s := DefaultSpec()
	s.Nodes, s.Scheme, s.Weights = 105, "weighted-hrw", "1,2,4"
	st := study(t, s)
	want := map[float64]float64{1: 1.0 / 7, 2: 2.0 / 7, 4: 4.0 / 7}
	for _, sh := range st.Shares {
		if math.Abs(sh.Share-want[sh.Weight]) > 0.005 {
			t.Errorf("weight %g: %.4f of the keys, want %.4f", sh.Weight, sh.Share, want[sh.Weight])
		}
	}
}

// Without the mixing step a raw FNV-1a score of key and node together is
// skewed (names differ in their last bytes), and HRW's spread is far from
// its ideal; mixed, it is near it.
func TestMixingMatters(t *testing.T) {
	s := DefaultSpec()
	s.Nodes, s.Keys, s.Remove, s.Add = 200, 40000, 0, 0
	mixed := study(t, s)
	s.Scheme = "raw-hrw"
	raw := study(t, s)
	if raw.PerNode.StdPct < 2*mixed.PerNode.StdPct {
		t.Errorf("raw FNV spread %.1f %%, mixed %.1f %%: the raw score should be far worse", raw.PerNode.StdPct, mixed.PerNode.StdPct)
	}
}

// The skeleton spreads keys about as evenly, and a node leaving moves only
// its keys; the skeleton keeps its clusters' ids.
func TestSkeleton(t *testing.T) {
	s := DefaultSpec()
	s.Scheme, s.Remove, s.Fanout = "skeleton", 5, 4
	st := study(t, s)
	if st.PerNode.StdPct > 15 || st.PerNode.Zero != 0 || !st.MovedOnlyFromRemoved || math.Abs(st.MovedFraction-0.005) > 0.0015 {
		t.Errorf("skeleton: spread %.1f %%, %d empty, moved %.4f (only from removed: %v)", st.PerNode.StdPct, st.PerNode.Zero, st.MovedFraction, st.MovedOnlyFromRemoved)
	}
}

func BenchmarkLookup10000(b *testing.B) {
	s := DefaultSpec()
	s.Nodes = 10000
	nodes := s.NodeList()
	for _, sc := range []Scheme{HRW, Skeleton, Ring} {
		m := NewMapping(sc, nodes, 100, 8)
		b.Run(sc.String(), func(b *testing.B) {
			sink := 0
			for i := range b.N {
				kh := mix(uint64(i))
				sink += m.Owner("", kh)
			}
			_ = sink
		})
	}
}

// BenchmarkSkeletonSpeedup times plain HRW and the skeleton at 10,000
// nodes in alternating blocks of the same keys, so that the machine's
// drift touches both alike, and reports how many times faster the
// skeleton looks up.
func BenchmarkSkeletonSpeedup(b *testing.B) {
	s := DefaultSpec()
	s.Nodes = 10000
	nodes := s.NodeList()
	hrw, skel := NewMapping(HRW, nodes, 1, 8), NewMapping(Skeleton, nodes, 1, 8)
	var tHRW, tSkel time.Duration
	sink := 0
	for i := range b.N {
		kh := mix(uint64(i) + 1)
		start := time.Now()
		sink += hrw.Owner("", kh)
		mid := time.Now()
		for range 100 { // the skeleton is too quick to time alone
			sink += skel.Owner("", kh)
		}
		tHRW, tSkel = tHRW+mid.Sub(start), tSkel+time.Since(mid)/100
	}
	_ = sink
	b.ReportMetric(float64(tHRW)/float64(tSkel), "x-faster")
	b.ReportMetric(float64(tSkel.Nanoseconds())/float64(b.N), "skeleton-ns")
	b.ReportMetric(float64(tHRW.Nanoseconds())/float64(b.N), "hrw-ns")
}
