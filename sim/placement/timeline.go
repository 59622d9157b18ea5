package placement

import "github.com/loadlab/loadlab/sim/rng"

// The fleet's failures are drawn in time order from one stream. Every
// node loses its disk, and every rack and AZ goes dark or is destroyed,
// as a Poisson process of its own; together they are one Poisson process
// of the summed rate, whose every failure strikes a process chosen with
// the chance of its share of that rate. So the timeline draws the time to
// the next failure and then the process it strikes (two draws a failure),
// and never draws past the present: a run of 2 years meets the failures
// of the first 2 years of a run of 4 with the same seed. What a failure
// starts ends a fixed time later (an outage's hours, a node's
// replacement), the same for every failure of its kind: so each kind's
// ends come in the order of its failures, and wait in a queue of the
// kind. The next end is the earliest of the queues' first, equal times in
// the order their failures came, an end before a failure drawn at the same
// time. Memory holds only the ends to come, not the failures.

// processKind is one kind of failure process: how often each of its
// processes fails and for how long, and what it does to its nodes.
type processKind struct {
	count      int     // processes of the kind: nodes, racks or AZs
	rate       float64 // failures an hour of one process
	hours      float64 // how long each lasts
	start, end failureKind
	span       Event // which nodes process i strikes: span.Span(t, i)
}

// pending is an end to come, and the number of the failure it ends.
type pending struct {
	h   happening
	seq uint64
}

// timeline is the fleet's failures, yielded in time order.
type timeline struct {
	topo  Topology
	hours float64 // the run's end: no failure starts past it
	src   *rng.Doubles
	kinds [4]processKind
	total float64 // the summed rate, failures an hour
	// next is the next failure drawn, of kind nextKind, and seq its
	// number; ends[k] is kind k's ends to come, from ends[k].head on.
	next     happening
	nextKind int
	seq      uint64
	ends     [4]endQueue
	// due is firstEnd's answer since the last pop, or -2 before it is asked.
	due int
}

// endQueue is one kind's ends to come, in time order.
type endQueue struct {
	items []pending
	head  int
}

// newTimeline readies the failures of the spec's seed and draws the first.
func newTimeline(s DurabilitySpec) *timeline {
	t := s.Topology
	perHour := func(years float64) float64 { return 1 / (years * 8760) }
	tl := &timeline{topo: t, hours: s.Years * 8760, src: rng.NewDoubles(s.Seed), kinds: [4]processKind{
		{t.Nodes(), perHour(s.NodeMTTFYears), s.ReplaceHours, diskLoss, nodeBack, NodeFailure},
		{t.Racks(), perHour(s.RackOutageYears), s.RackOutageHours, outage, outageEnd, RackFailure},
		{t.Racks(), perHour(s.RackLossYears), s.ReplaceHours, rackLoss, nodeBack, RackFailure},
		{t.TotalAZs(), perHour(s.AZOutageYears), s.AZOutageHours, outage, outageEnd, AZFailure},
	}, due: -2}
	for _, k := range tl.kinds {
		tl.total += float64(k.count) * k.rate
	}
	tl.draw()
	return tl
}

// draw takes the next failure: its time, then its kind and process, from
// one number in [0, total) laid over the kinds' shares of the rate.
func (tl *timeline) draw() {
	at := tl.next.at + tl.src.ExpoVariate(tl.total)
	x := tl.src.Random() * tl.total
	for i, k := range tl.kinds {
		share := float64(k.count) * k.rate
		if x >= share && i < len(tl.kinds)-1 {
			x -= share
			continue
		}
		p := min(int(x/k.rate), k.count-1)
		lo, hi := k.span.Span(tl.topo, p)
		tl.next, tl.nextKind = happening{at: at, kind: k.start, lo: lo, hi: hi}, i
		tl.seq++
		return
	}
}

// firstEnd is the kind whose end comes next, or -1 when none is due
// before the next failure (or at its time; a failure past the run's end
// is none).
func (tl *timeline) firstEnd() int {
	if tl.due != -2 {
		return tl.due
	}
	first := -1
	var best pending
	for k := range tl.ends {
		q := &tl.ends[k]
		if q.head == len(q.items) {
			continue
		}
		if p := q.items[q.head]; first < 0 || p.before(best) {
			first, best = k, p
		}
	}
	if first >= 0 && best.h.at > tl.next.at && tl.next.at < tl.hours {
		first = -1
	}
	tl.due = first
	return first
}

// peek is the time of the next failure, and whether there is one.
func (tl *timeline) peek() (float64, bool) {
	if k := tl.firstEnd(); k >= 0 {
		q := &tl.ends[k]
		return q.items[q.head].h.at, true
	}
	return tl.next.at, tl.next.at < tl.hours
}

// pop takes the next failure (peek must have found one).
func (tl *timeline) pop() happening {
	k := tl.firstEnd()
	tl.due = -2
	if k >= 0 {
		q := &tl.ends[k]
		h := q.items[q.head].h
		if q.head++; q.head == len(q.items) {
			q.items, q.head = q.items[:0], 0
		} else if q.head > 1024 && q.head > len(q.items)/2 {
			q.items = append(q.items[:0], q.items[q.head:]...)
			q.head = 0
		}
		return h
	}
	h, kind := tl.next, tl.kinds[tl.nextKind]
	end := happening{at: h.at + kind.hours, kind: kind.end, lo: h.lo, hi: h.hi}
	tl.ends[tl.nextKind].items = append(tl.ends[tl.nextKind].items, pending{end, tl.seq})
	tl.draw()
	return h
}

// before orders ends: by time, then by their failures' order.
func (a pending) before(b pending) bool {
	return a.h.at < b.h.at || a.h.at == b.h.at && a.seq < b.seq
}
