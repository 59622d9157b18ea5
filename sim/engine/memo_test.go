package engine

import (
	"errors"
	"testing"
)

func TestMemoKeepsResultsNotErrors(t *testing.T) {
	m := Memo[int, int]{Size: 2}
	calls := 0
	square := func(k int) func() (int, error) { return func() (int, error) { calls++; return k * k, nil } }
	for _, k := range []int{3, 3, 4, 3} {
		if v, _ := m.Get(k, square(k)); v != k*k {
			t.Fatalf("Get(%d) = %d", k, v)
		}
	}
	if calls != 2 {
		t.Errorf("%d computations for 3, 3, 4, 3: want 2", calls)
	}
	m.Get(5, square(5)) // full: forgets 3 and 4
	m.Get(3, square(3))
	if calls != 4 {
		t.Errorf("%d computations after the memo filled: want 4", calls)
	}
	bad := errors.New("cancelled")
	m.Get(6, func() (int, error) { return 0, bad })
	if _, err := m.Get(6, square(6)); err != nil || calls != 5 {
		t.Errorf("an error was kept: %v, %d computations", err, calls)
	}
}
