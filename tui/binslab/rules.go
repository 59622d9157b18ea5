package binslab

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/loadlab/loadlab/sim/bins"
	"github.com/loadlab/loadlab/sim/engine"
)

// rules are the spec's strategies as listed, one token each.
func rules(s bins.Spec) []string {
	var out []string
	for _, tok := range strings.Split(s.Strategies, ",") {
		out = append(out, strings.TrimSpace(tok))
	}
	return out
}

// selected is the rule e chose, within the rules listed now.
func (l *Lab) selected() (int, string) {
	rs := rules(l.spec)
	i := min(l.sel, len(rs)-1)
	return i, rs[i]
}

// selectNext moves the rule the keys edit to the next one listed.
func (l *Lab) selectNext() string {
	rs := rules(l.spec)
	if l.selShown {
		l.sel = (l.sel + 1) % len(rs)
	} else { // the first e selects the first rule: what a key edits never hangs on where one looks (a follower looks elsewhere)
		l.sel, l.selShown = 0, true
	}
	l.sync()
	if l.sel < len(l.snap.Lanes) { // the lane in focus is the rule the keys edit
		l.view.focus, l.view.trials = l.sel, false
	}
	return fmt.Sprintf("rule %d of %d: %s · %s", l.sel+1, len(rs), rs[l.sel], ruleKeys(rs[l.sel]))
}

// ruleKeys says what the keys do to a rule.
func ruleKeys(rule string) string {
	name, _, _ := strings.Cut(rule, ":")
	switch name {
	case "dchoice", "left":
		return "d/D change its d, a adds one with another d, x removes it"
	case "stale":
		return "f/F halve or double its refresh, a adds one refreshed half as often, x removes it"
	}
	return "x removes it (it takes no number; 1-7 toggle the kinds)"
}

// removeSelected takes the selected rule out of the run.
func (l *Lab) removeSelected() error {
	i, rule := l.selected()
	rs := rules(l.spec)
	if len(rs) == 1 {
		return engine.Invalid("strategies", "must keep at least one strategy (%s is the last)", rule)
	}
	kept := slices.Delete(slices.Clone(rs), i, i+1)
	err := l.setRules(kept)
	if err == nil {
		l.sel = min(i, len(kept)-1)
	}
	return err
}

// addLike adds, after the selected rule, one of its kind with the next
// number none has: a larger d, a refresh twice as long.
func (l *Lab) addLike() error {
	i, rule := l.selected()
	dir := +1 // one more look; a stale rule refreshed twice as often
	if strings.HasPrefix(rule, "stale") {
		dir = -1
	}
	next, err := l.renumber(rule, dir)
	if err != nil {
		return err
	}
	at := slotFor(rules(l.spec), next, i+1)
	rs := slices.Insert(slices.Clone(rules(l.spec)), at, next)
	if err := l.setRules(rs); err != nil {
		return err
	}
	l.sel, l.selShown = at, true
	l.sync()
	if at < len(l.snap.Lanes) {
		l.view.focus, l.view.trials = at, false
	}
	return nil
}

// slotFor is where a new rule goes among rules: among the numbered rules
// of its kind, in ascending order of their numbers (dchoice:5 after
// dchoice:4, stale:32 before stale:64); with none of its kind, at def.
func slotFor(rules []string, rule string, def int) int {
	name, arg, _ := strings.Cut(rule, ":")
	v, _ := strconv.Atoi(arg)
	at := -1
	for i, r := range rules {
		n, a, has := strings.Cut(r, ":")
		if n != name || !has {
			continue
		}
		if w, _ := strconv.Atoi(a); w > v {
			return i
		}
		at = i + 1
	}
	if at < 0 {
		return def
	}
	return at
}

// stepSelected moves the selected rule's own number down (-1) or up (+1);
// ok is false for a rule that takes the spec's bare d or refresh.
func (l *Lab) stepSelected(kind string, dir int) (bool, error) {
	i, rule := l.selected()
	name, _, has := strings.Cut(rule, ":")
	if !has || !(kind == "d" && (name == "dchoice" || name == "left") || kind == "refresh" && name == "stale") {
		return false, nil
	}
	next, err := l.renumber(rule, dir)
	if err != nil {
		return true, err
	}
	rs := slices.Clone(rules(l.spec))
	rs[i] = next
	return true, l.setRules(rs)
}

// renumber is rule with the next number in direction dir (+1 up, -1
// down) that no other rule listed has: d one at a time (for left, a d
// that splits the bins evenly), a refresh doubled or halved.
func (l *Lab) renumber(rule string, dir int) (string, error) {
	name, arg, has := strings.Cut(rule, ":")
	v := 0
	switch {
	case has:
		v, _ = strconv.Atoi(arg)
	case name == "stale":
		v = refreshOf(l.spec)
	case name == "dchoice" || name == "left":
		v = l.spec.D
	default:
		return "", engine.Invalid("strategies", "%s takes no number: only dchoice:D, left:D and stale:R do (e selects another rule)", rule)
	}
	taken := map[string]bool{}
	for _, r := range rules(l.spec) {
		taken[r] = true
	}
	for range 64 {
		switch {
		case name == "stale" && dir > 0:
			v *= 2
		case name == "stale":
			v /= 2
		default:
			v += dir
		}
		if v < 1 || name != "stale" && v > l.spec.Bins {
			break
		}
		cand := fmt.Sprintf("%s:%d", name, v)
		if name == "left" && l.spec.Bins%v != 0 || taken[cand] {
			continue
		}
		return cand, nil
	}
	what := map[bool]string{true: "d", false: "refresh"}[name != "stale"]
	return "", engine.Invalid("strategies", "has no %s %s free from %s here (e selects another rule)", map[bool]string{true: "larger", false: "smaller"}[dir > 0], what, rule)
}

// setRules runs the rules listed from the trial's start.
func (l *Lab) setRules(rs []string) error {
	return l.edit(func(s *bins.Spec) {
		s.Strategies = strings.Join(rs, ",")
		if s.Baseline != "" && !slices.Contains(rs, s.Baseline) {
			s.Baseline = ""
		}
	})
}
