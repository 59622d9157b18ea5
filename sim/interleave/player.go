package interleave

import (
	"fmt"

	"github.com/loadlab/loadlab/sim/engine"
)

// StepInfo is one step of a schedule played: who ran which step, the
// state after it, the lecture's step it plays (1 to 6; 0 for none) and a
// caption in words. Skipped is a step of an Enactor that had stopped
// before it: its turn came, but it did not run. Stops is the step that
// found the Enactor's plan stale (a check, a re-check, or a
// compare-and-swap refusing the write) and stopped it: it ran, and
// changed no record.
type StepInfo struct {
	Enactor int
	K       int // the step's place in its Enactor's program, from 0
	Token   string
	Op      Op
	Lecture int
	Caption string
	Skipped bool
	Stops   bool
	After   State
}

// Player plays one schedule of a race a step at a time: the Stepper of the
// explorer lab. Every step is worked out when the player is made (a
// schedule is a few dozen steps), so a view may move to any step.
type Player struct {
	race    Race
	sched   Schedule
	steps   []StepInfo
	pos     int
	moments []engine.Moment
}

// NewPlayer checks that sched is a schedule of r (each Enactor's steps,
// all of them) and plays it through.
func NewPlayer(r Race, sched Schedule) (*Player, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	var pc [MaxProcs]int
	for _, e := range sched {
		if e < 0 || int(e) >= r.Enactors {
			return nil, fmt.Errorf("interleave: the schedule names Enactor %d of %d", e, r.Enactors)
		}
		pc[e]++
	}
	for e := range r.Enactors {
		if pc[e] != r.Length(e) {
			return nil, fmt.Errorf("interleave: the schedule runs %d of %s's %d steps", pc[e], r.EnactorName(e), r.Length(e))
		}
	}
	p := &Player{race: r, sched: append(Schedule(nil), sched...)}
	p.playThrough()
	return p, nil
}

func (p *Player) playThrough() {
	r := p.race
	var pc [MaxProcs]int
	s := r.Start()
	for i, e := range p.sched {
		k := pc[e]
		next := r.Apply(s, int(e), k)
		lecture, caption := r.caption(s, next, int(e), k)
		bit := uint8(1) << e
		p.steps = append(p.steps, StepInfo{Enactor: int(e), K: k, Token: r.Token(int(e), k), Op: r.Op(int(e), k), Lecture: lecture, Caption: caption,
			Skipped: s.Stopped&bit != 0, Stops: s.Stopped&bit == 0 && next.Stopped&bit != 0, After: next})
		if r.emptyRecords(next) > r.emptyRecords(s) {
			p.moments = append(p.moments, engine.Moment{Step: int64(i + 1), Caption: r.emptyMoment(next)})
		}
		if i == len(p.sched)-1 && r.Outcome(next) != Empty {
			p.moments = append(p.moments, engine.Moment{Step: int64(i + 1), Caption: r.Verdict(next)})
		}
		s, pc[e] = next, k+1
	}
}

// Race is the race played.
func (p *Player) Race() Race { return p.race }

// Schedule is the schedule played.
func (p *Player) Schedule() Schedule { return p.sched }

// Steps is every step of the schedule, played.
func (p *Player) Steps() []StepInfo { return p.steps }

// Moments are the steps that leave a record empty, and the end when it
// is not empty.
func (p *Player) Moments() []engine.Moment { return p.moments }

// Step plays the next step.
func (p *Player) Step() bool {
	if p.Done() {
		return false
	}
	p.pos++
	return true
}

// Done reports whether every step has been played.
func (p *Player) Done() bool { return p.pos >= len(p.steps) }

// Pos is the steps played of the schedule's.
func (p *Player) Pos() engine.Pos {
	return engine.Pos{Step: int64(p.pos), Steps: int64(len(p.steps)), At: float64(p.pos), Unit: "steps"}
}

// Seek moves to step k (clamped to the schedule).
func (p *Player) Seek(k int) { p.pos = min(max(k, 0), len(p.steps)) }

// Frame is the race as it stands after some steps of a schedule.
type Frame struct {
	Race  Race
	Sched Schedule
	// Pos is the steps played; Last the latest of them (nil at the start).
	Pos  int
	Last *StepInfo
	// State is the shared state; PC each Enactor's next step. StopAt is
	// the step at which each Enactor stopped, its plan found stale; -1 for
	// one still going. Its steps after StopAt, though their turns pass,
	// never run.
	State  State
	PC     [MaxProcs]int
	StopAt [MaxProcs]int
}

// Snapshot is the race after the steps played.
func (p *Player) Snapshot() Frame {
	f := Frame{Race: p.race, Sched: p.sched, Pos: p.pos, State: p.race.Start()}
	for e := range f.StopAt {
		f.StopAt[e] = -1
	}
	for _, st := range p.steps[:p.pos] {
		if st.Stops {
			f.StopAt[st.Enactor] = st.K
		}
		f.PC[st.Enactor]++
	}
	if p.pos > 0 {
		f.Last = &p.steps[p.pos-1]
		f.State = f.Last.After
	}
	return f
}

// Stopped reports whether Enactor e has stopped.
func (f Frame) Stopped(e int) bool { return f.State.Stopped&(1<<e) != 0 }

// Ran reports whether step k of Enactor e has run by now: its turn has
// come, and its Enactor had not stopped before it.
func (f Frame) Ran(e, k int) bool {
	return k < f.PC[e] && (f.StopAt[e] < 0 || k <= f.StopAt[e])
}

// Deleted reports whether plan v is deleted.
func (f Frame) Deleted(v int) bool { return f.State.Deleted&(1<<v) != 0 }

// Done reports whether every step has run.
func (f Frame) Done() bool { return f.Pos == len(f.Sched) }

// Outcome is the state's outcome, were the schedule to end here.
func (f Frame) Outcome() int { return f.Race.Outcome(f.State) }

// Verdict says how a final state ends, in words.
func (r Race) Verdict(s State) string {
	switch r.Outcome(s) {
	case Empty:
		return r.emptyMoment(s)
	case Older:
		for i := range r.Records {
			if v := int(s.Rec[i]); v != r.Newest() {
				return fmt.Sprintf("the schedule ends with %s at %s, older than %s: a lost update (the stale plan stays)", r.recordName(i), r.PlanName(v), r.PlanName(r.Newest()))
			}
		}
	}
	return fmt.Sprintf("the schedule ends with %s at %s: this order is safe", r.everyRecord(), r.PlanName(r.Newest()))
}

// ShortVerdict says how a final state ends in a line: which record is
// empty or stale.
func (r Race) ShortVerdict(s State) string {
	if empty := r.emptyWords(s); empty != "" {
		return empty
	}
	for i := range r.Records {
		v := int(s.Rec[i])
		switch {
		case v != r.Newest() && r.Outcome(s) == Older:
			return fmt.Sprintf("%s keeps %s, older than %s: a lost update", r.recordName(i), r.PlanName(v), r.PlanName(r.Newest()))
		}
	}
	return fmt.Sprintf("%s holds %s", r.everyRecord(), r.PlanName(r.Newest()))
}

// emptyMoment says which record is empty, and what that meant on the
// night.
func (r Race) emptyMoment(s State) string {
	if empty := r.emptyWords(s); empty != "" {
		return empty + ": an entry pointing at a deleted plan resolves to nothing. As at 11:48 PM PDT on 19 October 2025, when the record of dynamodb.us-east-1.amazonaws.com was empty"
	}
	return ""
}

// emptyWords says which records point at a deleted plan, and whether
// the others still resolve: "record 2 of 2 points at the deleted plan_new;
// record 1 still resolves", "both records point at deleted plans"; ""
// when none does.
func (r Race) emptyWords(s State) string {
	var empty []int
	for i := range r.Records {
		if v := int(s.Rec[i]); s.Deleted&(1<<v) != 0 {
			empty = append(empty, i)
		}
	}
	switch {
	case len(empty) == 0:
		return ""
	case len(empty) == 1:
		i := empty[0]
		out := fmt.Sprintf("%s points at the deleted %s", r.recordName(i), r.PlanName(int(s.Rec[i])))
		switch r.Records {
		case 1:
		case 2:
			out += fmt.Sprintf("; record %d still resolves", 2-i)
		default:
			out += fmt.Sprintf("; the other %d still resolve", r.Records-1)
		}
		return out
	case len(empty) == r.Records && r.Records == 2:
		return "both records point at deleted plans"
	case len(empty) == r.Records:
		return fmt.Sprintf("all %d records point at deleted plans", r.Records)
	}
	return fmt.Sprintf("%d of %d records point at deleted plans", len(empty), r.Records)
}

func (r Race) recordName(i int) string {
	if r.Records == 1 {
		return "the record"
	}
	return fmt.Sprintf("record %d of %d", i+1, r.Records)
}

func (r Race) everyRecord() string {
	if r.Records == 1 {
		return "the record"
	}
	return "every record"
}
