package lab

import (
	"fmt"
	"strings"
)

// Pair is the memory of a lab that sets a right run beside a left one and
// whose keys toggle the right run's protections. A toggle that makes the
// right run like the left leaves one panel for both, and Pair keeps the
// left's set, so that the next toggle puts the right run back beside it:
// two presses of a key give the comparison back. A lab copies its Pair
// before an edit and keeps the copy only if the edit applies.
type Pair struct{ merged string }

// Toggle is the runs' names (the right one last, each name in its set's
// one spelling) after a key makes the right run right.
func (p *Pair) Toggle(names []string, right string) []string {
	names = append([]string(nil), names...)
	switch {
	case len(names) == 1 && p.merged != "" && right != p.merged:
		names, p.merged = []string{p.merged, right}, ""
	case len(names) == 2 && names[0] == right:
		names, p.merged = names[:1], right
	default:
		names[len(names)-1] = right
	}
	return names
}

// Forget drops the memory: the runs were set some other way.
func (p *Pair) Forget() { p.merged = "" }

// JustMerged reports whether the edit that made next from p merged the
// runs.
func (p Pair) JustMerged(next Pair) bool { return next.merged != "" && next.merged != p.merged }

// MergedNote says that the right run, made like the left (now names
// both), shares its panel, and how key brings back the run it was.
func MergedNote(now, key, back string) string {
	return fmt.Sprintf("the right run is now %s, like the left: one panel shows both; %s again puts %s back beside it", now, key, back)
}

// Compare is the runs after the key that shows one run or two: two leave
// the right one alone; one gets a partner on its left, the left run the
// scenario opened with (opened) unless that is the run itself, or else
// baseline; the baseline alone becomes pair.
func Compare(runs, opened, baseline, pair string) string {
	names := strings.Split(runs, ",")
	if len(names) > 1 {
		return names[len(names)-1]
	}
	one := names[0]
	if o := strings.Split(opened, ","); len(o) == 2 && o[0] != one {
		return o[0] + "," + one
	}
	if one == baseline {
		return pair
	}
	return baseline + "," + one
}

// EditRuns is Edit for a lab whose keys switch the right run of a pair:
// next is the copy of *pair that the change edits, kept only if the edit
// applies. A key
// that merges the runs says so (left words a spec's left run, back the
// right run before the key); any other says note. The new run is replayed
// to the moment the old one had reached.
func EditRuns[S comparable](spec *S, pair, next *Pair, key, back string, left func(S) string,
	change func(*S) string, validate func(S) error, restart func() error, note func(S) string) Outcome {
	say := func(s S) string {
		if pair.JustMerged(*next) {
			return MergedNote(left(s), key, back)
		}
		return note(s)
	}
	out := EditReplaying(spec, change, validate, restart, say)
	if out.Restarted {
		*pair = *next
	}
	return out
}
