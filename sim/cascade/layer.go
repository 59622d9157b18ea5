package cascade

// busyEntry is a request being served: its pool and the service time left,
// ms.
type busyEntry struct {
	rem  float64
	rid  int32
	pool int8
	live bool
}

// layer is one tier of the chain: pools of slots, the requests being
// served (busy) and those served here but waiting on the layer below with
// their slot still taken (held), and a FIFO queue of request ids. busy
// keeps insertion order, as the reference's dict does: a tick serves the
// requests in the order they took their slots. A request is busy at one
// layer at most, so it keeps its own place in that layer's list (busyAt)
// and its held slots (held), and the layers need no table by request id.
type layer struct {
	name         int // apiLayer, svcLayer, dbLayer or auxLayer
	sizes        []int
	used         []int
	busy         []busyEntry // in insertion order, with dead entries
	nBusy, nHeld int
	queue        queue
	// threads, above 0, caps the slots taken in all pools together: a
	// bulkhead switched on mid-run splits the threads there are, and a
	// pool over its new size keeps its threads until they come back.
	threads int
}

func newLayer(name int, sizes []int) *layer {
	return &layer{name: name, sizes: sizes, used: make([]int, len(sizes))}
}

func (l *layer) free(pool int) int {
	free := l.sizes[pool] - l.used[pool]
	if l.threads > 0 {
		free = min(free, l.threads-l.totalUsed())
	}
	return free
}

// anyFree reports whether some pool has a free slot.
func (l *layer) anyFree() bool {
	for p := range l.sizes {
		if l.free(p) > 0 {
			return true
		}
	}
	return false
}

// busyHere reports whether r is being served at this layer.
func (l *layer) busyHere(r *request) bool { return r.busyAt > 0 && int(r.busyIn) == l.name }

// putBusy starts serving r; a request already busy here keeps its place.
func (l *layer) putBusy(r *request, pool int, rem float64) {
	if l.busyHere(r) {
		l.busy[r.busyAt-1].pool, l.busy[r.busyAt-1].rem = int8(pool), rem
		return
	}
	l.used[pool]++
	l.nBusy++
	l.busy = append(l.busy, busyEntry{rid: int32(r.rid), pool: int8(pool), rem: rem, live: true})
	r.busyAt, r.busyIn = int32(len(l.busy)), int8(l.name)
}

// popBusy stops serving r, if it is served here.
func (l *layer) popBusy(r *request) {
	if l.busyHere(r) {
		i := r.busyAt - 1
		l.used[l.busy[i].pool]--
		l.busy[i].live = false
		r.busyAt = 0
		l.nBusy--
	}
}

// busyToHeld keeps r's slot while it waits on the layer below.
func (l *layer) busyToHeld(r *request) {
	if l.busyHere(r) {
		i := r.busyAt - 1
		if r.held[l.name] == 0 {
			l.nHeld++
		}
		r.held[l.name] = l.busy[i].pool + 1
		l.busy[i].live = false
		r.busyAt = 0
		l.nBusy--
	}
}

func (l *layer) popHeld(r *request) {
	if h := r.held[l.name]; h > 0 {
		l.used[h-1]--
		r.held[l.name] = 0
		l.nHeld--
	}
}

// compact drops the dead entries of busy once they outnumber the live.
func (l *layer) compact(reqs *requests) {
	if len(l.busy) < 8 || len(l.busy) < 2*l.nBusy {
		return
	}
	live := l.busy[:0]
	for _, e := range l.busy {
		if e.live {
			live = append(live, e)
			reqs.at(int(e.rid)).busyAt = int32(len(live))
		}
	}
	clear(l.busy[len(live):])
	l.busy = live
}

func (l *layer) totalUsed() int { return l.nBusy + l.nHeld }

// queue is a FIFO of request ids that may hold an id twice (a retried
// request re-enters while its old, lazily deleted entry is still there),
// with the reference deque's operations. Each entry keeps the time it was
// queued: times rise from head to tail, and a request's wait began no
// earlier than its entry's time, so a timeout check can stop at the first
// entry too young to have waited past the limit.
type queue struct {
	entries []queued
	head    int
}

type queued struct {
	rid int
	at  float64
}

func (q *queue) len() int                { return len(q.entries) - q.head }
func (q *queue) at(i int) int            { return q.entries[q.head+i].rid }
func (q *queue) push(id int, at float64) { q.entries = append(q.entries, queued{id, at}) }
func (q *queue) popFront()               { q.head++; q.maybeShrink() }
func (q *queue) items() []queued         { return q.entries[q.head:] }
func (q *queue) reset(items []queued)    { q.entries, q.head = items, 0 }
func (q *queue) maybeShrink() {
	if q.head > 1024 && q.head > len(q.entries)/2 {
		n := copy(q.entries, q.entries[q.head:])
		q.entries, q.head = q.entries[:n], 0
	}
}

// remove deletes the first occurrence of id, as deque.remove does.
func (q *queue) remove(id int) {
	items := q.items()
	for i, v := range items {
		if v.rid != id {
			continue
		}
		if i < len(items)/2 { // shift the shorter side
			copy(items[1:i+1], items[:i])
			q.head++
			q.maybeShrink()
		} else {
			copy(items[i:], items[i+1:])
			q.entries = q.entries[:len(q.entries)-1]
		}
		return
	}
}
