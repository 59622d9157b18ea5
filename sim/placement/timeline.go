package placement

import (
	"context"

	"github.com/loadlab/loadlab/sim/rng"
)

// The fleet's failures come from one stream of draws: every node's disk
// losses over the whole run, node by node, then every rack's outages and
// losses, then every AZ's outages, each a Poisson process drawn to its
// end. They happen in time order (ties in that drawing order). Rather
// than draw the whole timeline, hold it and sort it, the timeline walks
// the draws once to learn where each process's draws begin, keeping the
// start times of the processes of a kind that starts seldom (a float
// each) and, for a kind that starts often, a copy of the stream where each
// process begins (about 5 KB), from which its draws are made again as
// time reaches them. The processes then yield their failures through a
// calendar of buckets, each a heap when its time comes, earliest first:
// the same failures in the same order, held in memory that grows with the
// processes, not with the failures.

// snapshotEvents is the expected starts of a process beyond which it keeps
// a copy of the stream rather than its start times: a copy of the stream
// weighs about as much as 640 times.
const snapshotEvents = 640

// timeline is the fleet's failures, yielded in time order.
type timeline struct {
	s                 DurabilitySpec
	hours             float64
	nodes, racks, azs int
	times             []float64 // the kept start times, process by process
	off               []int     // process k's kept times are times[off[k]:off[k+1]]
	// streams[k], for a process of a kind drawn again, is its copy of the
	// stream and its start times not yet ended.
	streams []*stream
	// The processes with a failure to come wait in buckets of width hours
	// by the time of their next failure (the last bucket holds those past
	// the end); the current bucket is a heap, earliest first. A bucket
	// holds few processes, so that the heap stays in the cache however
	// many processes there are.
	buckets [][]cursor
	width   float64
	cur     int
}

// stream is a process drawn again from a copy of the stream: starts[i] is
// start first+i, from the oldest not yet ended to the latest drawn.
type stream struct {
	src    rng.Source
	starts []float64
	first  int
	drawn  int
	last   float64 // the latest start drawn
	done   bool    // every start is drawn
}

// cursor is a process's place in its failures: the starts before start
// have happened, and the ends before end. at is its next failure's time.
type cursor struct {
	at         float64
	proc       int32
	start, end int32
	isEnd      bool
}

// before orders processes by their next failures: by time, then as they
// were drawn (process by process, within one start by start, a start
// before its end).
func (a *cursor) before(b *cursor) bool {
	if a.at != b.at {
		return a.at < b.at
	}
	if a.proc != b.proc {
		return a.proc < b.proc
	}
	ai, bi := a.start, b.start
	if a.isEnd {
		ai = a.end
	}
	if b.isEnd {
		bi = b.end
	}
	if ai != bi {
		return ai < bi
	}
	return !a.isEnd && b.isEnd
}

// process kinds, in drawing order within a rack.
const (
	nodeProcess = iota
	rackOutageProcess
	rackLossProcess
	azOutageProcess
)

// processKinds are the kinds of happening each kind of process starts and
// ends with.
var processKinds = [4][2]failureKind{{diskLoss, nodeBack}, {outage, outageEnd}, {rackLoss, nodeBack}, {outage, outageEnd}}

// process is what process k is: its kind, the nodes it strikes, its mean
// time between starts in years and how long each lasts in hours.
func (tl *timeline) process(k int) (kind, lo, hi int, mttfYears, hours float64) {
	s, t := tl.s, tl.s.Topology
	switch {
	case k < tl.nodes:
		return nodeProcess, k, k + 1, s.NodeMTTFYears, s.ReplaceHours
	case k < tl.nodes+2*tl.racks:
		r := (k - tl.nodes) / 2
		lo, hi := RackFailure.Span(t, r)
		if (k-tl.nodes)%2 == 0 {
			return rackOutageProcess, lo, hi, s.RackOutageYears, s.RackOutageHours
		}
		return rackLossProcess, lo, hi, s.RackLossYears, s.ReplaceHours
	}
	lo, hi = AZFailure.Span(t, k-tl.nodes-2*tl.racks)
	return azOutageProcess, lo, hi, s.AZOutageYears, s.AZOutageHours
}

// drawPoll is the draws between looks at ctx while the timeline is walked.
const drawPoll = 1 << 16

// newTimeline walks the draws of the spec's seed, keeps what the timeline
// needs to make them again, and sets it at its first failure.
func newTimeline(ctx context.Context, s DurabilitySpec) (*timeline, error) {
	t := s.Topology
	tl := &timeline{s: s, hours: s.Years * 8760, nodes: t.Nodes(), racks: t.Racks(), azs: t.AZs}
	procs := tl.nodes + 2*tl.racks + tl.azs
	tl.off = make([]int, procs+1)
	src := rng.New(s.Seed)
	draws := 0
	for k := range procs {
		_, _, _, mttf, _ := tl.process(k)
		again := s.Years/mttf > snapshotEvents
		if again {
			if tl.streams == nil {
				tl.streams = make([]*stream, procs)
			}
			tl.streams[k] = &stream{src: *src}
		}
		for at := src.ExpoVariate(1 / (mttf * 8760)); at < tl.hours; at += src.ExpoVariate(1 / (mttf * 8760)) {
			if !again {
				tl.times = append(tl.times, at)
			}
			if draws++; draws%drawPoll == 0 && ctx.Err() != nil {
				return nil, ctx.Err()
			}
		}
		tl.off[k+1] = len(tl.times)
	}
	// About 16 failures a bucket, and no more buckets than twice the
	// processes.
	failures := 2 * (float64(len(tl.times)) + float64(procs))
	for k, st := range tl.streams {
		if st != nil {
			_, _, _, mttf, _ := tl.process(k)
			failures += 2 * s.Years / mttf
		}
	}
	buckets := int(max(1, min(failures/16, 2*float64(procs)+64)))
	tl.buckets, tl.width = make([][]cursor, buckets+1), tl.hours/float64(buckets)
	for k := range procs {
		c := cursor{proc: int32(k)}
		if tl.aim(&c) {
			b := tl.bucket(c.at)
			tl.buckets[b] = append(tl.buckets[b], c)
		}
	}
	tl.heapify()
	return tl, nil
}

// bucket is the bucket of a failure at time at.
func (tl *timeline) bucket(at float64) int {
	last := len(tl.buckets) - 1
	if at >= tl.hours {
		return last
	}
	return min(int(at/tl.width), last-1)
}

// heapify makes the current bucket a heap.
func (tl *timeline) heapify() {
	for i := len(tl.buckets[tl.cur])/2 - 1; i >= 0; i-- {
		tl.down(i)
	}
}

// aim sets c.at and c.isEnd to the process's next failure: the end of
// start c.end or start c.start, whichever comes first. It reports false
// when none is left.
func (tl *timeline) aim(c *cursor) bool {
	k := int(c.proc)
	startAt, hasStart := tl.startTime(k, int(c.start))
	if c.end < c.start {
		_, _, _, _, hours := tl.process(k)
		endStart, _ := tl.startTime(k, int(c.end))
		if endAt := endStart + hours; !hasStart || endAt <= startAt {
			c.at, c.isEnd = endAt, true
			return true
		}
	}
	c.at, c.isEnd = startAt, false
	return hasStart
}

// startTime is process k's start i, if it has one. A process drawn again
// keeps the starts from its oldest not yet ended (pop forgets the others)
// and draws start i when it is one past those drawn.
func (tl *timeline) startTime(k, i int) (float64, bool) {
	if tl.streams == nil || tl.streams[k] == nil {
		if j := tl.off[k] + i; j < tl.off[k+1] {
			return tl.times[j], true
		}
		return 0, false
	}
	st := tl.streams[k]
	if j := i - st.first; j < len(st.starts) {
		return st.starts[j], true
	}
	if st.done {
		return 0, false
	}
	_, _, _, mttf, _ := tl.process(k)
	at := st.src.ExpoVariate(1 / (mttf * 8760))
	if st.drawn > 0 {
		at = st.last + at
	}
	if at >= tl.hours {
		st.done = true
		return 0, false
	}
	st.drawn++
	st.last = at
	st.starts = append(st.starts, at)
	return at, true
}

// peek is the time of the next failure, and whether there is one.
func (tl *timeline) peek() (float64, bool) {
	for len(tl.buckets[tl.cur]) == 0 {
		if tl.cur == len(tl.buckets)-1 {
			return 0, false
		}
		tl.buckets[tl.cur] = nil
		tl.cur++
		tl.heapify()
	}
	return tl.buckets[tl.cur][0].at, true
}

// pop takes the next failure (peek must have found one).
func (tl *timeline) pop() happening {
	heap := tl.buckets[tl.cur]
	c := &heap[0]
	kind, lo, hi, _, _ := tl.process(int(c.proc))
	h := happening{at: c.at, kind: processKinds[kind][0], lo: lo, hi: hi}
	if c.isEnd {
		h.kind = processKinds[kind][1]
		c.end++
		if tl.streams != nil && tl.streams[c.proc] != nil {
			st := tl.streams[c.proc]
			st.starts, st.first = st.starts[1:], st.first+1
		}
	} else {
		c.start++
	}
	if tl.aim(c) {
		if b := tl.bucket(c.at); b != tl.cur {
			tl.buckets[b] = append(tl.buckets[b], *c)
		} else {
			tl.down(0)
			return h
		}
	}
	last := len(heap) - 1
	heap[0] = heap[last]
	tl.buckets[tl.cur] = heap[:last]
	tl.down(0)
	return h
}

// down restores the heap below i.
func (tl *timeline) down(i int) {
	h := tl.buckets[tl.cur]
	for {
		l := 2*i + 1
		if l >= len(h) {
			return
		}
		m := l
		if r := l + 1; r < len(h) && h[r].before(&h[l]) {
			m = r
		}
		if !h[m].before(&h[i]) {
			return
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
}
