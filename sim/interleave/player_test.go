package interleave

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The lecture's setup: two Enactors, three plans, two records a plan.
var lectureRace = Race{Enactors: 2, Records: 2, Atomic: AtomicCleanup}

// The lecture's schedule plays its six steps in order and ends with the
// record empty.
func TestLectureScheduleTellsTheSixSteps(t *testing.T) {
	r := lectureRace
	s := r.Lecture()
	if got := r.Format(s); got != "s1 s2 f1 f2 f3 f4 s3 s4" {
		t.Fatalf("lecture schedule %q", got)
	}
	p, err := NewPlayer(r, s)
	if err != nil {
		t.Fatal(err)
	}
	var seen []int
	step := regexp.MustCompile(`^lecture step (\d): `)
	for _, st := range p.Steps() {
		t.Logf("%s %d %s", st.Token, st.Lecture, st.Caption)
		if m := step.FindStringSubmatch(st.Caption); m != nil {
			n, _ := strconv.Atoi(m[1])
			if n != st.Lecture {
				t.Errorf("%s: caption says step %d, tagged %d", st.Token, n, st.Lecture)
			}
			if len(seen) == 0 || seen[len(seen)-1] != n {
				seen = append(seen, n)
			}
		}
	}
	if got := fmtInts(seen); got != "[1 2 3 4 5 6]" {
		t.Errorf("the captions name steps %v, want 1 to 6 in order", seen)
	}
	for p.Step() {
	}
	f := p.Snapshot()
	if f.Outcome() != Empty || !f.Done() {
		t.Errorf("the lecture's schedule ends %s", OutcomeNames[f.Outcome()])
	}
	if ms := p.Moments(); len(ms) != 1 || ms[0].Step != 7 || !strings.Contains(ms[0].Caption, "11:48 PM") {
		t.Errorf("moments %+v", ms)
	}
}

func fmtInts(xs []int) string {
	var s []string
	for _, x := range xs {
		s = append(s, strconv.Itoa(x))
	}
	return "[" + strings.Join(s, " ") + "]"
}

// A stopped Enactor's later steps are skipped, not run: under the
// compare-and-swap the lecture's order has the slow Enactor's last write
// refused (it stops there), and its cleanup, whose turn comes after,
// never runs. With the re-check too, the re-check stops it, and both the
// write and the cleanup after it are skipped.
func TestStoppedEnactorSkipsItsSteps(t *testing.T) {
	for _, c := range []struct {
		fixes         Fixes
		stops         string // the step that stopped the slow Enactor
		skipped       string // its steps that never ran
		stopsCaption  string
		skippedPrefix string
	}{
		{CAS, "s3", "s4", "compare-and-swap on record 2 of 2 finds plan_newest (v3), newer than plan_new (v2): the write is refused and it stops", "The slow Enactor has stopped, so its step (cleanup) does not run"},
		{Recheck | CAS, "s4", "s5 s6", "re-checks just before writing record 2 of 2 (the fix): the record already holds plan_newest (v3), newer: it stops", "The slow Enactor has stopped, so its step (write record 2) does not run"},
	} {
		r := lectureRace
		r.Fixes = c.fixes
		p, err := NewPlayer(r, r.Lecture())
		if err != nil {
			t.Fatal(err)
		}
		var stops, skipped []string
		for _, st := range p.Steps() {
			if strings.HasPrefix(st.Caption, st.Token) {
				t.Errorf("%s: %s's caption repeats its token: %q", c.fixes, st.Token, st.Caption)
			}
			if st.Stops {
				stops = append(stops, st.Token)
				if !strings.Contains(st.Caption, c.stopsCaption) {
					t.Errorf("%s: %s says %q", c.fixes, st.Token, st.Caption)
				}
			}
			if st.Skipped {
				if len(skipped) == 0 && st.Caption != c.skippedPrefix {
					t.Errorf("%s: %s says %q, want %q", c.fixes, st.Token, st.Caption, c.skippedPrefix)
				}
				skipped = append(skipped, st.Token)
			}
		}
		if strings.Join(stops, " ") != c.stops || strings.Join(skipped, " ") != c.skipped {
			t.Errorf("%s: stops at %v, skips %v; want %s and %s", c.fixes, stops, skipped, c.stops, c.skipped)
		}
		p.Seek(len(p.Schedule()))
		f := p.Snapshot()
		stopAt := f.StopAt[0]
		for k := range r.Length(0) {
			if ran, want := f.Ran(0, k), k <= stopAt; ran != want {
				t.Errorf("%s: at the end slow step %d ran %v, want %v (stopped at %d)", c.fixes, k+1, ran, want, stopAt+1)
			}
		}
		if f.StopAt[1] != -1 {
			t.Errorf("%s: the fast Enactor stopped at %d", c.fixes, f.StopAt[1])
		}
	}
}
