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
	step := regexp.MustCompile(`^step (\d): `)
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
