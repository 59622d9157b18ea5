package interleave

import "testing"

// Off the lecture's setup the held-back order is still the lecture's
// danger: with no fix, on every setup, its slow Enactor's stale write
// lands after the others' and their cleanup deletes it, so the record it
// wrote goes empty; and each of the lecture's fixes keeps it from going
// empty. (The lecture's own order is different there: its fast Enactor
// cleans up before the stale write lands, so safe cleanup alone does not
// save it.)
func TestHeldBackOrderGoesWrong(t *testing.T) {
	for e := MinEnactors; e <= MaxEnactors; e++ {
		for rec := MinRecords; rec <= MaxRecords; rec++ {
			for _, a := range []Atomic{0, AtomicApply, AtomicCleanup, AtomicApply | AtomicCleanup} {
				for _, f := range []Fixes{0, Recheck, CAS, SafeCleanup} {
					r := Race{Enactors: e, Records: rec, Atomic: a, Fixes: f}
					s := r.Lecture()
					p, err := NewPlayer(r, s)
					if err != nil {
						t.Fatalf("%+v: %v", r, err)
					}
					for p.Step() {
					}
					got := p.Snapshot().Outcome()
					switch {
					case f == 0 && got != Empty:
						t.Errorf("%+v: %s ends %s, want empty", r, r.Format(s), OutcomeNames[got])
					case f != 0 && got == Empty && !r.LectureSetup():
						t.Errorf("%+v: %s ends empty under a fix", r, r.Format(s))
					}
				}
			}
		}
	}
}
