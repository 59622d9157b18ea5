package interleave

import (
	"testing"
)

func lectureTiming(trials int) TimingConfig {
	none, recheck := lectureRace, lectureRace
	recheck.Fixes = Recheck
	cas := lectureRace
	cas.Fixes = CAS
	return TimingConfig{Seed: 425, Trials: trials, StepMs: 1, PlanGapMs: 100, StallChance: 0.5,
		StallMs: []float64{0, 10, 100, 1000, 10000}, Races: []Race{none, recheck, cas}}
}

// With no stall the empty record is rare; with a long one it is as
// likely as a stall before the last write, 1 - (1 - 0.5)^2 = 3/4; the
// compare-and-swap never leaves it empty.
func TestTimingRareThenLikely(t *testing.T) {
	tm, err := NewTiming(lectureTiming(20000))
	if err != nil {
		t.Fatal(err)
	}
	for tm.Step() {
	}
	fast, stalled := tm.Chance(0, 0, Empty), tm.Chance(0, 4, Empty)
	if !(fast > 0 && fast < 0.01) || stalled < 0.73 || stalled > 0.77 {
		t.Errorf("empty: %.4f with no stall, %.4f with 10 s stalls", fast, stalled)
	}
	for j := range 5 {
		if n := tm.Counts(2, j)[Empty]; n != 0 {
			t.Errorf("compare-and-swap left %d records empty at stall %d", n, j)
		}
	}
	if ms := tm.Moments(); len(ms) != 2 || ms[1].Step != tm.Pos().Steps {
		t.Errorf("moments %+v", ms)
	}
}

// A seed gives the same trials whatever the fix sets listed beside, and
// a batch at a time gives what one run gives.
func TestTimingIsPairedAndDeterministic(t *testing.T) {
	all := lectureTiming(1000)
	alone := all
	alone.Races = all.Races[1:2]
	a, _ := NewTiming(all)
	b, _ := NewTiming(alone)
	for a.Step() {
	}
	for b.Step() {
	}
	for j := range all.StallMs {
		if a.Counts(1, j) != b.Counts(0, j) {
			t.Errorf("stall %g: recheck's counts depend on the fix sets beside it", all.StallMs[j])
		}
	}
	c, _ := NewTiming(all)
	c.Step()
	c.Step()
	d, _ := NewTiming(all)
	d.Step()
	d.Step()
	if c.Counts(0, 2) != d.Counts(0, 2) || c.Pos() != d.Pos() {
		t.Error("two timings of one config differ")
	}
}

func BenchmarkTimingTrial(b *testing.B) {
	tm, _ := NewTiming(lectureTiming(MaxTrials))
	b.ReportAllocs()
	for b.Loop() {
		tm.trial()
	}
}

func BenchmarkExploreLecture(b *testing.B) {
	r := lectureRace
	r.Fixes = Recheck
	b.ReportAllocs()
	for b.Loop() {
		Explore[State](b.Context(), r)
	}
}

// Plain enumeration allocates its stack once, whatever the schedules.
func BenchmarkEnumerateLectureRecheck(b *testing.B) {
	r := lectureRace
	r.Fixes = Recheck
	b.ReportAllocs()
	for b.Loop() {
		Enumerate[State](b.Context(), r, nil)
	}
}

func BenchmarkPlayerLecture(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		p, _ := NewPlayer(lectureRace, lectureRace.Lecture())
		for p.Step() {
		}
	}
}
