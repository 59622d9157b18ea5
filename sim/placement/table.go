package placement

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/loadlab/loadlab/sim/engine"

	"github.com/loadlab/loadlab/sim/rng"
)

// Row is one strategy under one event: objects placed, how many lost
// their majority and all their replicas, and the exact chances.
type Row struct {
	Strategy Strategy
	Event    Event
	// LoseMajority and LoseAll count the trials that lost their majority
	// and every replica, of Total; Struck those the event reached (a
	// replica or more on a node it took).
	LoseMajority, LoseAll, Total int
	Struck                       int
	Exact                        Exact
}

// Trial is the latest object placed: its strategy, the event and where
// it struck, the replicas and how many the event took.
type Trial struct {
	Strategy Strategy
	Event    Event
	Location int
	Replicas []int
	Hits     int
	Lost     bool // the majority is gone
}

// Table runs the lecture's experiment object by object: for each strategy,
// for each event, for each of the event's locations, Trials objects placed
// and struck there. The draws follow the lecture's program in that order.
type Table struct {
	spec   Spec
	rows   []Row
	placer *placer
	// the position: row, location, trial within the location
	row, loc, trial int
	last            Trial
	reps            []int
	placed          int // objects placed so far
	moments         []engine.Moment
}

// NewTable validates the spec and sets the table up at its first object.
func NewTable(s Spec) (*Table, error) { return NewTableContext(context.Background(), s) }

// NewTableContext is NewTable, given up with ctx's error once ctx is done
// (the exact chances are worked out here).
func NewTableContext(ctx context.Context, s Spec) (*Table, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	strategies, events := s.strategies(), s.events()
	t := &Table{spec: s, placer: newPlacer(rng.New(s.Seed), s.Topology, s.Replicas), reps: make([]int, s.Replicas)}
	for _, st := range strategies {
		for _, ev := range events {
			ex, err := exactContext(ctx, st, ev, s.Topology, s.Replicas)
			if err != nil {
				return nil, err
			}
			t.rows = append(t.rows, Row{Strategy: st, Event: ev, Exact: ex})
		}
	}
	t.last = Trial{Location: -1}
	return t, nil
}

// Objects is the objects the whole table places: one a step.
func (t *Table) Objects() int {
	total := 0
	for _, r := range t.rows {
		total += r.Event.Locations(t.spec.Topology) * t.spec.Trials
	}
	return total
}

// Done reports whether every object has been placed.
func (t *Table) Done() bool { return t.row >= len(t.rows) }

// Pos counts the objects placed, of the table's.
func (t *Table) Pos() engine.Pos {
	return engine.Pos{Step: int64(t.placed), Steps: int64(t.Objects()), At: float64(t.placed), Unit: "objects"}
}

// Step places one object and strikes it; it reports whether it did.
func (t *Table) Step() bool {
	if t.Done() {
		return false
	}
	r := &t.rows[t.row]
	topo := t.spec.Topology
	t.placer.place(r.Strategy, t.reps)
	f := r.Event.failure(topo, t.loc)
	hits := 0
	for _, n := range t.reps {
		if f.down(n) {
			hits++
		}
	}
	lost := hits >= lossThreshold(t.spec.Replicas)
	if lost {
		if r.LoseMajority == 0 {
			t.noteLoss(r, t.loc, t.reps)
		}
		r.LoseMajority++
	}
	if hits == len(t.reps) {
		r.LoseAll++
	}
	if hits > 0 {
		r.Struck++
	}
	r.Total++
	t.placed++
	t.last = Trial{Strategy: r.Strategy, Event: r.Event, Location: t.loc, Replicas: t.reps, Hits: hits, Lost: lost}
	if t.trial++; t.trial == t.spec.Trials {
		t.trial = 0
		if t.loc++; t.loc == r.Event.Locations(topo) {
			t.loc = 0
			t.row++
		}
	}
	return true
}

// Run places every object left: the objects of a location in tight
// loops of at most runChunk, checking ctx between them. progress, if not
// nil, gets the share of objects placed after each location. Stopped by
// ctx, the table is left between two objects and may go on.
func (t *Table) Run(ctx context.Context, progress func(float64)) error {
	total := t.Objects()
	for t.trial != 0 && t.Step() { // finish a location begun by Step
	}
	topo, threshold := t.spec.Topology, lossThreshold(t.spec.Replicas)
	for !t.Done() {
		if err := ctx.Err(); err != nil {
			return err
		}
		r := &t.rows[t.row]
		f := r.Event.failure(topo, t.loc)
		// A loss is noted as of the location's first object, as the row's
		// counts stand until the location ends.
		placed, rowTotal := t.placed, r.Total
		maj, all, struck := 0, 0, 0
		for done := 0; done < t.spec.Trials; {
			if done > 0 {
				if err := ctx.Err(); err != nil {
					// keep what the location placed: Step finishes it
					r.LoseMajority, r.LoseAll, r.Total = r.LoseMajority+maj, r.LoseAll+all, r.Total+done
					r.Struck += struck
					t.placed, t.trial = placed+done, done
					t.last = Trial{Location: -1}
					return err
				}
			}
			for range min(runChunk, t.spec.Trials-done) {
				t.placer.place(r.Strategy, t.reps)
				hits := 0
				for _, n := range t.reps {
					if f.down(n) {
						hits++
					}
				}
				if hits >= threshold {
					if maj == 0 && r.LoseMajority == 0 {
						t.noteLossAt(r, t.loc, t.reps, placed, rowTotal)
					}
					maj++
				}
				if hits == len(t.reps) {
					all++
				}
				if hits > 0 {
					struck++
				}
			}
			done += min(runChunk, t.spec.Trials-done)
		}
		r.LoseMajority, r.LoseAll, r.Total = r.LoseMajority+maj, r.LoseAll+all, r.Total+t.spec.Trials
		r.Struck += struck
		t.placed += t.spec.Trials
		t.last = Trial{Location: -1} // no one object to show
		if t.loc++; t.loc == r.Event.Locations(topo) {
			t.loc = 0
			t.row++
		}
		if progress != nil {
			done := 0
			for _, r := range t.rows {
				done += r.Total
			}
			progress(float64(done) / float64(total))
		}
	}
	return nil
}

// runChunk is the most objects Run places between looks at ctx: a few
// milliseconds.
const runChunk = 1 << 15

// Rows are the table so far. The slice is the table's own: do not modify.
func (t *Table) Rows() []Row { return t.rows }

// Last is the latest object placed; Location is -1 before the first. Its
// Replicas are overwritten by the next Step.
func (t *Table) Last() Trial { return t.last }

// Current is the row being filled (len(Rows()) when done).
func (t *Table) Current() int { return t.row }

// Spec is the table's spec.
func (t *Table) Spec() Spec { return t.spec }

// Moments are each row's first object to lose its majority, and why. The
// slice is the table's own: do not modify.
func (t *Table) Moments() []engine.Moment { return t.moments }

// Placed is how many objects have been placed.
func (t *Table) Placed() int { return t.placed }

// noteLoss records the first object of row r to lose its majority: which
// domain held which of its replicas.
func (t *Table) noteLoss(r *Row, loc int, reps []int) { t.noteLossAt(r, loc, reps, t.placed, r.Total) }

// noteLossAt is noteLoss with the objects placed before and the row's
// total given.
func (t *Table) noteLossAt(r *Row, loc int, reps []int, placed, total int) {
	topo := t.spec.Topology
	f := r.Event.failure(topo, loc)
	var hit []string
	for _, n := range reps {
		if f.down(n) {
			hit = append(hit, strconv.Itoa(n))
		}
	}
	t.moments = append(t.moments, engine.Moment{Step: int64(placed) + 1, Caption: fmt.Sprintf(
		"%s placement, %s failure: object %d is the first to lose its majority: %s held %d of its %d replicas (nodes %s)",
		r.Strategy, r.Event, total+1, r.Event.Where(topo, loc), len(hit), len(reps), strings.Join(hit, ", "))})
}

// lossThreshold is the replicas an event must take for fewer than a
// majority (r/2 + 1) to survive.
func lossThreshold(r int) int { return r - r/2 }

// Figures runs the spec on one core to its headline figures: what a
// sweep's point and a run over seeds record of each run.
func (s Spec) Figures(ctx context.Context) ([]engine.Figure, error) {
	t, err := NewTableContext(ctx, s)
	if err != nil {
		return nil, err
	}
	return engine.HeadlineOf(t, t.Run(ctx, nil))
}
