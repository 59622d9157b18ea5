package placement

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/rng"
)

// failureKind is what a failure does.
type failureKind int

const (
	diskLoss  failureKind = iota // a node's data is gone; the node is back, empty, later
	outage                       // a rack or AZ is dark for a while, data kept
	outageEnd                    // it comes back
	nodeBack                     // a replaced node is back, empty
	rackLoss                     // a rack's data is gone
)

// happening is one event of the fleet's timeline.
type happening struct {
	at     float64 // hours
	kind   failureKind
	lo, hi int // the nodes it strikes: [lo, hi)
}

// rebuildDue is a lost replica of object, lost at at, to be re-created.
type rebuildDue struct {
	at     float64 // hours
	object int32
}

// fleet is one strategy's objects on the nodes through the failures.
type fleet struct {
	strategy Strategy
	topo     Topology
	r        int
	src      *rng.Source
	placer   *placer
	// per node: the objects with a replica there, how many outages cover
	// it, and whether it is away being replaced
	holds   [][]int32
	dark    []int
	away    []bool
	objects []stored
	// queue holds the losses awaiting a rebuild, in time order: every
	// rebuild takes as long, so the first in is the first due.
	queue []rebuildDue
	head  int
	// parked holds the rebuilds that found no node to go to. Each would
	// try again every rebuildHours and fail the same way until a node
	// comes up (a node going down or filling frees none), drawing
	// nothing; so it waits here, and a node's return puts it back in the
	// queue at the try it has reached, the times added up as the tries
	// would have (up to maxAddedTries), so the run is the same, only
	// without the futile tries.
	parked, merged []rebuildDue
	// scratch for rebuild
	held, best, cands []int
	// rebuildHours is how long a rebuild takes; now is the time of the
	// rebuild running.
	rebuildHours, now float64
	// stop says when to give up: ctx is done
	stop *stopper
	// counts
	lostMajority, lost int
	firstLoss          string
	firstLossAt        float64
	moments            []engine.Moment
}

// stored is one object: its intact replicas' nodes and how many of them
// are reachable now.
type stored struct {
	nodes     []int
	reachable int
	everMinor bool // it has been short of a majority
	gone      bool // every replica destroyed
}

func newFleet(s DurabilitySpec, st Strategy, stop *stopper) *fleet {
	src := rng.New(s.Seed + 1) // placements apart from the failures
	f := &fleet{strategy: st, topo: s.Topology, r: s.Replicas, src: src, placer: newPlacer(src, s.Topology, s.Replicas), rebuildHours: s.RebuildHours,
		holds: make([][]int32, s.Nodes()), dark: make([]int, s.Nodes()), away: make([]bool, s.Nodes()), stop: stop}
	dst := make([]int, s.Replicas)
	f.objects = make([]stored, 0, s.Objects)
	for o := range s.Objects {
		if stop.stop(16 * s.Replicas) { // about a millisecond of placing between looks
			return f
		}
		f.placer.place(st, dst)
		f.objects = append(f.objects, stored{nodes: slices.Clone(dst), reachable: s.Replicas})
		for _, n := range dst {
			f.holds[n] = append(f.holds[n], int32(o))
		}
	}
	return f
}

func (f *fleet) up(n int) bool { return f.dark[n] == 0 && !f.away[n] }

// reach moves the reachable count of every object on node n by d.
func (f *fleet) reach(n, d int) {
	for _, o := range f.holds[n] {
		ob := &f.objects[o]
		ob.reachable += d
		if ob.reachable < f.r/2+1 && !ob.everMinor && !ob.gone {
			ob.everMinor = true
			f.lostMajority++
		}
	}
}

// apply runs one happening of the shared timeline, and the rebuilds due
// before it. It gives up, leaving the fleet part way, when stop does.
func (f *fleet) apply(h happening) {
	if f.rebuildUntil(h.at); f.stop.stop(h.hi - h.lo) {
		return
	}
	woke := false
	defer func() {
		if woke && len(f.parked) > 0 {
			f.unpark(h.at)
		}
	}()
	switch h.kind {
	case outage:
		for n := h.lo; n < h.hi && !f.stop.stop(len(f.holds[n])); n++ {
			if f.dark[n]++; f.dark[n] == 1 && !f.away[n] {
				f.reach(n, -1)
			}
		}
	case outageEnd:
		for n := h.lo; n < h.hi && !f.stop.stop(len(f.holds[n])); n++ {
			if f.dark[n]--; f.dark[n] == 0 && !f.away[n] {
				f.reach(n, +1)
				woke = true
			}
		}
	case diskLoss, rackLoss:
		for n := h.lo; n < h.hi && !f.stop.stop(len(f.holds[n])); n++ {
			f.destroy(n, h)
		}
	case nodeBack:
		for n := h.lo; n < h.hi; n++ {
			f.away[n] = false // back, empty: nothing becomes reachable
			woke = woke || f.dark[n] == 0
		}
	}
}

// destroy loses node n's disk: every replica on it is gone, and each
// object left with a copy is rebuilt elsewhere.
func (f *fleet) destroy(n int, h happening) {
	at := h.at
	if f.up(n) {
		f.reach(n, -1)
	}
	for _, o := range f.holds[n] {
		ob := &f.objects[o]
		ob.nodes = slices.DeleteFunc(ob.nodes, func(m int) bool { return m == n })
		if ob.gone {
			continue
		}
		if len(ob.nodes) == 0 {
			ob.gone = true
			f.lost++
			if f.firstLoss == "" {
				f.firstLossAt = at
				f.firstLoss = fmt.Sprintf("%.2f years: %s placement loses its first object for good (object %d): its last replica went when %s, before a rebuild could copy it",
					at/8760, f.strategy, o, describe(f.topo, h))
				f.moments = append(f.moments, engine.Moment{Step: int64(at), Caption: f.firstLoss})
			}
			continue
		}
		f.queue = append(f.queue, rebuildDue{at: at, object: o})
	}
	f.holds[n] = f.holds[n][:0]
	f.away[n] = true
}

// rebuildUntil ends the rebuilds due by time t: each ends rebuildHours
// after the loss it answers (the queue holds the loss times). It gives up
// when stop does.
func (f *fleet) rebuildUntil(t float64) {
	for f.head < len(f.queue) && f.queue[f.head].at+f.rebuildHours <= t && !f.stop.stop(rebuildWork(f.topo)) {
		h := f.queue[f.head]
		f.head++
		f.now = h.at + f.rebuildHours
		f.rebuild(int(h.object))
	}
	if f.head > 1024 && f.head > len(f.queue)/2 {
		f.queue = append(f.queue[:0], f.queue[f.head:]...)
		f.head = 0
	}
}

// maxAddedTries is how many tries unpark adds up one by one, as the tries
// themselves would have; past it (a rebuild time tiny against the wait)
// the rest are multiplied out.
const maxAddedTries = 1 << 12

// unpark puts the parked rebuilds back in the queue once a node is up at
// time u: each at the try after u it would have reached (every try at
// the last plus rebuildHours), merged into the queue in time order, ties
// after the queue's own as they would have been appended.
func (f *fleet) unpark(u float64) {
	for i := range f.parked {
		p := &f.parked[i]
		if tries := (u - p.at) / f.rebuildHours; tries > maxAddedTries {
			p.at += math.Floor(tries-maxAddedTries) * f.rebuildHours // too many to add up one by one
		}
		for p.at+f.rebuildHours <= u {
			p.at += f.rebuildHours
		}
	}
	slices.SortStableFunc(f.parked, func(a, b rebuildDue) int { return cmp.Compare(a.at, b.at) })
	pending, parked, m := f.queue[f.head:], f.parked, f.merged[:0]
	for len(pending) > 0 || len(parked) > 0 {
		if len(parked) == 0 || len(pending) > 0 && pending[0].at <= parked[0].at {
			m, pending = append(m, pending[0]), pending[1:]
		} else {
			m, parked = append(m, parked[0]), parked[1:]
		}
	}
	f.queue, f.merged, f.head = m, f.queue[:0], 0
	f.parked = f.parked[:0]
}

// rebuild re-creates one replica of object o by the repair procedure of
// 26.3.5: in a domain (of the strategy's kind) holding none of its
// replicas if there is one, else the one holding fewest, on a node that is
// up and holds no replica of it; random placement takes any such node,
// greedy the lowest-numbered.
func (f *fleet) rebuild(o int) {
	ob := &f.objects[o]
	if ob.gone || len(ob.nodes) >= f.r {
		return
	}
	count, size := f.strategy.domains(f.topo)
	if f.strategy == Greedy || f.strategy == Random {
		count, size = f.topo.Nodes(), 1
	}
	free := func(n int) bool { return f.up(n) && !slices.Contains(ob.nodes, n) }
	if len(f.held) < count {
		f.held = make([]int, count)
	}
	for _, n := range ob.nodes {
		f.held[n/size]++
	}
	best, fewest := f.best[:0], -1
	for d := range count {
		ok := false
		for n := d * size; n < (d+1)*size && !ok; n++ {
			ok = free(n)
		}
		if !ok {
			continue
		}
		switch c := f.held[d]; {
		case fewest < 0 || c < fewest:
			best, fewest = append(best[:0], d), c
		case c == fewest:
			best = append(best, d)
		}
	}
	for _, n := range ob.nodes {
		f.held[n/size] = 0
	}
	f.best = best
	if len(best) == 0 { // nowhere to put it now: try again after another rebuild time, once a node is up
		f.parked = append(f.parked, rebuildDue{at: f.now, object: int32(o)})
		return
	}
	d := best[0]
	if f.strategy != Greedy {
		d = best[f.src.RandBelow(len(best))]
	}
	cands := f.cands[:0]
	for n := d * size; n < (d+1)*size; n++ {
		if free(n) {
			cands = append(cands, n)
		}
	}
	f.cands = cands
	n := cands[0]
	if f.strategy != Greedy {
		n = cands[f.src.RandBelow(len(cands))]
	}
	ob.nodes = append(ob.nodes, n)
	f.holds[n] = append(f.holds[n], int32(o))
	ob.reachable++
}

// describe says what a disk or rack loss was.
func describe(t Topology, h happening) string {
	switch h.kind {
	case diskLoss:
		return fmt.Sprintf("node %d lost its disk", h.lo)
	case rackLoss:
		return fmt.Sprintf("rack %d was destroyed", t.RackOf(h.lo))
	}
	return ""
}

// stopper looks at a context now and then, after so much work: a unit is
// about a replica touched.
type stopper struct {
	ctx  context.Context
	work int
	err  error
}

// stopWork is the work between looks at the context: a few milliseconds.
const stopWork = 1 << 16

// stop adds work and reports whether the context is done (once it is, for
// good).
func (s *stopper) stop(work int) bool {
	if s.err != nil {
		return true
	}
	if s.ctx == nil {
		return false
	}
	if s.work += work + 1; s.work >= stopWork {
		s.work = 0
		s.err = s.ctx.Err()
	}
	return s.err != nil
}

// rebuildWork is a rebuild's work in stopper units: a look at every
// domain of the strategy and every node of the one chosen, at most the
// nodes.
func rebuildWork(t Topology) int { return 1 + t.Nodes()/16 }
