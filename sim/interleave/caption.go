package interleave

import (
	"fmt"
	"strings"
)

// The lecture tells the race in six steps (section 26.2.10):
//
//  1. the slow Enactor checks its plan's freshness, once;
//  2. it starts applying plan_new;
//  3. meanwhile the fast Enactor takes up plan_newest;
//  4. the fast Enactor applies plan_newest everywhere;
//  5. the fast Enactor deletes the plans older than plan_newest, plan_new
//     among them;
//  6. the slow Enactor's write of plan_new lands over plan_newest: the
//     plan is deleted, and the record is empty.
//
// caption tags a step with the lecture's step it plays, by its role: the
// slow Enactor's check (1), its writes (2, or 6 when one lands over a newer
// plan), the fast Enactor's check (3), writes (4) and cleanup (5). Other
// steps (re-checks, the slow Enactor's cleanup, a middle Enactor's, a
// stopped Enactor's) get none, and so does every step of a race off the
// lecture's setup, where its steps come in another order.

// caption is step k of Enactor e, run on before to give after: the
// lecture's step it plays and a sentence, "lecture step 6: ..." (never
// bare "step 6", which a reader takes for the schedule's sixth step).
func (r Race) caption(before, after State, e, k int) (int, string) {
	op := r.Op(e, k)
	who, mine := r.EnactorName(e), Plan(e)
	plan := r.planV(mine)
	slow, fast := e == 0, e == r.Enactors-1
	if before.Stopped&(1<<e) != 0 {
		return 0, capitalize(fmt.Sprintf("%s has stopped, so its step (%s) does not run", who, r.OpName(op)))
	}
	stopped := after.Stopped&(1<<e) != 0
	tag := func(n int, s string) (int, string) {
		if n == 0 || !r.LectureSetup() { // off the lecture's race its numbers would run out of order
			return 0, capitalize(s)
		}
		return n, fmt.Sprintf("lecture step %d: %s", n, s)
	}
	switch op.Kind {
	case OpCheck, OpRecheck:
		what := "checks its plan's freshness"
		if op.Kind == OpRecheck {
			what = "re-checks just before writing " + r.writeName(op.Arg) + " (the fix)"
		}
		n := 0
		switch {
		case slow && op.Kind == OpCheck:
			n = 1
		case fast && op.Kind == OpCheck:
			n = 3
			what = "meanwhile takes up " + plan + " and checks it"
		}
		if stopped {
			return tag(n, fmt.Sprintf("%s %s: the record already holds %s, newer: it stops", who, what, r.planV(r.newestIn(before))))
		}
		tail := ""
		if slow && op.Kind == OpCheck && r.Fixes&(Recheck|CAS) == 0 {
			tail = "; it will not look again"
		}
		return tag(n, fmt.Sprintf("%s %s: the record holds %s, none newer than %s, so it goes on%s", who, what, r.heldNames(before), plan, tail))
	case OpWrite, OpApply:
		var over []int // records that held a newer plan
		targets := []int{op.Arg}
		if op.Kind == OpApply {
			targets = targets[:0]
			for i := range r.Records {
				targets = append(targets, i)
			}
		}
		for _, i := range targets {
			if int(before.Rec[i]) > mine {
				over = append(over, i)
			}
		}
		where := r.writeName(op.Arg)
		if op.Kind == OpApply {
			where = r.everyRecord()
		}
		if stopped {
			return tag(0, fmt.Sprintf("%s's compare-and-swap on %s finds %s, newer than %s: the write is refused and it stops", who, where, r.planV(int(before.Rec[over[0]])), plan))
		}
		n := 0
		verb := fmt.Sprintf("writes %s to %s", plan, where)
		switch {
		case slow && len(over) > 0:
			n, verb = 6, fmt.Sprintf("writes %s over %s in %s", plan, r.planV(int(before.Rec[over[0]])), where)
		case slow:
			n = 2
			if k == r.firstWrite() {
				verb = fmt.Sprintf("starts applying %s: %s", plan, verb)
			} else {
				verb = fmt.Sprintf("goes on applying %s: %s", plan, verb)
			}
		case fast:
			n = 4
		}
		s := who + " " + verb
		if after.Deleted&(1<<mine) != 0 {
			s += fmt.Sprintf(". But %s is deleted: %s points at nothing and is empty", r.PlanName(mine), where)
		}
		return tag(n, s)
	}
	// a cleanup, or one plan of it
	var gone, kept []string
	for v := 1; v < mine; v++ {
		if op.Kind == OpDelete && v != op.Arg {
			continue
		}
		switch {
		case after.Deleted&(1<<v) != 0 && before.Deleted&(1<<v) == 0:
			gone = append(gone, r.PlanName(v))
		case after.Deleted&(1<<v) == 0:
			kept = append(kept, r.PlanName(v))
		}
	}
	n := 0
	if fast {
		n = 5
	}
	s := who + " cleans up"
	if len(gone) > 0 {
		s += ": it deletes " + andList(gone)
	} else {
		s += ": nothing to delete"
	}
	if len(kept) > 0 {
		s += fmt.Sprintf(" (it keeps %s: a record points at it)", andList(kept))
	}
	if r.emptyRecords(after) > r.emptyRecords(before) {
		s += ". A record pointed at a deleted plan: it is empty now"
	}
	return tag(n, s)
}

// firstWrite is the slow Enactor's first write step.
func (r Race) firstWrite() int {
	for k := range r.Length(0) {
		if kind := r.Op(0, k).Kind; kind == OpWrite || kind == OpApply {
			return k
		}
	}
	return -1
}

// planV names a plan with its version: "plan_new (v2)".
func (r Race) planV(v int) string { return fmt.Sprintf("%s (v%d)", r.PlanName(v), v) }

// writeName is the record a write or re-check is for.
func (r Race) writeName(i int) string {
	if r.writes() == 1 {
		if r.Records == 1 {
			return "the record"
		}
		return "every record"
	}
	return fmt.Sprintf("record %d of %d", i+1, r.Records)
}

// heldNames lists the plans the records hold: "plan_old (v1)", or
// "plan_new (v2) and plan_old (v1)", newest first.
func (r Race) heldNames(s State) string {
	var names []string
	for v := r.Newest(); v >= 1; v-- {
		if r.holds(s, v) {
			names = append(names, r.planV(v))
		}
	}
	return andList(names)
}

func andList(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
