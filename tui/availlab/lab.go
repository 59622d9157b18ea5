// Package availlab is the availability lab of lecture 26 (sections 26.3.6
// and 26.4.3): MTTF and MTTR on keys, the nines and the downtime they
// allow, the MTTR path to more nines, the fleet sizes that force fast
// repair, and a machine failing and being repaired in simulated time whose
// measured availability converges to MTTF / (MTTF + MTTR).
package availlab

import (
	"fmt"
	"math"
	"slices"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/avail"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/tui/lab"
)

// Lab keeps the study and one machine watched against the target.
type Lab struct {
	// keys are the bindings the lab matches keys against (DefaultKeyMap).
	keys KeyMap
	lab.Seeds
	lab.Sizing
	spec avail.Spec
	// report is the study of spec, worked out at each restart.
	report avail.Report
	watch  *avail.Watch
	seen   int
	deck   lab.Deck
	// tables shows the lecture's tables (v): three nines to five, and the
	// MTTF x MTTR grid.
	tables bool
}

// New opens the lab on an availability spec.
func New(s scenarios.Spec) (lab.Lab, error) {
	spec, err := lab.SpecOf[avail.Spec](s)
	if err != nil {
		return nil, err
	}
	l := &Lab{keys: DefaultKeyMap(), spec: spec}
	l.Seeds = lab.NewSeeds(&l.spec.Seed, l.Restart)
	return l, l.Restart()
}

// Restart starts the machine again at t = 0.
func (l *Lab) Restart() error {
	r, err := l.spec.Run()
	if err != nil {
		return err
	}
	w, err := avail.NewWatch(l.spec)
	if err != nil {
		return err
	}
	l.report, l.watch, l.seen = r, w, 0
	return nil
}

// Step runs the machine a quarter of a failure-repair cycle.
func (l *Lab) Step() bool { return l.watch.Step() }

// steps is the strip's points.
func (l *Lab) steps() int64 { return l.watch.Steps() }

// Done reports whether the strip is full.
func (l *Lab) Done() bool { return l.watch.Done() }

// stopsAt says which steps are moments.
func (l *Lab) stopsAt() string {
	return "the measured availability crossing the target"
}

// NewMoment reports the strip crossing its target.
func (l *Lab) NewMoment() (string, bool) { return lab.Unseen(l.watch.Moments(), &l.seen) }

// pace says a speed in failure-repair cycles.
func (l *Lab) pace(stepsPerSecond float64) string {
	return fmt.Sprintf("%.10g x (MTTF+MTTR) a second", stepsPerSecond/avail.StepsPerCycle)
}

// Status is the time and the failures so far.
func (l *Lab) Status() []string {
	m := l.watch.Machine()
	status := []string{fmt.Sprintf("%s h, %s", engine.Digits(int64(math.Round(m.Now()))), avail.Failures(m.Failures())), fmt.Sprintf("seed %d", l.spec.Seed)}
	if n, ok := fleetOf(l.spec); ok && n > 1 {
		status = append([]string{"a fleet of " + engine.Digits(int64(n))}, status...)
	}
	return status
}

// KeyMap is the lab's own, a binding per direction.
type KeyMap struct {
	MTTFHalf, MTTFDouble, MTTFTenth, MTTFTenfold   key.Binding
	MTTRHalf, MTTRDouble, MTTRTenth, MTTRTenfold   key.Binding
	NineFewer, NineMore, FleetSmaller, FleetLarger key.Binding
}

// DefaultKeyMap is the lab's keys as it opens with them.
func DefaultKeyMap() KeyMap { return defaultKeys }

// defaultKeys are the lab's keys as it opens with them (DefaultKeyMap).
var defaultKeys = KeyMap{
	MTTFHalf:     lab.Bind([]string{"u"}, "u", "MTTF /2"),
	MTTFDouble:   lab.Bind([]string{"U"}, "U", "MTTF x2"),
	MTTFTenth:    lab.Bind([]string{"j"}, "j", "MTTF /10"),
	MTTFTenfold:  lab.Bind([]string{"J"}, "J", "MTTF x10"),
	MTTRHalf:     lab.Bind([]string{"d"}, "d", "MTTR /2"),
	MTTRDouble:   lab.Bind([]string{"D"}, "D", "MTTR x2"),
	MTTRTenth:    lab.Bind([]string{"k"}, "k", "MTTR /10"),
	MTTRTenfold:  lab.Bind([]string{"K"}, "K", "MTTR x10"),
	NineFewer:    lab.Bind([]string{"g"}, "g", "target: one nine fewer"),
	NineMore:     lab.Bind([]string{"G"}, "G", "target: one nine more"),
	FleetSmaller: lab.Bind([]string{"f"}, "f", "the strip: a smaller fleet of the table (its MTTF)"),
	FleetLarger:  lab.Bind([]string{"F"}, "F", "the strip: a larger fleet of the table (its MTTF)"),
}

// pair is a short-help entry for two keys of one lever.
func pair(b key.Binding, keys, desc string) key.Binding {
	b.SetHelp(keys, desc)
	return b
}

// help lists the lab's keys with the shell's.
func (k KeyMap) help() ([]key.Binding, [][]key.Binding) {
	c := lab.CommonKeys
	short := []key.Binding{c.Play, c.Help, c.Quit, pair(k.MTTFHalf, "u/U", "MTTF /2, x2"), pair(k.MTTFTenth, "j/J", "MTTF /10, x10"),
		pair(k.MTTRHalf, "d/D", "MTTR /2, x2"), pair(k.MTTRTenth, "k/K", "MTTR /10, x10"), pair(k.NineFewer, "g/G", "target: one nine fewer, more"),
		pair(k.FleetSmaller, "f/F", "fleet smaller, larger")}
	full := [][]key.Binding{
		lab.PlayKeys(),
		{k.MTTFHalf, k.MTTFDouble, k.MTTFTenth, k.MTTFTenfold, k.MTTRHalf, k.MTTRDouble, k.MTTRTenth, k.MTTRTenfold, k.NineFewer, k.NineMore, k.FleetSmaller, k.FleetLarger,
			lab.Brief(lab.CommonKeys.View, "v", "the lecture's tables: three nines to five, the MTTF x MTTR grid")},
		lab.ShellKeys(),
	}
	return short, full
}

// ShortHelp is the help bar's keys.
func (k KeyMap) ShortHelp() []key.Binding { short, _ := k.help(); return short }

// FullHelp is the full help's columns.
func (k KeyMap) FullHelp() [][]key.Binding { _, full := k.help(); return full }

// Key scales MTTF or MTTR, or moves the target a nine; each restarts the
// machine.
func (l *Lab) Key(msg tea.KeyMsg) lab.Outcome {
	scale := func(p func(*avail.Spec) *float64, f float64) func(*avail.Spec) string {
		return func(s *avail.Spec) string { *p(s) *= f; return "" }
	}
	mttfOf := func(s *avail.Spec) *float64 { return &s.MTTF }
	mttrOf := func(s *avail.Spec) *float64 { return &s.MTTR }
	nines := func(d float64) func(*avail.Spec) string {
		return func(s *avail.Spec) string {
			n := min(max(math.Round(avail.Nines(s.Target))+d, 1), 6)
			s.Target = 1 - math.Pow(10, -n)
			return ""
		}
	}
	if key.Matches(msg, lab.CommonKeys.View) {
		l.tables = !l.tables
		if l.tables {
			return lab.Outcome{Handled: true, Note: "v: the lecture's tables, three nines to five and the MTTF x MTTR grid; v: the charts"}
		}
		return lab.Outcome{Handled: true, Note: "v: the charts; v: the lecture's tables"}
	}
	k := l.keys
	var change func(*avail.Spec) string
	switch {
	case key.Matches(msg, k.MTTFHalf):
		change = scale(mttfOf, 0.5)
	case key.Matches(msg, k.MTTFDouble):
		change = scale(mttfOf, 2)
	case key.Matches(msg, k.MTTFTenth):
		change = scale(mttfOf, 0.1)
	case key.Matches(msg, k.MTTFTenfold):
		change = scale(mttfOf, 10)
	case key.Matches(msg, k.MTTRHalf):
		change = scale(mttrOf, 0.5)
	case key.Matches(msg, k.MTTRDouble):
		change = scale(mttrOf, 2)
	case key.Matches(msg, k.MTTRTenth):
		change = scale(mttrOf, 0.1)
	case key.Matches(msg, k.MTTRTenfold):
		change = scale(mttrOf, 10)
	case key.Matches(msg, k.NineFewer):
		change = nines(-1)
	case key.Matches(msg, k.NineMore):
		change = nines(1)
	case key.Matches(msg, k.FleetSmaller):
		change = l.fleetStep(-1)
	case key.Matches(msg, k.FleetLarger):
		change = l.fleetStep(1)
	default:
		return lab.Outcome{}
	}
	return lab.Edit(&l.spec, change, avail.Spec.Validate, l.Restart, func(s avail.Spec) string {
		a := avail.Availability(s.MTTF, s.MTTR)
		who := "the machine"
		if n, ok := fleetOf(s); ok {
			who = "a fleet of " + engine.Count(n, "machine")
		}
		return fmt.Sprintf("%s: MTTF %s, MTTR %s, target %s: %s (%.2f nines); it starts again",
			who, avail.Lifetime(s.MTTF), avail.Duration(s.MTTR), avail.TargetPercent(s.Target), avail.Percent(a), avail.Nines(a))
	})
}

// fleetStep moves the strip's MTTF to that of the next fleet of the scale
// table, smaller (dir -1) or larger: the fleet is one system, failing when
// any of its machines does.
func (l *Lab) fleetStep(dir int) func(*avail.Spec) string {
	return func(s *avail.Spec) string {
		r, err := s.Run()
		if err != nil || len(r.Scale) == 0 {
			return "the scale table has no fleets"
		}
		// the fleet the MTTF is, else the next one that way (larger fleets
		// have shorter MTTFs)
		i := slices.IndexFunc(r.Scale, func(f avail.Fleet) bool { return sameMTTF(f.SystemMTTFH, s.MTTF) })
		switch {
		case i >= 0:
			i += dir
		case dir > 0:
			i = slices.IndexFunc(r.Scale, func(f avail.Fleet) bool { return f.SystemMTTFH < s.MTTF })
		default:
			i = -1
			for j, f := range r.Scale {
				if f.SystemMTTFH > s.MTTF {
					i = j
				}
			}
		}
		if i < 0 || i >= len(r.Scale) {
			return fmt.Sprintf("the table's fleets run from %s to %s", engine.Count(r.Scale[0].Machines, "machine"), engine.Count(r.Scale[len(r.Scale)-1].Machines, "machine"))
		}
		s.MTTF = r.Scale[i].SystemMTTFH
		return ""
	}
}

// fleetOf is the scale table's fleet whose MTTF the spec's is, if any.
func fleetOf(s avail.Spec) (int, bool) {
	r, err := s.Run()
	if err != nil {
		return 0, false
	}
	for _, f := range r.Scale {
		if sameMTTF(f.SystemMTTFH, s.MTTF) {
			return f.Machines, true
		}
	}
	return 0, false
}

// sameMTTF says two MTTFs are one, to the table's rounding.
func sameMTTF(a, b float64) bool { return math.Abs(a-b) <= 1e-6*max(a, b) }

// Info is the lab as the shell's header, help and status bar read it.
func (l *Lab) Info() lab.Info {
	i := lab.Info{Stops: l.stopsAt(), Pace: l.pace, Steps: l.steps()}
	return i
}

// KeyMap is the lab's keys for the help bar and the full help.
func (l *Lab) KeyMap() help.KeyMap { return l.keys }

// Current is the lab's spec as its keys have left it, for the ":" line.
func (l *Lab) Current() engine.Spec { return l.spec }
