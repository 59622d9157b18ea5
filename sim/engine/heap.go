package engine

// Heap is a binary min-heap kept in one slice, the earliest (by Before)
// at index 0: an event queue that allocates nothing once it has grown.
// Of two equal items either may come out first; an item whose order
// matters in a tie says so in its Before (a sequence number).
type Heap[T interface{ Before(T) bool }] []T

// Push adds x.
func (h *Heap[T]) Push(x T) {
	*h = append(*h, x)
	q := *h
	for i := len(q) - 1; i > 0; {
		p := (i - 1) / 2
		if !q[i].Before(q[p]) {
			break
		}
		q[p], q[i] = q[i], q[p]
		i = p
	}
}

// Pop takes the earliest item out; the heap must not be empty.
func (h *Heap[T]) Pop() T {
	q := *h
	top := q[0]
	n := len(q) - 1
	q[0] = q[n]
	q = q[:n]
	for i := 0; ; {
		l, first := 2*i+1, i
		if l < n && q[l].Before(q[first]) {
			first = l
		}
		if r := l + 1; r < n && q[r].Before(q[first]) {
			first = r
		}
		if first == i {
			break
		}
		q[i], q[first] = q[first], q[i]
		i = first
	}
	*h = q
	return top
}
