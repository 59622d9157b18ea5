package interleave

import "testing"

// In the lecture's order one of the record's two entries still resolves:
// the verdict says which entry is empty and that the other is not.
func TestVerdictSaysWhichEntryIsEmpty(t *testing.T) {
	races, err := DefaultSpec().Races()
	if err != nil {
		t.Fatal(err)
	}
	r := races[0]
	p, err := NewPlayer(r, r.Lecture())
	if err != nil {
		t.Fatal(err)
	}
	p.Seek(len(p.Steps()))
	got := r.ShortVerdict(p.Snapshot().State)
	if want := "record 2 of 2 points at the deleted plan_new; record 1 still resolves"; got != want {
		t.Errorf("verdict %q, want %q", got, want)
	}
}
