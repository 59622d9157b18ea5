package interleave

import (
	"fmt"
	"slices"
	"strings"

	"github.com/loadlab/loadlab/sim/engine"
)

// Race is the empty-record race of lecture 26, section 26.2.10. DNS
// Enactors each apply a plan to the DNS record of DynamoDB's endpoint.
// Plans carry versions: v1 (plan_old) is in the record at the start, and
// Enactor e applies plan v(e+2), so the last Enactor's plan is the newest.
// Every Enactor runs one program:
//
//  1. check: read the versions in the record; go on only if its plan is
//     at least as new as every one of them (the lecture's step 1: the
//     only freshness check);
//  2. write: point each of the Records records at its plan, one atomic
//     write each (with Atomic apply, all of them in one step);
//  3. cleanup: delete every plan older than its own (with Atomic cleanup
//     in one step, else one plan a step, oldest first).
//
// A record that points at a deleted plan resolves to nothing: it is
// empty. The lecture's schedule has the slow Enactor check (step 1) and
// start writing (2), the fast Enactor take up plan_newest (3), write it
// everywhere (4) and delete every older plan, plan_new included (5), and
// then the slow Enactor's last write land (6): the record points at the
// deleted plan_new.
//
// The fixes are switches (Fixes); the model departs from the lecture
// only in naming what the lecture leaves open: how many records a plan
// writes, and what the check reads when records disagree (the newest
// version among them).
type Race struct {
	Enactors int
	Records  int
	Atomic   Atomic
	Fixes    Fixes
}

// The race's bounds.
const (
	MinEnactors = 2
	MaxEnactors = 3
	MinRecords  = 1
	MaxRecords  = 4
)

// Fixes is a set of the race's fixes.
type Fixes uint8

// The fixes.
const (
	// Recheck reads the record's versions again just before each write,
	// as a step of its own: the window narrows but stays open.
	Recheck Fixes = 1 << iota
	// CAS writes a record only if the version it holds is not newer than
	// the plan's: check and write in one step.
	CAS
	// SafeCleanup never deletes a plan a record points to.
	SafeCleanup
)

// AllFixes is every fix at once.
const AllFixes = Recheck | CAS | SafeCleanup

var fixNames = []string{"recheck", "cas", "safe-cleanup"}

// String writes a set as the command line does: "none", "recheck+cas".
func (f Fixes) String() string {
	var parts []string
	for i, n := range fixNames {
		if f&(1<<i) != 0 {
			parts = append(parts, n)
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, "+")
}

// ParseFixes reads a set: "none", or fixes joined by '+'.
func ParseFixes(s string) (Fixes, error) {
	s = strings.TrimSpace(s)
	if s == "none" {
		return 0, nil
	}
	var f Fixes
	for _, part := range strings.Split(s, "+") {
		i := slices.Index(fixNames, strings.TrimSpace(part))
		if i < 0 {
			return 0, engine.Invalid("fixes", "must list fix sets: none, or recheck, cas and safe-cleanup joined by +; got %q", s)
		}
		if f&(1<<i) != 0 {
			return 0, engine.Invalid("fixes", "names %s twice in %q", fixNames[i], s)
		}
		f |= 1 << i
	}
	return f, nil
}

// Atomic says which of the multi-part steps run as one step.
type Atomic uint8

// The parts that can be atomic.
const (
	// AtomicApply writes every record of a plan in one step.
	AtomicApply Atomic = 1 << iota
	// AtomicCleanup deletes every older plan in one step.
	AtomicCleanup
)

var atomicNames = []string{"apply", "cleanup"}

// String writes the parts as the command line does: "cleanup",
// "apply,cleanup", "none".
func (a Atomic) String() string {
	var parts []string
	for i, n := range atomicNames {
		if a&(1<<i) != 0 {
			parts = append(parts, n)
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ",")
}

// ParseAtomic reads the parts: "none", or apply and cleanup, comma-separated.
func ParseAtomic(s string) (Atomic, error) {
	s = strings.TrimSpace(s)
	if s == "none" {
		return 0, nil
	}
	var a Atomic
	for _, part := range strings.Split(s, ",") {
		i := slices.Index(atomicNames, strings.TrimSpace(part))
		if i < 0 {
			return 0, engine.Invalid("atomic", "must be none, or apply and cleanup comma-separated; got %q", s)
		}
		if a&(1<<i) != 0 {
			return 0, engine.Invalid("atomic", "names %s twice in %q", atomicNames[i], s)
		}
		a |= 1 << i
	}
	return a, nil
}

// Validate reports the first invalid field.
func (r Race) Validate() error {
	switch {
	case r.Enactors < MinEnactors || r.Enactors > MaxEnactors:
		return engine.Invalid("enactors", "must be 2 or 3, got %d", r.Enactors)
	case r.Records < MinRecords || r.Records > MaxRecords:
		return engine.Invalid("records", "must be in %d..%d, got %d", MinRecords, MaxRecords, r.Records)
	case r.Fixes&^AllFixes != 0:
		return engine.Invalid("fixes", "has an unknown fix")
	case r.Atomic&^(AtomicApply|AtomicCleanup) != 0:
		return engine.Invalid("atomic", "has an unknown part")
	}
	return nil
}

// The outcomes of a schedule.
const (
	// Newest: every record holds the newest plan.
	Newest = iota
	// Older: no record is empty, but one holds an older plan: an update
	// was lost.
	Older
	// Empty: a record points at a deleted plan and resolves to nothing.
	Empty
	outcomes
)

// OutcomeNames are the outcomes as reports name them.
var OutcomeNames = []string{"newest", "older", "empty"}

// Bad is the outcomes other than Newest, as a mask for Nth.
const Bad = 1<<Older | 1<<Empty

// Kind is what a step of an Enactor's program does.
type Kind uint8

// The kinds of step.
const (
	OpCheck Kind = iota
	OpRecheck
	OpWrite
	OpApply
	OpCleanup
	OpDelete
)

// Op is one step of a program: its kind, and the record it writes (Write)
// or the plan it deletes (Delete).
type Op struct {
	Kind Kind
	Arg  int
}

// State is the shared state: the version each record points at, the
// deleted plans (bit v for plan v), and the Enactors that have stopped
// (bit e), their plan found stale.
type State struct {
	Rec     [MaxRecords]uint8
	Deleted uint8
	Stopped uint8
}

// Plan is Enactor e's plan version.
func Plan(e int) int { return e + 2 }

// Newest is the newest plan's version.
func (r Race) Newest() int { return r.Enactors + 1 }

// writes is the write steps of an apply.
func (r Race) writes() int {
	if r.Atomic&AtomicApply != 0 {
		return 1
	}
	return r.Records
}

// body is the steps of an apply, re-checks included.
func (r Race) body() int {
	if r.Fixes&Recheck != 0 {
		return 2 * r.writes()
	}
	return r.writes()
}

// Length is the steps of Enactor e's program.
func (r Race) Length(e int) int {
	tail := 1
	if r.Atomic&AtomicCleanup == 0 {
		tail = Plan(e) - 1 // a step for each older plan
	}
	return 1 + r.body() + tail
}

// Lengths is every Enactor's program length.
func (r Race) Lengths() []int {
	out := make([]int, r.Enactors)
	for e := range out {
		out[e] = r.Length(e)
	}
	return out
}

// Op is step k of Enactor e's program.
func (r Race) Op(e, k int) Op {
	if k == 0 {
		return Op{Kind: OpCheck}
	}
	i := k - 1
	if i < r.body() {
		if r.Fixes&Recheck != 0 {
			if i%2 == 0 {
				return Op{Kind: OpRecheck, Arg: i / 2}
			}
			i /= 2
		}
		if r.Atomic&AtomicApply != 0 {
			return Op{Kind: OpApply}
		}
		return Op{Kind: OpWrite, Arg: i}
	}
	if r.Atomic&AtomicCleanup != 0 {
		return Op{Kind: OpCleanup}
	}
	return Op{Kind: OpDelete, Arg: i - r.body() + 1}
}

// Start is every record at plan_old (v1), no plan deleted, no Enactor
// stopped.
func (r Race) Start() State {
	var s State
	for i := range r.Records {
		s.Rec[i] = 1
	}
	return s
}

// newestIn is the newest version the records hold.
func (r Race) newestIn(s State) int {
	v := 0
	for i := range r.Records {
		v = max(v, int(s.Rec[i]))
	}
	return v
}

// holds reports whether a record points at plan v.
func (r Race) holds(s State, v int) bool {
	for i := range r.Records {
		if int(s.Rec[i]) == v {
			return true
		}
	}
	return false
}

// Apply runs step k of Enactor e on s. A stopped Enactor's steps change
// nothing.
func (r Race) Apply(s State, e, k int) State {
	if s.Stopped&(1<<e) != 0 {
		return s
	}
	mine := Plan(e)
	op := r.Op(e, k)
	switch op.Kind {
	case OpCheck, OpRecheck:
		if r.newestIn(s) > mine {
			s.Stopped |= 1 << e
		}
	case OpWrite:
		if r.Fixes&CAS != 0 && int(s.Rec[op.Arg]) > mine {
			s.Stopped |= 1 << e
			break
		}
		s.Rec[op.Arg] = uint8(mine)
	case OpApply:
		if r.Fixes&CAS != 0 && r.newestIn(s) > mine {
			s.Stopped |= 1 << e
			break
		}
		for i := range r.Records {
			s.Rec[i] = uint8(mine)
		}
	case OpCleanup:
		for v := 1; v < mine; v++ {
			if r.Fixes&SafeCleanup == 0 || !r.holds(s, v) {
				s.Deleted |= 1 << v
			}
		}
	case OpDelete:
		if r.Fixes&SafeCleanup == 0 || !r.holds(s, op.Arg) {
			s.Deleted |= 1 << op.Arg
		}
	}
	return s
}

// emptyRecords is how many records point at a deleted plan.
func (r Race) emptyRecords(s State) int {
	n := 0
	for i := range r.Records {
		if s.Deleted&(1<<s.Rec[i]) != 0 {
			n++
		}
	}
	return n
}

// Outcome is Empty if a record points at a deleted plan, else Older if a
// record holds a plan older than the newest, else Newest.
func (r Race) Outcome(s State) int {
	if r.emptyRecords(s) > 0 {
		return Empty
	}
	for i := range r.Records {
		if int(s.Rec[i]) != r.Newest() {
			return Older
		}
	}
	return Newest
}

// Schedules is the number of schedules of the race: every interleaving of
// the Enactors' programs.
func (r Race) Schedules() (uint64, bool) { return Multinomial(r.Lengths()) }

// Letter is Enactor e's letter in a schedule: s for the slow one (the
// oldest pending plan), f for the fast one (the newest plan), m between.
func (r Race) Letter(e int) string {
	switch {
	case e == 0:
		return "s"
	case e == r.Enactors-1:
		return "f"
	}
	return "m"
}

// EnactorName is Enactor e in words.
func (r Race) EnactorName(e int) string {
	switch r.Letter(e) {
	case "s":
		return "the slow Enactor"
	case "f":
		return "the fast Enactor"
	}
	return "the middle Enactor"
}

// PlanName is plan v's name: plan_old, plan_new, (plan_newer,) plan_newest.
func (r Race) PlanName(v int) string {
	switch {
	case v == 1:
		return "plan_old"
	case v == r.Newest():
		return "plan_newest"
	case v == 2:
		return "plan_new"
	}
	return "plan_newer"
}

// OpName is a step in a few words: "check", "re-check 2", "write record
// 1", "apply", "cleanup", "delete plan_old".
func (r Race) OpName(op Op) string {
	switch op.Kind {
	case OpCheck:
		return "check"
	case OpRecheck:
		if r.writes() == 1 {
			return "re-check"
		}
		return fmt.Sprintf("re-check %d", op.Arg+1)
	case OpWrite:
		if r.Records == 1 {
			return "write the record"
		}
		return fmt.Sprintf("write record %d", op.Arg+1)
	case OpApply:
		return "apply"
	case OpCleanup:
		return "cleanup"
	}
	return "delete " + r.PlanName(op.Arg)
}

// Token is step k of Enactor e in a schedule: "s1", "f3".
func (r Race) Token(e, k int) string { return fmt.Sprintf("%s%d", r.Letter(e), k+1) }

// Format writes a schedule as its tokens: "s1 s2 f1 f2 f3 f4 s3 s4".
func (r Race) Format(sched Schedule) string {
	var pc [MaxProcs]int
	parts := make([]string, len(sched))
	for i, e := range sched {
		parts[i] = r.Token(int(e), pc[e])
		pc[e]++
	}
	return strings.Join(parts, " ")
}

// LectureSetup reports whether r is the lecture's race, its fixes aside:
// two Enactors, and a plan written in more than one step, so that the slow
// Enactor can have a write still to make when the fast one has cleaned up.
// With three Enactors, one record or an atomic apply, Lecture is the same
// pattern on a race the lecture never told.
func (r Race) LectureSetup() bool { return r.Enactors == 2 && r.writes() > 1 }

// HeldBack names Lecture's schedule on a race other than the lecture's
// (LectureSetup false), where "the lecture's order" would not be true.
const HeldBack = "the slow Enactor held back before its last write while the others write theirs, then each cleans up"

// Lecture is the lecture's order of the steps: the slow Enactor checks and
// makes its first write (steps 1 and 2), every other Enactor runs its
// whole program (3 to 5), then the slow Enactor finishes (6 and its
// cleanup). Off the lecture's setup (one write a plan, or three Enactors)
// that order leaves the slow Enactor no write to land after the others',
// so Lecture is the race's own version of the lecture's danger
// (HeldBack): the slow Enactor runs up to its last write (its re-check
// too), the others write their plans, the slow one's last write lands,
// and then every Enactor cleans up, the others first.
func (r Race) Lecture() Schedule {
	if r.LectureSetup() {
		return r.lectureOrder()
	}
	clean := 1 + r.body() // each program's first cleanup step
	hold := clean - 1     // the slow Enactor's last write
	if r.Fixes&Recheck != 0 {
		hold-- // and the re-check before it
	}
	var out Schedule
	run := func(e, from, to int) {
		for range to - from {
			out = append(out, int8(e))
		}
	}
	run(0, 0, hold)
	for e := 1; e < r.Enactors; e++ {
		run(e, 0, clean)
	}
	run(0, hold, clean)
	for e := 1; e < r.Enactors; e++ {
		run(e, clean, r.Length(e))
	}
	run(0, clean, r.Length(0))
	return out
}

// lectureOrder is the lecture's own order on its setup: the slow Enactor
// up to its first write, every other Enactor whole, the slow one's rest.
func (r Race) lectureOrder() Schedule {
	first := 1 // the slow Enactor's steps up to its first write
	for r.Op(0, first).Kind == OpRecheck {
		first++
	}
	first++
	var out Schedule
	for range first {
		out = append(out, 0)
	}
	for e := 1; e < r.Enactors; e++ {
		for range r.Length(e) {
			out = append(out, int8(e))
		}
	}
	for range r.Length(0) - first {
		out = append(out, 0)
	}
	return out
}

// Parse reads a schedule typed as tokens, such as "s1 f1 f2 f3 s2":
// each an Enactor's letter, with or without its step's number, in each
// Enactor's own order. Steps left out run after the typed ones, each
// Enactor's in turn from the slow one's; appended says which.
func (r Race) Parse(text string) (sched Schedule, appended string, err error) {
	fields := strings.Fields(strings.ReplaceAll(text, ",", " "))
	if len(fields) == 0 {
		return nil, "", fmt.Errorf("type the steps in the order they run, such as %q", r.Format(r.Lecture()))
	}
	var pc [MaxProcs]int
	for _, f := range fields {
		e := -1
		for i := range r.Enactors {
			if strings.HasPrefix(f, r.Letter(i)) {
				e = i
			}
		}
		if e < 0 {
			return nil, "", fmt.Errorf("%q: a step starts with an Enactor's letter (%s)", f, r.letters())
		}
		if num := f[1:]; num != "" {
			var k int
			if _, err := fmt.Sscanf(num, "%d", &k); err != nil || fmt.Sprint(k) != num {
				return nil, "", fmt.Errorf("%q: after the letter comes the step's number, such as %s1", f, r.Letter(e))
			}
			if k != pc[e]+1 {
				return nil, "", fmt.Errorf("%q: %s's next step is %s (each Enactor's steps run in order)", f, r.EnactorName(e), r.Token(e, pc[e]))
			}
		}
		if pc[e] >= r.Length(e) {
			return nil, "", fmt.Errorf("%q: %s has %d steps", f, r.EnactorName(e), r.Length(e))
		}
		sched = append(sched, int8(e))
		pc[e]++
	}
	var rest []string
	for e := range r.Enactors {
		for ; pc[e] < r.Length(e); pc[e]++ {
			sched = append(sched, int8(e))
			rest = append(rest, r.Token(e, pc[e]))
		}
	}
	return sched, strings.Join(rest, " "), nil
}

func (r Race) letters() string {
	var ls []string
	for e := range r.Enactors {
		ls = append(ls, r.Letter(e))
	}
	return strings.Join(ls, ", ")
}
