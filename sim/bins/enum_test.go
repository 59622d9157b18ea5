package bins

import (
	"context"
	"fmt"
	"math/big"
	"reflect"
	"slices"
	"testing"
)

// Source §P2C: all 65,536 inputs at n = m = 4. Published: E[max] 17/8 for one
// choice and correlated, 439/256 for two, 655/256 for anti; two choices
// better on 24,240 inputs, the same on 41,200, worse on 96; the first
// counterexample (0,0) (0,1) (1,0) (1,1) ends [2 2 0 0] against [1 3 0 0].
func TestPublished000Enumeration(t *testing.T) {
	e, err := Enumerate(context.Background(), EnumConfig{Bins: 4, Balls: 4, Refresh: 4, Counterexamples: 200, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if e.Inputs != 65536 {
		t.Errorf("inputs %d, §P2C publishes 65,536", e.Inputs)
	}
	want := map[Kind]*big.Rat{One: big.NewRat(17, 8), Correlated: big.NewRat(17, 8), Two: big.NewRat(439, 256), Anti: big.NewRat(655, 256), Stale: big.NewRat(17, 8)}
	for s, k := range EnumStrategies {
		if got := e.Exact(s).Expected(); got.Cmp(want[k]) != 0 {
			t.Errorf("%s: E[max] %s, §P2C publishes %s", k, got, want[k])
		}
	}
	if e.TwoVsOne != (PairedCounts{Better: 24240, Same: 41200, Worse: 96}) {
		t.Errorf("two vs one %+v; §P2C publishes 24,240 better, 41,200 same, 96 worse", e.TwoVsOne)
	}
	if len(e.Counterexamples) != 96 {
		t.Fatalf("kept %d counterexamples, want all 96", len(e.Counterexamples))
	}
	first := e.Counterexamples[0]
	if !reflect.DeepEqual(first.Candidates, [][2]int{{0, 0}, {0, 1}, {1, 0}, {1, 1}}) ||
		!slices.Equal(first.One, []int{2, 2, 0, 0}) || !slices.Equal(first.Two, []int{1, 3, 0, 0}) {
		t.Errorf("first counterexample %+v; §P2C publishes (0,0) (0,1) (1,0) (1,1), [2 2 0 0] vs [1 3 0 0]", first)
	}
	for i := 1; i < len(e.Counterexamples); i++ {
		if e.Counterexamples[i].Index <= e.Counterexamples[i-1].Index {
			t.Fatal("counterexamples out of lexicographic order")
		}
	}
	total := int64(0)
	for _, c := range e.Kinds {
		total += c
	}
	if total != 96 {
		t.Errorf("kinds add up to %d", total)
	}
}

func TestEnumerationSameOnAnyNumberOfWorkers(t *testing.T) {
	cfg := EnumConfig{Bins: 3, Balls: 4, Refresh: 2, Counterexamples: 5}
	var first *Enumeration
	for _, w := range []int{1, 2, 7} {
		cfg.Workers = w
		e, err := Enumerate(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = e
		} else if !reflect.DeepEqual(e, first) {
			t.Errorf("%d workers: result differs", w)
		}
	}
}

// Every counterexample, replayed by the bins engine's own rules, ends on the
// loads the enumeration reports.
func TestCounterexamplesReplay(t *testing.T) {
	e, err := Enumerate(context.Background(), EnumConfig{Bins: 4, Balls: 4, Refresh: 4, Counterexamples: 96, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, ce := range e.Counterexamples {
		tr := NewTrajectory(4, ce.Candidates)
		end := tr.At(len(ce.Candidates))
		if !slices.Equal(end.One, ce.One) || !slices.Equal(end.Two, ce.Two) {
			t.Fatalf("input %d: replay ends %v / %v, enumeration says %v / %v", ce.Index, end.One, end.Two, ce.One, ce.Two)
		}
	}
}

func TestEnumerationRefusesBeyondItsBound(t *testing.T) {
	for _, c := range []EnumConfig{{Bins: 0, Balls: 4, Refresh: 1}, {Bins: 4, Balls: 0, Refresh: 1}, {Bins: 8, Balls: 8, Refresh: 1}, {Bins: 4, Balls: 4, Refresh: 0}} {
		if _, err := Enumerate(context.Background(), c); err == nil {
			t.Errorf("%+v accepted", c)
		}
	}
}

// BenchmarkEnumerate5x5 is brute force over all 9,765,625 inputs at
// n = m = 5 on every core.
func BenchmarkEnumerate5x5(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := Enumerate(context.Background(), EnumConfig{Bins: 5, Balls: 5, Refresh: 5, Counterexamples: 10, Workers: 2}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/9765625, "ns/input")
}

// Exact results at other sizes, computed by CPython 3.11 with the same
// procedure (itertools.product over the candidate pairs, fractions.Fraction
// for the expectations).
func TestEnumerationMatchesCPython(t *testing.T) {
	cases := []struct {
		n, m, refresh        int
		one, two, anti, stal string
		paired               PairedCounts
	}{
		{3, 4, 2, "64/27", "1508/729", "2068/729", "520/243", PairedCounts{1854, 4671, 36}},
		{2, 5, 3, "55/16", "791/256", "1047/256", "203/64", PairedCounts{324, 692, 8}},
		{5, 3, 1, "39/25", "747/625", "1187/625", "747/625", PairedCounts{5400, 10225, 0}},
	}
	for _, c := range cases {
		e, err := Enumerate(context.Background(), EnumConfig{Bins: c.n, Balls: c.m, Refresh: c.refresh, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		for s, want := range map[int]string{laneOne: c.one, laneTwo: c.two, laneCorrelated: c.one, laneAnti: c.anti, laneStale: c.stal} {
			r, _ := new(big.Rat).SetString(want)
			if got := e.Exact(s).Expected(); got.Cmp(r) != 0 {
				t.Errorf("n=%d m=%d %s: E[max] %s, CPython %s", c.n, c.m, EnumStrategies[s], got, want)
			}
		}
		if e.TwoVsOne != c.paired {
			t.Errorf("n=%d m=%d: %+v, CPython %+v", c.n, c.m, e.TwoVsOne, c.paired)
		}
	}
}

// Example: the first counterexample of source §P2C at n = m = 4, and where
// its two-choice run goes wrong.
func ExampleTrajectory() {
	t := NewTrajectory(4, [][2]int{{0, 0}, {0, 1}, {1, 0}, {1, 1}})
	end := t.At(t.Len())
	fmt.Println("one", end.One, "two", end.Two)
	for _, m := range t.Moments() {
		fmt.Println(m.Caption)
	}
	// Output:
	// one [2 2 0 0] two [1 3 0 0]
	// ball 3: two choices take bin 1 (a tie at load 1 goes to first); bin 0 would have ended no worse than one choice's max 2
	// ball 4: two choices' max reaches 3, above one choice's 2
}

// In every counterexample at n = m = 4 some choice went wrong before two
// choices' max passed one's, and flipping that one choice does rescue the
// run (checked here by replaying the flipped sequence by hand).
func TestEveryCounterexampleHasAWrongChoice(t *testing.T) {
	e, err := Enumerate(context.Background(), EnumConfig{Bins: 4, Balls: 4, Refresh: 4, Counterexamples: 1000, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range e.Counterexamples {
		tr := NewTrajectory(4, c.Candidates)
		ms := tr.Moments()
		if len(ms) != 2 || ms[0].Step > ms[1].Step {
			t.Fatalf("%v: moments %v", c.Candidates, ms)
		}
		b := int(ms[0].Step)
		s := tr.At(b)
		loads := slices.Clone(tr.At(b - 1).Two)
		loads[s.First+s.Second-s.TwoChose]++
		for _, p := range c.Candidates[b:] {
			bin := p[0]
			if loads[p[1]] < loads[bin] {
				bin = p[1]
			}
			loads[bin]++
		}
		if slices.Max(loads) > slices.Max(c.One) {
			t.Errorf("%v: flipping ball %d ends at %v, still worse than one choice %v", c.Candidates, b, loads, c.One)
		}
	}
}
