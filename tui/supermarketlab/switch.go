package supermarketlab

import (
	"fmt"
	"slices"
	"strings"

	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/queue"
	"github.com/loadlab/loadlab/tui/lab"
)

// switchNow makes change from the time on the clock: each field it
// changes becomes a switch of the runs that read it (the policy of the
// left run, the against of the right, d of the runs that take it, the
// load of both), kept so that a restart or a step back replays it.
func (l *Lab) switchNow(change func(*queue.Spec) string) lab.Outcome {
	cur := l.now
	next := cur
	if why := change(&next); why != "" {
		return lab.Outcome{Handled: true, Note: why}
	}
	if next == cur {
		return lab.Outcome{Handled: true, Note: "no change: this key is at the end of its range"}
	}
	if err := next.Validate(); err != nil {
		return lab.Outcome{Handled: true, Err: err}
	}
	for len(l.switches) < len(l.runs) {
		l.switches = append(l.switches, nil)
	}
	var made []string
	later := false // switches made after now, before a step back: they go
	switchRun := func(i int, name, value string) {
		sw, err := l.runs[i].sim.Switch(name, value)
		if err != nil {
			return // validated with the spec
		}
		later = later || slices.ContainsFunc(l.switches[i], func(s engine.Switch) bool { return s.At > sw.At })
		l.switches[i] = engine.AddSwitch(l.switches[i], sw)
		made = append(made, strings.TrimSpace(fmt.Sprintf("%s %s=%s", l.side(i), name, value)))
	}
	if next.Policy != cur.Policy {
		switchRun(0, "policy", next.Policy)
	}
	if next.Against != cur.Against {
		switchRun(1, "policy", next.Against)
	}
	if next.D != cur.D { // the runs whose policy draws d now
		for i, r := range l.runs {
			if r.sim.Config().Draws() && (i == 0 || next.AgainstD == 0) {
				switchRun(i, "d", fmt.Sprint(next.D))
			}
		}
	}
	if next.Load != cur.Load {
		for i := range l.runs {
			switchRun(i, "load", fmt.Sprint(next.Load))
		}
	}
	l.now = next
	for _, r := range l.runs {
		r.resAt = -1
	}
	note := fmt.Sprintf("from t %.1f on: %s (Z: from the start instead)", l.runs[0].sim.Now(), strings.Join(made, ", "))
	if len(made) == 0 {
		return lab.Outcome{Handled: true, Note: "no run reads that here: d is read by jsq-d, stale-d and peak-ewma"}
	}
	if later { // worked out again from here, without them
		if err := l.Restart(); err != nil {
			return lab.Outcome{Handled: true, Err: err}
		}
		return lab.Outcome{Handled: true, Note: note + "; the switches after it are dropped", Restarted: true, Replay: true}
	}
	return lab.Outcome{Handled: true, Note: note}
}

// side names run i where the screen shows two.
func (l *Lab) side(i int) string {
	if len(l.runs) == 1 {
		return ""
	}
	return [2]string{"left", "right"}[i]
}

// switchTitle says what the runs started as and each switch since, when
// there are any; runs switched alike are said once.
func (l *Lab) switchTitle() (string, bool) {
	var parts []string
	var starts []string
	same := len(l.runs) > 1
	for i := range l.runs {
		if i >= len(l.switches) || len(l.switches[i]) == 0 {
			same = false
			continue
		}
		start := l.spec.Policy
		if i == 1 {
			start = l.spec.Against
		}
		starts = append(starts, start)
		parts = append(parts, lab.SwitchTitle(start, l.switches[i], at))
		same = same && i > 0 && engine.FormatSwitches(l.switches[i]) == engine.FormatSwitches(l.switches[0])
	}
	if same {
		return lab.SwitchTitle(strings.Join(starts, " and "), l.switches[0], at), true
	}
	return strings.Join(parts, "; "), len(parts) > 0
}

// at writes a switch's time as the lab's clock does.
func at(t float64) string { return fmt.Sprintf("t %.1f", t) }
