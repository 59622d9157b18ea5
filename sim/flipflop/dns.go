package flipflop

import "math/bits"

// dnsQueue is the writes DNS has not applied yet, first come, first
// applied. A write has not happened until DNS applies it: what DNS serves
// is what its applied writes say.
//
// The writes of one second are one batch, a bitset over the instances
// checked in that second (a phase): at most one write an instance a
// second, so the queue holds at most a bit a check, whatever the backlog.
// The switch-off's batch is a bitset over every instance.
type dnsQueue struct {
	batches []batch
	head    int   // the first batch not yet applied in full
	len     int64 // writes waiting
}

// batch is one second's writes.
type batch struct {
	at int32 // the second the writes were made
	// phase indexes the instances the bits stand for (Engine.phases); -1
	// means every instance, bit i for instance i.
	phase int32
	bits  []uint64
	left  int32 // writes not yet applied
}

// open starts the batch of second at over the members of phase (n of
// them), or returns it if it is the latest batch.
func (q *dnsQueue) open(at, phase int32, n int) *batch {
	if k := len(q.batches); k > q.head && q.batches[k-1].at == at && q.batches[k-1].phase == phase {
		return &q.batches[k-1]
	}
	q.batches = append(q.batches, batch{at: at, phase: phase, bits: make([]uint64, (n+63)/64)})
	return &q.batches[len(q.batches)-1]
}

// push queues the write of member j of b.
func (q *dnsQueue) push(b *batch, j int) {
	b.bits[j/64] |= 1 << (j % 64)
	b.left++
	q.len++
}

// oldest is the second the oldest waiting write was made; ok is false
// when none waits.
func (q *dnsQueue) oldest() (at int32, ok bool) {
	if q.len == 0 {
		return 0, false
	}
	return q.batches[q.head].at, true
}

// pop applies up to n writes in order, calling apply with each one's
// phase and member; it returns how many it applied.
func (q *dnsQueue) pop(n int64, apply func(phase int32, j int)) int64 {
	done := int64(0)
	for done < n && q.len > 0 {
		b := &q.batches[q.head]
		for w := range b.bits {
			for b.bits[w] != 0 && done < n {
				bit := bits.TrailingZeros64(b.bits[w])
				b.bits[w] &^= 1 << bit
				apply(b.phase, 64*w+bit)
				b.left--
				q.len--
				done++
			}
			if done == n {
				break
			}
		}
		if b.left == 0 {
			b.bits = nil
			q.head++
		}
	}
	q.compact()
	return done
}

// compact drops the batches applied in full once they are the larger
// part of the slice.
func (q *dnsQueue) compact() {
	switch {
	case q.head == len(q.batches):
		q.batches, q.head = q.batches[:0], 0
	case q.head > 1024 && 2*q.head > len(q.batches):
		n := copy(q.batches, q.batches[q.head:])
		clear(q.batches[n:])
		q.batches, q.head = q.batches[:n], 0
	}
}
