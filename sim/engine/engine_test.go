package engine

import (
	"errors"
	"fmt"
	"testing"
)

// A view keeps the points it was taken with while the series grows past
// chunk boundaries and is reset.
func TestSeriesViewIsStable(t *testing.T) {
	var s Series
	for i := range 3 * chunkLen {
		s.Append(Point{X: float64(i), Y: float64(2 * i)})
	}
	v := s.View()
	for i := range chunkLen {
		s.Append(Point{X: float64(3*chunkLen + i)})
	}
	s.Reset()
	s.Append(Point{X: -1, Y: -1})
	if v.Len() != 3*chunkLen {
		t.Fatalf("view length %d, want %d", v.Len(), 3*chunkLen)
	}
	for _, i := range []int{0, chunkLen - 1, chunkLen, 3*chunkLen - 1} {
		if p := v.At(i); p.X != float64(i) || p.Y != float64(2*i) {
			t.Errorf("point %d is %+v after later appends and a reset", i, p)
		}
	}
	if got := v.Before(float64(chunkLen) + 0.5); got != chunkLen {
		t.Errorf("Before(%d.5) = %d", chunkLen, got)
	}
	if got := v.Before(-1); got != -1 {
		t.Errorf("Before(-1) = %d, want -1", got)
	}
}

func TestSeriesAppendDoesNotAllocateWithinAChunk(t *testing.T) {
	var s Series
	s.Append(Point{})
	if n := testing.AllocsPerRun(100, func() { s.Append(Point{X: 1}) }); n != 0 {
		t.Errorf("Append allocates %v times per point", n)
	}
}

func TestFieldErrorsAreNamedByTheFrontEnd(t *testing.T) {
	err := fmt.Errorf("wrapped: %w", Invalid("bins", "must be in 1..%d, got %d", 64, 0))
	flag := func(f string) string { return "--" + f }
	if got := Named(err, flag); got != "--bins must be in 1..64, got 0" {
		t.Errorf("Named = %q", got)
	}
	if got := Named(errors.New("disk full"), flag); got != "disk full" {
		t.Errorf("an error without a field changed: %q", got)
	}
}

// Example: a series grows while a view taken earlier still reads its own
// points.
func ExampleSeries() {
	var s Series
	s.Append(Point{X: 1, Y: 1})
	s.Append(Point{X: 9, Y: 2})
	v := s.View()
	s.Append(Point{X: 30, Y: 3})
	fmt.Println(v.Len(), s.Len(), v.At(v.Before(20)))
	// Output: 2 3 {9 2}
}
