package cascade

import "slices"

// busyEntry is a request being served: its pool and the service time left,
// ms.
type busyEntry struct {
	rid  int
	pool int
	rem  float64
	live bool
}

// layer is one tier of the chain: pools of slots, the requests being
// served (busy) and those served here but waiting on the layer below with
// their slot still taken (held), and a FIFO queue of request ids. busy
// keeps insertion order, as the reference's dict does: a tick serves the
// requests in the order they took their slots.
type layer struct {
	name  int // apiLayer, svcLayer, dbLayer or auxLayer
	sizes []int
	used  []int
	busy  []busyEntry // in insertion order, with dead entries
	// at[rid] is 1 + the index in busy of rid's live entry (0: not busy);
	// held[rid] is 1 + the pool of a held slot (0: none). Request ids run
	// from 0 up, so slices indexed by them replace maps.
	at           []int32
	held         []int8
	nBusy, nHeld int
	queue        queue
}

func newLayer(name int, sizes []int) *layer {
	return &layer{name: name, sizes: sizes, used: make([]int, len(sizes))}
}

// grow makes room for request id rid.
func (l *layer) grow(rid int) {
	if rid >= len(l.at) {
		l.at = slices.Grow(l.at, rid+1-len(l.at))[:rid+1]
		l.held = slices.Grow(l.held, rid+1-len(l.held))[:rid+1]
	}
}

func (l *layer) free(pool int) int { return l.sizes[pool] - l.used[pool] }

// anyFree reports whether some pool has a free slot.
func (l *layer) anyFree() bool {
	for p, size := range l.sizes {
		if l.used[p] < size {
			return true
		}
	}
	return false
}

// putBusy starts serving rid; a rid already busy keeps its place.
func (l *layer) putBusy(rid, pool int, rem float64) {
	l.grow(rid)
	if i := l.at[rid]; i > 0 {
		l.busy[i-1].pool, l.busy[i-1].rem = pool, rem
		return
	}
	l.used[pool]++
	l.nBusy++
	l.busy = append(l.busy, busyEntry{rid: rid, pool: pool, rem: rem, live: true})
	l.at[rid] = int32(len(l.busy))
}

// popBusy stops serving rid, if it is served here.
func (l *layer) popBusy(rid int) {
	if rid < len(l.at) && l.at[rid] > 0 {
		i := l.at[rid] - 1
		l.used[l.busy[i].pool]--
		l.busy[i].live = false
		l.at[rid] = 0
		l.nBusy--
	}
}

// busyToHeld keeps rid's slot while it waits on the layer below.
func (l *layer) busyToHeld(rid int) {
	if rid < len(l.at) && l.at[rid] > 0 {
		i := l.at[rid] - 1
		if l.held[rid] == 0 {
			l.nHeld++
		}
		l.held[rid] = int8(l.busy[i].pool + 1)
		l.busy[i].live = false
		l.at[rid] = 0
		l.nBusy--
	}
}

func (l *layer) popHeld(rid int) {
	if rid < len(l.held) && l.held[rid] > 0 {
		l.used[l.held[rid]-1]--
		l.held[rid] = 0
		l.nHeld--
	}
}

// compact drops the dead entries of busy once they outnumber the live.
func (l *layer) compact() {
	if len(l.busy) < 64 || len(l.busy) < 2*l.nBusy {
		return
	}
	live := l.busy[:0]
	for _, e := range l.busy {
		if e.live {
			live = append(live, e)
			l.at[e.rid] = int32(len(live))
		}
	}
	clear(l.busy[len(live):])
	l.busy = live
}

func (l *layer) totalUsed() int { return l.nBusy + l.nHeld }

// queue is a FIFO of request ids that may hold an id twice (a retried
// request re-enters while its old, lazily deleted entry is still there),
// with the reference deque's operations.
type queue struct {
	ids  []int
	head int
}

func (q *queue) len() int        { return len(q.ids) - q.head }
func (q *queue) at(i int) int    { return q.ids[q.head+i] }
func (q *queue) push(id int)     { q.ids = append(q.ids, id) }
func (q *queue) popFront()       { q.head++; q.maybeShrink() }
func (q *queue) items() []int    { return q.ids[q.head:] }
func (q *queue) reset(ids []int) { q.ids, q.head = ids, 0 }
func (q *queue) maybeShrink() {
	if q.head > 1024 && q.head > len(q.ids)/2 {
		n := copy(q.ids, q.ids[q.head:])
		q.ids, q.head = q.ids[:n], 0
	}
}

// remove deletes the first occurrence of id, as deque.remove does.
func (q *queue) remove(id int) {
	items := q.items()
	for i, v := range items {
		if v != id {
			continue
		}
		if i < len(items)/2 { // shift the shorter side
			copy(items[1:i+1], items[:i])
			q.head++
			q.maybeShrink()
		} else {
			copy(items[i:], items[i+1:])
			q.ids = q.ids[:len(q.ids)-1]
		}
		return
	}
}
