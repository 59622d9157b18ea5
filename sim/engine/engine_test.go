package engine

import (
	"errors"
	"fmt"
	"math"
	"strings"
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

// No estimate, however large or broken, is written as +Inf or NaN: past a
// million years and 1000 PB the figures say so in words, and a NaN
// estimate is over every limit.
func TestHugeAndBrokenFiguresRead(t *testing.T) {
	inf, nan := math.Inf(1), math.NaN()
	for _, c := range []struct{ got, want string }{
		{Duration(45), "45 s"}, {Duration(3 * 86400), "3 days"}, {Duration(700 * 86400), "700 days"},
		{Duration(12 * secondsPerYear), "12 years"}, {Duration(123456 * secondsPerYear), "123456 years"},
		{Duration(1e300), "more than a million years"}, {Duration(inf), "more than a million years"}, {Duration(nan), "more than a million years"},
		{Size(3.4e9), "3.4 GB"}, {Size(inf), "more than 1000 PB"}, {Size(nan), "more than 1000 PB"}, {Size(1e30), "more than 1000 PB"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
	l := Limits{Seconds: DefaultSeconds, Bytes: 1e9, OutputBytes: 1e6}
	for _, c := range []Cost{{Seconds: nan}, {Seconds: inf}, {Bytes: nan}, {OutputBytes: nan}} {
		err := c.Check(l)
		if err == nil {
			t.Errorf("%+v passed the limits", c)
			continue
		}
		if s := err.Error(); strings.Contains(s, "Inf") || strings.Contains(s, "NaN") {
			t.Errorf("%+v: %q", c, s)
		}
	}
}

// The casebook's clock wraps round midnight.
func TestClock(t *testing.T) {
	for m, want := range map[int]string{0: "12:00 AM", 23*60 + 48: "11:48 PM", 24*60 + 145: "2:25 AM", 12 * 60: "12:00 PM", -12: "11:48 PM", 13*60 + 50: "1:50 PM"} {
		if got := Clock(m); got != want {
			t.Errorf("Clock(%d) = %q, want %q", m, got, want)
		}
	}
}

// Counts in captions carry thousands separators, as the reports' do, and
// name their things in the plural but for one.
func TestDigits(t *testing.T) {
	if got := Count(1, "machine") + ", " + Count(12000, "machine"); got != "1 machine, 12,000 machines" {
		t.Errorf("Count: %q", got)
	}
	for _, c := range []struct {
		n    int64
		want string
	}{{0, "0"}, {999, "999"}, {1000, "1,000"}, {40000, "40,000"}, {-31253, "-31,253"}, {1234567, "1,234,567"}} {
		if got := Digits(c.n); got != c.want {
			t.Errorf("Digits(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}
