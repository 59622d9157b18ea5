package lab

import (
	"strings"

	"github.com/loadlab/loadlab/sim/engine"
)

// MomentBreak parts the moments one step reached in NewMoment's caption:
// the shell stops at each in turn, so that each is read whole.
const MomentBreak = "\n"

// Unseen joins the captions of the moments past *seen and moves *seen to
// the end: a Momentous lab's NewMoment over its engine's moments.
func Unseen(all []engine.Moment, seen *int) (string, bool) {
	if *seen >= len(all) {
		return "", false
	}
	var captions []string
	for _, m := range all[*seen:] {
		captions = append(captions, m.Caption)
	}
	*seen = len(all)
	return strings.Join(captions, MomentBreak), true
}

// Told is the memory of which moments of each of a lab's runs side by
// side have been told: a caption that several runs meet in one step is
// told once, for all of them.
type Told struct {
	seen []int
	// Always leads every caption of runs side by side with the names of
	// the runs that met it; otherwise only a caption some runs did not
	// meet names them.
	Always bool
	// Sep goes between the names and the caption (", " when empty).
	Sep string
}

// Forget starts the memory again for n runs at their first step.
func (t *Told) Forget(n int) { t.seen = make([]int, n) }

// firstNew is the model time of the earliest moment the runs reached
// since the last Tell, or -1 if none.
func (t *Told) firstNew(moments [][]engine.Moment) float64 {
	first := -1.0
	for i, all := range moments {
		seen := 0
		if i < len(t.seen) {
			seen = t.seen[i]
		}
		for _, m := range all[min(seen, len(all)):] {
			if first < 0 || m.At < first {
				first = m.At
			}
		}
	}
	return first
}

// Tell joins the captions of the moments the runs (moments[i] run i's,
// named names[i]) reached since the last Tell, by MomentBreak.
func (t *Told) Tell(moments [][]engine.Moment, names []string) (string, bool) {
	if len(t.seen) != len(moments) {
		t.Forget(len(moments))
	}
	var captions []string
	who := map[string][]string{}
	for i, all := range moments {
		for _, m := range all[min(t.seen[i], len(all)):] {
			if len(who[m.Caption]) == 0 {
				captions = append(captions, m.Caption)
			}
			who[m.Caption] = append(who[m.Caption], names[i])
		}
		t.seen[i] = len(all)
	}
	sep := t.Sep
	if sep == "" {
		sep = ", "
	}
	if len(moments) > 1 {
		for i, c := range captions {
			if t.Always || len(who[c]) < len(moments) {
				captions[i] = strings.Join(who[c], " and ") + sep + c
			}
		}
	}
	return strings.Join(captions, MomentBreak), len(captions) > 0
}
