package binslab

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/sim/bins"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/tui/lab"
)

// Key handles the keys that edit the spec or change the chart.
func (l *Lab) Key(msg tea.KeyMsg) lab.Outcome {
	var err error
	draws := l.draws()
	switch {
	case key.Matches(msg, l.keys.Back), key.Matches(msg, l.keys.Start),
		key.Matches(msg, lab.CommonKeys.JumpBack), key.Matches(msg, lab.CommonKeys.JumpForward):
		snap := l.Snapshot()
		ball := max(0, snap.Ball-1)
		tenth := max(1, l.spec.Balls/10)
		switch {
		case key.Matches(msg, l.keys.Start):
			ball = 0
		case key.Matches(msg, lab.CommonKeys.JumpBack):
			ball = max(0, snap.Ball-tenth)
		case key.Matches(msg, lab.CommonKeys.JumpForward):
			ball = min(l.spec.Balls, snap.Ball+tenth)
		}
		if err := l.seek(snap.Trial, ball); err != nil {
			return lab.Outcome{Handled: true, Err: err}
		}
		at := l.Snapshot() // ball 0 of a trial is the end of the one before
		return lab.Outcome{Handled: true, Note: fmt.Sprintf("trial %s, ball %s of %s", textfmt.Int(at.Trial+1), textfmt.Int(at.Ball), textfmt.Int(at.Balls))}
	case key.Matches(msg, l.keys.Chart):
		l.view.mode = l.view.nextMode(l.spec.Bins)
		l.chartChosen = true
		return lab.Outcome{Handled: true, Note: "chart: " + l.view.mode.String()}
	case key.Matches(msg, l.keys.Toggle):
		n, _ := strconv.Atoi(msg.String())
		err = l.toggle(bins.Kind(n - 1))
	case key.Matches(msg, l.keys.Select):
		if len(rules(l.spec)) == 1 {
			return lab.Outcome{Handled: true, Note: "one rule runs: " + l.spec.Strategies + " · " + ruleKeys(l.spec.Strategies)}
		}
		return lab.Outcome{Handled: true, Note: l.selectNext()}
	case key.Matches(msg, l.keys.Remove):
		_, rule := l.selected()
		if err = l.removeSelected(); err == nil {
			return l.edited(draws, rule+" removed; ")
		}
	case key.Matches(msg, l.keys.Add):
		if err = l.addLike(); err == nil {
			_, rule := l.selected()
			return l.edited(draws, rule+" added; ")
		}
	case key.Matches(msg, l.keys.DDown), key.Matches(msg, l.keys.DUp),
		key.Matches(msg, l.keys.RefreshDown), key.Matches(msg, l.keys.RefreshUp):
		what, dir := "d", 1
		if key.Matches(msg, l.keys.RefreshDown) || key.Matches(msg, l.keys.RefreshUp) {
			what = "refresh"
		}
		if key.Matches(msg, l.keys.DDown) || key.Matches(msg, l.keys.RefreshDown) {
			dir = -1
		}
		if own, e := l.stepSelected(what, dir); own {
			if e != nil {
				return lab.Outcome{Handled: true, Err: e}
			}
			_, rule := l.selected()
			return l.edited(draws, "now "+rule+"; ")
		}
		if what == "refresh" {
			return l.bareRefresh(msg, draws)
		}
		if !usesD(l.spec.Strategies) {
			return lab.Outcome{Handled: true, Err: engine.Invalid("d", "sets the looks of a dchoice or left rule; e selects one (%s)", l.spec.Strategies)}
		}
		step := 1
		if key.Matches(msg, l.keys.DDown) {
			step = -1
		}
		err = l.edit(func(s *bins.Spec) { s.D = nextD(*s, step) })
	case key.Matches(msg, l.keys.Stream):
		err = l.edit(func(s *bins.Spec) {
			s.Stream = map[string]string{"paired": "sequential", "sequential": "paired"}[s.Stream]
		})
	case key.Matches(msg, l.keys.BinsDown):
		err = l.edit(func(s *bins.Spec) { s.Bins = max(1, s.Bins/2) })
	case key.Matches(msg, l.keys.BinsUp):
		err = l.edit(func(s *bins.Spec) { s.Bins *= 2 })
	case key.Matches(msg, l.keys.BallsDown):
		err = l.edit(func(s *bins.Spec) { s.Balls = max(1, s.Balls/2) })
	case key.Matches(msg, l.keys.BallsUp):
		err = l.edit(func(s *bins.Spec) { s.Balls *= 2 })
	case key.Matches(msg, l.keys.Trials):
		err = l.edit(func(s *bins.Spec) { s.Trials = nextTrials(s.Trials) })
	default:
		return lab.Outcome{}
	}
	if err != nil {
		return lab.Outcome{Handled: true, Err: err}
	}
	return l.edited(draws, "")
}

// edited is the outcome of an edit that restarted the run: what changed
// (what, then the run in short), and a warning where every rule's
// candidates changed with the draws a ball takes.
func (l *Lab) edited(draws int, what string) lab.Outcome {
	l.chartChosen = false
	note := what + specSummary(l.spec)
	if now := l.draws(); now != draws && l.spec.Stream == "paired" {
		note += fmt.Sprintf("; each ball now draws %s, not %d, so every rule's candidates change", engine.Count(now, "random bin"), draws)
	}
	return lab.Outcome{Handled: true, Note: note, Restarted: true, Cmd: l.theoryCmd()}
}

// bareRefresh halves or doubles the refresh a bare stale takes.
func (l *Lab) bareRefresh(msg tea.KeyMsg, draws int) lab.Outcome {
	if !usesRefresh(l.spec.Strategies) {
		if !strings.Contains(l.spec.Strategies, "stale") {
			return lab.Outcome{Handled: true, Err: engine.Invalid("refresh", "belongs to a stale rule, and none runs here (%s): 5 adds one", l.spec.Strategies)}
		}
		return lab.Outcome{Handled: true, Err: engine.Invalid("refresh", "sets the snapshot interval of a stale rule; e selects one (%s)", l.spec.Strategies)}
	}
	err := l.edit(func(s *bins.Spec) {
		if key.Matches(msg, l.keys.RefreshDown) {
			s.Refresh = max(1, refreshOf(*s)/2)
		} else {
			s.Refresh = 2 * refreshOf(*s)
		}
	})
	if err != nil {
		return lab.Outcome{Handled: true, Err: err}
	}
	return l.edited(draws, "")
}

// toggle removes every strategy of a kind, or adds back the ones it
// removed (stale:64 and stale:4096 come back as they were), or the kind
// with its default parameters.
func (l *Lab) toggle(kind bins.Kind) error {
	var kept, removed []string
	for _, tok := range strings.Split(l.spec.Strategies, ",") {
		tok = strings.TrimSpace(tok)
		if name, _, _ := strings.Cut(tok, ":"); name == kind.String() {
			removed = append(removed, tok)
			continue
		}
		kept = append(kept, tok)
	}
	if len(removed) == 0 {
		back := l.toggledOff[kind]
		if len(back) == 0 {
			back = []string{kind.String()}
		}
		kept = inOrder(append(kept, back...), l.opened.Strategies)
	}
	if len(kept) == 0 {
		return engine.Invalid("strategies", "must keep at least one strategy")
	}
	err := l.edit(func(s *bins.Spec) {
		s.Strategies = strings.Join(kept, ",")
		if s.Baseline != "" && !strings.Contains(","+s.Strategies+",", ","+s.Baseline+",") {
			s.Baseline = ""
		}
	})
	if err == nil && len(removed) > 0 {
		if l.toggledOff == nil {
			l.toggledOff = map[bins.Kind][]string{}
		}
		l.toggledOff[kind] = removed
	}
	return err
}

// inOrder sorts rules as the scenario listed them, the others after them
// in the order of the number keys, so that a rule toggled back comes back
// to its place.
func inOrder(rules []string, opened string) []string {
	rank := map[string]int{}
	for i, tok := range strings.Split(opened, ",") {
		rank[strings.TrimSpace(tok)] = i - 100
	}
	key := func(r string) int {
		if k, ok := rank[r]; ok {
			return k
		}
		name, _, _ := strings.Cut(r, ":")
		return slices.Index(bins.KindNames(), name)
	}
	slices.SortStableFunc(rules, func(a, b string) int { return key(a) - key(b) })
	return rules
}

// edit applies a change to a copy of the spec.
func (l *Lab) edit(change func(*bins.Spec)) error {
	s := l.spec
	change(&s)
	return l.apply(s)
}

// draws is how many random bins each ball draws on the paired stream: the
// most any rule looks at. Every rule reads the same draws.
func (l *Lab) draws() int {
	cfg, err := config(l.spec)
	if err != nil {
		return 0
	}
	n := 0
	for _, s := range cfg.Strategies {
		n = max(n, s.Draws())
	}
	return n
}

// usesD reports whether some rule takes the spec's d: a bare dchoice or
// left.
func usesD(strategies string) bool {
	for _, tok := range strings.Split(strategies, ",") {
		if t := strings.TrimSpace(tok); t == "dchoice" || t == "left" {
			return true
		}
	}
	return false
}

// usesRefresh reports whether some rule takes the spec's refresh: a bare
// stale.
func usesRefresh(strategies string) bool {
	for _, tok := range strings.Split(strategies, ",") {
		if strings.TrimSpace(tok) == "stale" {
			return true
		}
	}
	return false
}

// refreshOf is the spec's refresh in balls: 0 says never, the balls.
func refreshOf(s bins.Spec) int {
	if s.Refresh == 0 {
		return s.Balls
	}
	return s.Refresh
}

// nextD is the next d up or down (step +1 or -1). With always-go-left on
// (a bare "left", which takes d), only a d that splits the bins into equal
// groups will do, so it moves to the next such d, staying put at the end.
func nextD(s bins.Spec, step int) int {
	usesLeft := false
	for _, tok := range strings.Split(s.Strategies, ",") {
		usesLeft = usesLeft || strings.TrimSpace(tok) == "left"
	}
	for d := s.D + step; d >= 1 && d <= max(s.Bins, 1); d += step {
		if !usesLeft || s.Bins%d == 0 {
			return d
		}
	}
	if !usesLeft {
		return max(1, s.D+step)
	}
	return s.D
}

// trialChoices are the trial counts the trials key cycles through.
var trialChoices = []int{1, 10, 50, 200}

func nextTrials(t int) int {
	for _, c := range trialChoices {
		if c > t {
			return c
		}
	}
	return trialChoices[0]
}

// specSummary says the run after an edit: the sizes, the d and the
// refresh where a rule takes them, the stream, the trials and the rules.
func specSummary(s bins.Spec) string {
	parts := []string{"n=" + textfmt.Int(s.Bins), "m=" + textfmt.Int(s.Balls)}
	if usesD(s.Strategies) {
		parts = append(parts, fmt.Sprintf("d=%d", s.D))
	}
	if usesRefresh(s.Strategies) {
		parts = append(parts, "refresh="+textfmt.Int(refreshOf(s)))
	}
	return fmt.Sprintf("%s %s, %s: %s", strings.Join(parts, " "), s.Stream, engine.Count(s.Trials, "trial"), s.Strategies)
}
