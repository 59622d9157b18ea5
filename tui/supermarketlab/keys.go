package supermarketlab

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/sim/queue"
	"github.com/loadlab/loadlab/tui/lab"
)

// KeyMap is the lab's own keys.
// The load lever is [ and ]: L is the shell's lecture strip.
type KeyMap struct {
	Policy, Against  key.Binding
	D, Load, Refresh lab.Lever
}

// DefaultKeyMap is the lab's keys as it opens with them.
func DefaultKeyMap() KeyMap { return defaultKeys }

// defaultKeys are the lab's keys as it opens with them (DefaultKeyMap).
var defaultKeys = KeyMap{
	Policy:  lab.Bind([]string{"p"}, "p", "left policy: random, jsq-d, jsq, round-robin, stale-d, wrr, peak-ewma"),
	Against: lab.Bind([]string{"P"}, "P", "right policy"),
	D:       lab.NewLever("d", "D", "one choice fewer", "one choice more", "fewer/more choices"),
	Load:    lab.NewLever("[", "]", "load down 0.05", "load up 0.05", "load down/up 0.05"),
	Refresh: lab.NewLever("f", "F", "refresh the board twice as often", "refresh it half as often", "board refresh x2, /2"),
}

// help lists the lab's keys with the shell's.
func (l *Lab) help() ([]key.Binding, [][]key.Binding) {
	c := lab.CommonKeys
	short := []key.Binding{c.Play, c.Help, c.Quit, lab.Brief(l.keys.Policy, "p/P", "policies"), l.keys.D.Short(), l.keys.Load.Short(), c.Moments, c.Faster}
	if l.spec.Stepper {
		short = []key.Binding{c.Play, c.Step, c.StepBack, lab.Brief(l.keys.Policy, "p/P", "policies"), l.keys.D.Short(), c.Help, c.Quit}
	}
	own := []key.Binding{l.keys.Policy, l.keys.Against, lab.CommonKeys.FromStart}
	for _, l := range []lab.Lever{l.keys.D, l.keys.Load, l.keys.Refresh} {
		own = append(own, l.Full()...)
	}
	full := [][]key.Binding{lab.PlayKeys(), own, lab.ShellKeys()}
	return short, full
}

var policies = []string{"random", "jsq-d", "jsq", "round-robin", "stale-d", "wrr", "peak-ewma"}

// Key changes a policy, d, the load or the refresh; each restarts, or says
// why it does nothing here.
func (l *Lab) Key(msg tea.KeyMsg) lab.Outcome {
	next := func(p string) string {
		i := slices.Index(policies, p)
		return policies[(i+1)%len(policies)]
	}
	reads := func(s queue.Spec, p ...string) bool {
		return slices.Contains(p, s.Policy) || slices.Contains(p, s.Against)
	}
	if key.Matches(msg, lab.CommonKeys.FromStart) {
		l.fromStart = !l.fromStart
		if l.fromStart {
			return lab.Outcome{Handled: true, Note: "from the start: p, P, d/D and [ ] now rerun from t = 0 on the same arrivals (Z: switch from now)"}
		}
		return lab.Outcome{Handled: true, Note: "from now: p, P, d/D and [ ] switch the runs from the time on the clock (Z: from the start)"}
	}
	var change func(*queue.Spec) string
	switch {
	case key.Matches(msg, l.keys.Policy):
		change = func(s *queue.Spec) string { s.Policy = next(s.Policy); return "" }
	case key.Matches(msg, l.keys.Against):
		change = func(s *queue.Spec) string { s.Against = next(s.Against); return "" }
	case l.keys.D.Dir(msg) != 0:
		dir := l.keys.D.Dir(msg)
		change = func(s *queue.Spec) string {
			if !reads(*s, "jsq-d", "stale-d", "peak-ewma") {
				return fmt.Sprintf("d/D: %s and %s read no d; p or P picks jsq-d, stale-d or peak-ewma", s.Policy, s.Against)
			}
			s.D = min(max(1, s.D+dir), s.Servers)
			return ""
		}
	case l.keys.Load.Dir(msg) != 0:
		dir := float64(l.keys.Load.Dir(msg))
		change = func(s *queue.Spec) string {
			next := nextLoad(s.Load, dir)
			if next == s.Load {
				return fmt.Sprintf("the load stays at %.2f: the lab's loads run %.2f to %.2f (loadlab run takes any load below 1)", s.Load, loadSteps[0], loadSteps[len(loadSteps)-1])
			}
			s.Load = next
			return ""
		}
	case l.keys.Refresh.Dir(msg) != 0:
		factor := math.Pow(2, float64(l.keys.Refresh.Dir(msg)))
		change = func(s *queue.Spec) string {
			if !reads(*s, "stale-d") {
				return fmt.Sprintf("f/F: only stale-d reads a board; %s and %s see every queue as it is (p or P picks stale-d)", s.Policy, s.Against)
			}
			s.Refresh = min(max(0.125, s.Refresh*factor), 1000)
			return ""
		}
	default:
		return lab.Outcome{}
	}
	// From now, unless asked from the start, or at t = 0 (the same) or
	// the end (a new run), or the key adds a run or changes the board's refresh (no switch
	// changes those), or the stepper runs (a job at a time is its own
	// experiment).
	if !l.fromStart && l.runs[0].sim.Now() > 0 && !l.runs[0].sim.Done() && !l.spec.Stepper && l.keys.Refresh.Dir(msg) == 0 && (l.now.Against != "" || !key.Matches(msg, l.keys.Against)) {
		return l.switchNow(change)
	}
	l.spec, l.switches = l.now, nil
	defer func() { l.now = l.spec }()
	return lab.EditReplaying(&l.spec, change, queue.Spec.Validate, l.Restart, func(s queue.Spec) string {
		var names []string
		for _, r := range l.runs {
			names = append(names, r.sim.Config().Label())
		}
		note := fmt.Sprintf("%s at load %.2f, from t = 0 on the same arrivals (replayed to the same time)", strings.Join(names, " against "), s.Load)
		if l.keys.D.Dir(msg) != 0 {
			note = fmt.Sprintf("d = %d for every policy that reads d: ", s.D) + note
		}
		return note
	})
}

// loadSteps are the loads [ and ] move through: every 0.05, and 0.99,
// where the queues grow long enough to show the mean field's tail.
var loadSteps = func() []float64 {
	var out []float64
	for i := 1; i <= 19; i++ {
		out = append(out, float64(i)/20)
	}
	return append(out, 0.99)
}()

// nextLoad is the load step after (dir +1) or before (dir -1) load; a load
// between steps moves to the nearest step that way, and the ends stay.
func nextLoad(load, dir float64) float64 {
	if dir > 0 {
		for _, v := range loadSteps {
			if v > load+1e-9 {
				return v
			}
		}
		return load
	}
	for i := len(loadSteps) - 1; i >= 0; i-- {
		if loadSteps[i] < load-1e-9 {
			return loadSteps[i]
		}
	}
	return load
}
