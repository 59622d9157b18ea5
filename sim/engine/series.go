package engine

// chunkLen is the number of points per chunk of a Series after its
// first; firstLen the first chunk's, small, as many a series stays (a
// max load's rises, a run's moments).
const (
	chunkLen = 1 << 12
	firstLen = 64
)

// Point is one sample of a series: a value at a position (a step, a ball,
// a time in seconds).
type Point struct {
	X, Y float64
}

// Series is an append-only list of points kept in fixed-size chunks, so
// that appending never moves a point already written. A View of it is a
// length and the chunk list, taken in O(1) and safe to read while the
// series grows on the same goroutine; nothing is copied per frame.
type Series struct {
	chunks [][]Point
	n      int
}

// Append adds a point. It allocates only when a chunk fills.
func (s *Series) Append(p Point) {
	switch {
	case s.n == 0:
		s.chunks = append(s.chunks, make([]Point, 0, firstLen))
	case s.n >= firstLen && (s.n-firstLen)%chunkLen == 0:
		s.chunks = append(s.chunks, make([]Point, 0, chunkLen))
	}
	c := &s.chunks[len(s.chunks)-1]
	*c = append(*c, p)
	s.n++
}

// Len is the number of points.
func (s *Series) Len() int { return s.n }

// Reset starts an empty series. Views taken before keep their points: the
// old chunks are left to them, never reused.
func (s *Series) Reset() { s.chunks, s.n = nil, 0 }

// View is a read-only window on the first Len points of a series.
func (s *Series) View() SeriesView { return SeriesView{chunks: s.chunks, n: s.n} }

// SeriesView is the points of a series as they were when the view was
// taken. Later appends do not change it.
type SeriesView struct {
	chunks [][]Point
	n      int
}

// Len is the number of points in the view.
func (v SeriesView) Len() int { return v.n }

// At is the i-th point, 0 <= i < Len.
func (v SeriesView) At(i int) Point {
	if i < 0 || i >= v.n {
		panic("engine: SeriesView index out of range")
	}
	if i < firstLen {
		return v.chunks[0][i]
	}
	i -= firstLen
	return v.chunks[1+i/chunkLen][i%chunkLen]
}

// Last is the latest point and whether there is one.
func (v SeriesView) Last() (Point, bool) {
	if v.n == 0 {
		return Point{}, false
	}
	return v.At(v.n - 1), true
}

// Before returns the index of the last point whose X is at most x, or -1
// when every point lies beyond x. Points must be appended in increasing X.
func (v SeriesView) Before(x float64) int {
	lo, hi := 0, v.n // the answer is lo-1 once lo == hi
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if v.At(mid).X <= x {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo - 1
}

// StepAt is the series read as a step function: the Y of the last point
// at or before x, 0 before the first.
func (v SeriesView) StepAt(x float64) float64 {
	if i := v.Before(x); i >= 0 {
		return v.At(i).Y
	}
	return 0
}

// MaxIn is the highest value the series, read as a step function, takes
// over [x0, x1]: what a chart whose dot stands for that span should show,
// so that a spike narrower than a dot keeps its height.
func (v SeriesView) MaxIn(x0, x1 float64) float64 {
	m := v.StepAt(x0)
	for i := v.Before(x0) + 1; i < v.n && v.At(i).X <= x1; i++ {
		m = max(m, v.At(i).Y)
	}
	return m
}

// HeldLongest is the value the series, read as a step function, holds
// longest over [x0, x1): what a band of states should show in a column
// that stands for that span, so that a state of a moment reads as rare as
// it is. A tie goes to the value held first. It tells up to eight
// distinct values apart (the states of a band), without allocating.
func (v SeriesView) HeldLongest(x0, x1 float64) float64 {
	var vals [8]float64
	var held [8]float64
	n := 0
	add := func(y, d float64) {
		for i := range n {
			if vals[i] == y {
				held[i] += d
				return
			}
		}
		if n < len(vals) {
			vals[n], held[n] = y, d
			n++
		}
	}
	at, y := x0, v.StepAt(x0)
	for i := v.Before(x0) + 1; i < v.n && v.At(i).X < x1; i++ {
		p := v.At(i)
		add(y, p.X-at)
		at, y = p.X, p.Y
	}
	add(y, x1-at)
	best := 0
	for i := 1; i < n; i++ {
		if held[i] > held[best] {
			best = i
		}
	}
	return vals[best]
}
