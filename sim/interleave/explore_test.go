package interleave

import (
	"context"
	"fmt"
	"slices"
	"testing"
)

// every race small enough for plain enumeration: each size, atomicity and
// fix set.
func smallRaces(limit uint64) []Race {
	var out []Race
	for e := MinEnactors; e <= MaxEnactors; e++ {
		for rec := MinRecords; rec <= MaxRecords; rec++ {
			for a := Atomic(0); a <= AtomicApply|AtomicCleanup; a++ {
				for f := Fixes(0); f <= AllFixes; f++ {
					r := Race{Enactors: e, Records: rec, Atomic: a, Fixes: f}
					if n, _ := r.Schedules(); n <= limit {
						out = append(out, r)
					}
				}
			}
		}
	}
	return out
}

// Merging equal configurations counts what plain enumeration counts, on
// every race of up to a million schedules: every size, atomicity and fix
// set the tests can afford.
func TestExploreEqualsEnumeration(t *testing.T) {
	limit := uint64(1_000_000)
	if testing.Short() || underRace {
		limit = 50_000
	}
	races := smallRaces(limit)
	if len(races) < 100 {
		t.Fatalf("only %d races to compare", len(races))
	}
	for _, r := range races {
		x, err := Explore[State](context.Background(), r)
		if err != nil {
			t.Fatal(err)
		}
		plain, err := Enumerate[State](context.Background(), r, nil)
		if err != nil {
			t.Fatal(err)
		}
		n, _ := r.Schedules()
		if x.Counts() != plain || plain.Total() != n {
			t.Errorf("%+v: explored %v, enumerated %v, %d schedules", r, x.Counts(), plain, n)
		}
	}
}

// Nth lists the schedules of an outcome in the order plain enumeration
// meets them, each ending in that outcome.
func TestNthIsEnumerationOrder(t *testing.T) {
	for _, r := range []Race{
		{Enactors: 2, Records: 2, Atomic: AtomicCleanup},
		{Enactors: 2, Records: 2, Atomic: AtomicCleanup, Fixes: Recheck | SafeCleanup},
		{Enactors: 3, Records: 1, Atomic: 0, Fixes: SafeCleanup},
	} {
		x, _ := Explore[State](context.Background(), r)
		for o := range outcomes {
			var want []string
			Enumerate[State](context.Background(), r, func(s Schedule, got int) bool {
				if got == o {
					want = append(want, r.Format(s))
				}
				return true
			})
			var got []string
			for k := uint64(0); ; k++ {
				s, ok := x.Nth(1<<o, k)
				if !ok {
					break
				}
				got = append(got, r.Format(s))
			}
			if !slices.Equal(got, want) {
				t.Errorf("%+v outcome %d: Nth gives %d schedules, enumeration %d", r, o, len(got), len(want))
			}
		}
	}
}

func TestMultinomial(t *testing.T) {
	for _, c := range []struct {
		n    []int
		want uint64
	}{
		{[]int{4, 4}, 70}, {[]int{6, 6}, 924}, {[]int{3, 3, 3}, 1680}, {[]int{10, 11, 12}, 125149745841120}, {[]int{0, 5}, 1},
	} {
		if got, ok := Multinomial(c.n); !ok || got != c.want {
			t.Errorf("%v: %d %v, want %d", c.n, got, ok, c.want)
		}
	}
	if _, ok := Multinomial([]int{40, 40, 40}); ok {
		t.Error("120!/(40!^3) fits 64 bits?")
	}
	if f := Formula([]int{4, 4}); f != "8!/(4! 4!)" {
		t.Errorf("formula %q", f)
	}
}

// Enumeration refuses past its bound, before it starts.
func TestEnumerateIsBounded(t *testing.T) {
	r := Race{Enactors: 3, Records: 4, Fixes: Recheck}
	if _, err := Enumerate[State](context.Background(), r, nil); err == nil {
		t.Error("enumerated 10^14 schedules")
	}
}

// Example: the lecture's setup has 70 schedules; 29 end with the record
// empty.
func ExampleExplore() {
	r := Race{Enactors: 2, Records: 2, Atomic: AtomicCleanup}
	x, _ := Explore[State](context.Background(), r)
	c := x.Counts()
	fmt.Println(c.Total(), c[Newest], c[Older], c[Empty], x.Configurations())
	// Output: 70 41 0 29 54
}

// The memo method's configurations stay under the bound its cost estimate
// assumes, on every race of every size.
func TestConfigBound(t *testing.T) {
	for _, r := range smallRaces(1 << 62) {
		x, _ := Explore[State](context.Background(), r)
		if got, bound := float64(x.Configurations()), configEstimate(r); got > bound {
			t.Errorf("%+v: %v configurations, estimated at most %v", r, got, bound)
		}
	}
}
