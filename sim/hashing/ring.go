package hashing

import (
	"context"
	"slices"
	"sort"
)

// ring is the ring's and the bounded ring's structure: the virtual nodes'
// points, sorted, and each point's node (Karger et al.'s consistent
// hashing).
type ring struct {
	points []uint64
	nodeOf []int32
}

// layRing lays m's nodes on a ring of m.vnodes points a node.
func layRing(ctx context.Context, m *Mapping) (placer, error) {
	points, owner, err := ringOf(ctx, m.hashes, m.vnodes, 0)
	if err != nil {
		return nil, err
	}
	return &ring{points: points, nodeOf: owner}, nil
}

// owner is the node of the first point at or past the key: the bounded
// ring's first choice (its keys are placed by Assign).
func (r *ring) owner(_ *Mapping, _ string, kh uint64) int {
	return int(r.nodeOf[r.firstPoint(mix(kh))])
}

// firstPoint is the index of the first ring point at or past x, round to
// the first past the last.
func (r *ring) firstPoint(x uint64) int {
	if i, _ := slices.BinarySearch(r.points, x); i < len(r.points) {
		return i
	}
	return 0
}

// without drops the points of the nodes that left and keeps the others'
// order.
func (r *ring) without(ctx context.Context, m, out *Mapping, at []int32) (placer, error) {
	n := len(out.nodes) * m.vnodes
	next := &ring{points: make([]uint64, 0, n), nodeOf: make([]int32, 0, n)}
	for lo := 0; lo < len(r.points); lo += checkEvery {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		hi := min(lo+checkEvery, len(r.points))
		for k, o := range r.nodeOf[lo:hi] {
			if to := at[o]; to >= 0 {
				next.points, next.nodeOf = append(next.points, r.points[lo+k]), append(next.nodeOf, to)
			}
		}
	}
	return next, nil
}

// with merges the points of the nodes added (numbered from first) into
// the ring's own, ties to the older node: the ring that adding them one
// by one would give.
func (r *ring) with(ctx context.Context, added []uint64, vnodes, first int) (*ring, error) {
	points, owner, err := ringOf(ctx, added, vnodes, first)
	if err != nil {
		return nil, err
	}
	n := len(r.points) + len(points)
	out := &ring{points: make([]uint64, n), nodeOf: make([]int32, n)}
	// Each new point goes after the old ones at or before it; the old
	// points between two new ones are copied as a run, in pieces, so that
	// ctrl+c is seen.
	i, k := 0, 0
	copyTo := func(next int) error {
		for i < next {
			run := min(next-i, checkEvery*16)
			copy(out.points[k:], r.points[i:i+run])
			copy(out.nodeOf[k:], r.nodeOf[i:i+run])
			i, k = i+run, k+run
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		return nil
	}
	for j, x := range points {
		next := i + sort.Search(len(r.points)-i, func(d int) bool { return r.points[i+d] > x })
		if err := copyTo(next); err != nil {
			return nil, err
		}
		if j%checkEvery == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		out.points[k], out.nodeOf[k] = x, owner[j]
		k++
	}
	if err := copyTo(len(r.points)); err != nil {
		return nil, err
	}
	return out, nil
}

// pointAt is node hash h's v-th point on the ring.
func pointAt(h uint64, v int) uint64 { return mix(h ^ mix(uint64(v)+1)) }

// ringOf lays the points of the nodes whose hashes are given (node i is
// numbered first+i) on a ring: the points sorted, ties by node, and each
// point's node. The points are uniform hashes, sorted by their bits in two
// levels that each stay in cache: first counted and placed by their top
// bits into buckets of some 2^15 points (computed twice rather than held
// twice), then each bucket the same way by its next bits into a few points
// each, sorted by insertion. Both levels are stable, and the points come in
// the order of their nodes, so that ties are in that order. Beside the
// ring's own arrays it holds one bucket's points and its counts.
func ringOf(ctx context.Context, hashes []uint64, vnodes, first int) ([]uint64, []int32, error) {
	total := len(hashes) * vnodes
	bits := 0
	for bits < 10 && total > 1<<(bits+15) {
		bits++
	}
	shift := uint(64 - bits) // 64: one bucket (x >> 64 is 0 in Go)
	// end[b+1] counts bucket b's points; summed, end[b] is where bucket b
	// starts, and after the points are placed, where it ends.
	end := make([]int, 1<<bits+1)
	work := 0
	check := func(n int) error {
		if work += n; work >= checkEvery {
			work = 0
			return ctx.Err()
		}
		return nil
	}
	for _, h := range hashes {
		for v := range vnodes {
			end[pointAt(h, v)>>shift+1]++
		}
		if err := check(vnodes); err != nil {
			return nil, nil, err
		}
	}
	for b := 1; b < len(end); b++ {
		end[b] += end[b-1]
	}
	points, owner := make([]uint64, total), make([]int32, total)
	for i, h := range hashes {
		for v := range vnodes {
			x := pointAt(h, v)
			at := &end[x>>shift]
			points[*at], owner[*at] = x, int32(first+i)
			*at++
		}
		if err := check(vnodes); err != nil {
			return nil, nil, err
		}
	}
	var sc bucketScratch
	lo := 0
	for _, hi := range end[:len(end)-1] {
		sc.sort(points[lo:hi], owner[lo:hi], uint(bits))
		if err := check(hi - lo); err != nil {
			return nil, nil, err
		}
		lo = hi
	}
	return points, owner, nil
}

// bucketScratch is the memory a bucket's sort reuses.
type bucketScratch struct {
	points []uint64
	owner  []int32
	end    []int
}

// sort sorts a bucket's points, whose top bits (skip of them) are all
// alike, and their nodes with them, stably.
func (sc *bucketScratch) sort(points []uint64, owner []int32, skip uint) {
	n := len(points)
	if n <= 32 {
		sortPoints(points, owner)
		return
	}
	bits := 0
	for bits < 24 && 4<<bits <= n {
		bits++
	}
	shift := uint(64 - bits)
	sc.points, sc.owner = append(sc.points[:0], points...), append(sc.owner[:0], owner...)
	if cap(sc.end) < 1<<bits+1 {
		sc.end = make([]int, 1<<bits+1)
	}
	end := sc.end[:1<<bits+1]
	clear(end)
	for _, x := range points {
		end[x<<skip>>shift+1]++
	}
	for b := 1; b < len(end); b++ {
		end[b] += end[b-1]
	}
	for k, x := range sc.points {
		at := &end[x<<skip>>shift]
		points[*at], owner[*at] = x, sc.owner[k]
		*at++
	}
	lo := 0
	for _, hi := range end[:len(end)-1] {
		sortPoints(points[lo:hi], owner[lo:hi])
		lo = hi
	}
}

// sortPoints sorts a few points, and their nodes with them, stably.
func sortPoints(points []uint64, owner []int32) {
	if len(points) > 32 {
		sort.Stable(ringSlice{points, owner})
		return
	}
	for i := 1; i < len(points); i++ {
		x, o := points[i], owner[i]
		j := i
		for ; j > 0 && points[j-1] > x; j-- {
			points[j], owner[j] = points[j-1], owner[j-1]
		}
		points[j], owner[j] = x, o
	}
}

type ringSlice struct {
	points []uint64
	owner  []int32
}

func (r ringSlice) Len() int           { return len(r.points) }
func (r ringSlice) Less(i, j int) bool { return r.points[i] < r.points[j] }
func (r ringSlice) Swap(i, j int) {
	r.points[i], r.points[j] = r.points[j], r.points[i]
	r.owner[i], r.owner[j] = r.owner[j], r.owner[i]
}
