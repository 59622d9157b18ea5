package dnsracelab

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/interleave"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// TimingLab runs the race in time: each step a duration, the slow Enactor
// stalling with a chance, and for each stall length the share of runs
// ending empty, beside the share of schedules that do. A step runs a batch
// of trials; the bars fill as running estimates.
type TimingLab struct {
	// keys are the bindings the lab matches keys against (DefaultKeyMap).
	keys KeyMap
	lab.Seeds
	lab.Sizing
	spec, opened interleave.Spec
	timing       *interleave.Timing
	race         interleave.Race
	exact        interleave.Exact
	seen         int
}

// newTiming opens the timing lab on the spec's first fix set.
func newTiming(spec interleave.Spec) (*TimingLab, error) {
	sets, _ := spec.FixSets()
	spec.Fixes = sets[0].String()
	l := &TimingLab{keys: DefaultKeyMap(), spec: spec, opened: spec}
	l.Seeds = lab.NewSeeds(&l.spec.Seed, l.Restart)
	return l, l.Restart()
}

// Restart starts the runs again from the first.
func (l *TimingLab) Restart() error {
	cfg, err := l.spec.Timing()
	if err != nil {
		return err
	}
	for _, f := range compared { // the other fix sets, on the same runs
		if r := cfg.Races[0]; f != r.Fixes {
			r.Fixes = f
			cfg.Races = append(cfg.Races, r)
		}
	}
	t, err := interleave.NewTiming(cfg)
	if err != nil {
		return err
	}
	ex, err := interleave.Count(context.Background(), cfg.Races[0], "memo", 0)
	if err != nil {
		return err
	}
	l.timing, l.race, l.exact, l.seen = t, cfg.Races[0], ex, 0
	return nil
}

// compared are the fix sets the timing lab runs beside the one it draws,
// on the same runs: no fix, each fix alone, and the safe cleanup with
// each of the others.
var compared = []interleave.Fixes{0, interleave.Recheck, interleave.CAS, interleave.SafeCleanup,
	interleave.Recheck | interleave.SafeCleanup, interleave.CAS | interleave.SafeCleanup}

// Step runs the next batch of trials.
func (l *TimingLab) Step() bool { return l.timing.Step() }

// Done reports whether every trial has run.
func (l *TimingLab) Done() bool { return l.timing.Done() }

// steps is the batches of the run.
func (l *TimingLab) steps() int64 { return l.timing.Pos().Steps }

// pace says a speed in runs.
func (l *TimingLab) pace(stepsPerSecond float64) string {
	return fmt.Sprintf("%.10g runs a second", stepsPerSecond*interleave.TimingBatch)
}

// stopsAt says which steps are moments.
func (l *TimingLab) stopsAt() string {
	return "the first empty record with the shortest stall, and the end"
}

// NewMoment reports the moments the latest batch reached.
func (l *TimingLab) NewMoment() (string, bool) { return lab.Unseen(l.timing.Moments(), &l.seen) }

// Status is the fix set, the runs so far and the seed.
func (l *TimingLab) Status() []string {
	return []string{"fixes: " + l.race.Fixes.String(), fmt.Sprintf("%s of %s runs", Digits(uint64(l.timing.Trials())), Digits(uint64(l.spec.Trials))),
		fmt.Sprintf("seed %d", l.spec.Seed), fmt.Sprintf("stall chance %.10g", l.spec.StallChance)}
}

// title names the setup when the keys changed it.
func (l *TimingLab) title() (string, bool) {
	if l.spec == l.opened {
		return "", false
	}
	return fmt.Sprintf("The DNS race in time: fixes %s, stall chance %.10g, %d Enactors, %d %s a plan", l.race.Fixes, l.spec.StallChance,
		l.spec.Enactors, l.spec.Records, plural(l.spec.Records, "record")), true
}

// TimingKeyMap is the lab's own keys.
type TimingKeyMap struct {
	Recheck, CAS, Safe, Enactors key.Binding
	Chance, Records              lab.Lever
}

// DefaultTimingKeyMap is the lab's keys as it opens with them.
func DefaultTimingKeyMap() TimingKeyMap { return timingKeys }

// timingKeys are the bindings the lab matches keys against.
var timingKeys = TimingKeyMap{
	Recheck:  defaultKeys.Recheck,
	CAS:      defaultKeys.CAS,
	Safe:     defaultKeys.Safe,
	Enactors: defaultKeys.Enactors,
	Chance:   lab.NewLever("k", "K", "stall chance −0.1", "stall chance +0.1", "stall chance −, +"),
	Records:  defaultKeys.Records,
}

// help lists the timing lab's keys with the shell's.
func (k TimingKeyMap) help() ([]key.Binding, [][]key.Binding) {
	c := lab.CommonKeys
	short := []key.Binding{c.Play, c.Step, lab.Brief(k.Recheck, "1 2 3", "fixes"), k.Chance.Short(), c.Help, c.Quit, lab.Brief(k.Enactors, "E", "Enactors"), k.Records.Short(), c.NextSeed}
	full := [][]key.Binding{
		lab.PlayKeys(),
		{k.Recheck, k.CAS, k.Safe, k.Chance.Down, k.Chance.Up, k.Enactors, k.Records.Down, k.Records.Up},
		lab.ShellKeys(),
	}
	return short, full
}

// ShortHelp is the help bar's keys.
func (k TimingKeyMap) ShortHelp() []key.Binding { short, _ := k.help(); return short }

// FullHelp is the full help's columns.
func (k TimingKeyMap) FullHelp() [][]key.Binding { _, full := k.help(); return full }

// Key toggles the fixes and changes the stall chance and the setup; each
// runs the trials again.
func (l *TimingLab) Key(msg tea.KeyMsg) lab.Outcome {
	k := timingKeys
	toggle := func(f interleave.Fixes) func(*interleave.Spec) string {
		return func(s *interleave.Spec) string {
			cur, _ := interleave.ParseFixes(s.Fixes)
			s.Fixes = (cur ^ f).String()
			return ""
		}
	}
	var change func(*interleave.Spec) string
	switch {
	case key.Matches(msg, k.Recheck):
		change = toggle(interleave.Recheck)
	case key.Matches(msg, k.CAS):
		change = toggle(interleave.CAS)
	case key.Matches(msg, k.Safe):
		change = toggle(interleave.SafeCleanup)
	case key.Matches(msg, k.Enactors):
		change = func(s *interleave.Spec) string { s.Enactors = 5 - s.Enactors; return "" }
	case k.Chance.Dir(msg) != 0:
		d := float64(k.Chance.Dir(msg))
		change = func(s *interleave.Spec) string {
			s.StallChance = math.Round(min(max(s.StallChance+0.1*d, 0), 1)*10) / 10
			return ""
		}
	case k.Records.Dir(msg) != 0:
		d := k.Records.Dir(msg)
		change = func(s *interleave.Spec) string {
			s.Records = min(max(s.Records+d, interleave.MinRecords), interleave.MaxRecords)
			return ""
		}
	default:
		return lab.Outcome{}
	}
	return lab.Edit(&l.spec, change, interleave.Spec.Validate, l.Restart, func(s interleave.Spec) string {
		c := l.exact.Counts
		return fmt.Sprintf("fixes %s, stall chance %.10g, %d Enactors, %d %s a plan: the runs start again; every schedule alike, %s end empty",
			l.race.Fixes, s.StallChance, s.Enactors, s.Records, plural(s.Records, "record"), pct(c[interleave.Empty], c.Total()))
	})
}

// Render draws, for each stall length, the share of runs so far ending
// empty (█) and with an older plan (▒), with the share of schedules that
// end empty marked (│).
func (l *TimingLab) Render(f lab.Frame) string {
	st := f.St
	cfg := l.timing.Config()
	w := f.W
	lines := []string{st.Muted.Render(widget.FirstFit(w,
		fmt.Sprintf("each step takes about %.10g ms; a new plan comes every %.10g ms on average; before each of its steps the slow Enactor stalls with chance %.10g", cfg.StepMs, cfg.PlanGapMs, cfg.StallChance),
		fmt.Sprintf("steps of about %.10g ms; a plan every %.10g ms on average; the slow Enactor stalls with chance %.10g", cfg.StepMs, cfg.PlanGapMs, cfg.StallChance),
		fmt.Sprintf("steps %.10g ms, plans every %.10g ms, stall chance %.10g", cfg.StepMs, cfg.PlanGapMs, cfg.StallChance)))}
	so := fmt.Sprintf("after %s of %s runs", Digits(uint64(l.timing.Trials())), Digits(uint64(cfg.Trials)))
	if l.timing.Done() {
		so = "over " + Digits(uint64(cfg.Trials)) + " runs"
	}
	lines = append(lines, st.Title.Render(widget.FirstFit(w, "the chance the record ends empty, by the length of a stall, "+so, "chance of an empty record by stall, "+so, "by stall, "+so)))
	c := l.exact.Counts
	exactShare := float64(c[interleave.Empty]) / float64(c.Total())
	anyOlder := false
	for j := range cfg.StallMs {
		anyOlder = anyOlder || l.timing.Counts(0, j)[interleave.Older] > 0
	}
	valueW := 8
	if anyOlder {
		valueW = 16
	}
	var bars []widget.HBar
	var values []string
	for j, ms := range cfg.StallMs {
		empty, older := l.timing.Chance(0, j, interleave.Empty), l.timing.Chance(0, j, interleave.Older)
		bars = append(bars, widget.HBar{Label: fmt.Sprintf("%.10g ms", ms), Mark: exactShare, Parts: []widget.HBarPart{
			{Value: empty, Rune: '█', Style: st.Bad}, {Value: older, Rune: '▒', Style: st.Warn}}})
		v := fmt.Sprintf("%7.2f%%", 100*empty)
		if anyOlder {
			v += fmt.Sprintf(" %6.2f%%", 100*older)
		}
		values = append(values, v)
	}
	hb := widget.HBars{Bars: bars, Max: 1, MarkRune: '│', MarkStyle: st.Accent, LabelW: len(fmt.Sprintf("%.10g ms", cfg.StallMs[len(cfg.StallMs)-1])) + 1}
	bw := max(12, w-valueW-1)
	// the value columns are named over themselves: two bare percentages
	// side by side do not say which is the empty record's
	head := fmt.Sprintf("%-*s %8s", bw, "stall", "empty")
	if anyOlder {
		head += fmt.Sprintf(" %7s", "older")
	}
	lines = append(lines, st.Muted.Render(head))
	rows := strings.Split(hb.Render(st, bw), "\n")
	for i, r := range rows {
		if i < len(values) {
			r += " " + st.Text.Render(values[i])
		}
		lines = append(lines, r)
	}
	lines = append(lines, hb.Axis(st, bw, func(v float64) string { return fmt.Sprintf("%.0f%%", 100*v) }))
	legend := fmt.Sprintf("█ empty  ▒ older plan  │ every schedule counted alike: %s (%s) end empty", pct(c[interleave.Empty], c.Total()),
		Fraction(c[interleave.Empty], c.Total()))
	for _, s := range widget.Wrap(legend, w) {
		lines = append(lines, st.Muted.Render(s))
	}
	if cmp := l.compareLines(w, st); len(lines)+1+len(cmp) <= f.H {
		lines = append(append(lines, ""), cmp...)
	}
	reading := fmt.Sprintf("Every order of the steps can happen, but in time the bad ones need the fast Enactor's plan to arrive while the slow one is between its check and its last write: rare when steps take %.10g ms and plans come every %.10g ms, likely once a stall is as long as that gap.",
		cfg.StepMs, cfg.PlanGapMs)
	if more := widget.Wrap(reading, w); len(lines)+1+len(more) <= f.H {
		lines = append(lines, "")
		for _, s := range more {
			lines = append(lines, st.Text.Render(s))
		}
	}
	if widget.Width(lines[0]) > w {
		lines[0] = ""
	}
	return widget.FitLines(lines, w, f.H)
}

// compareLines are every fix set's chance of an empty record on the same
// runs, at as many of the stall lengths as fit the width.
func (l *TimingLab) compareLines(w int, st *widget.Styles) []string {
	cfg := l.timing.Config()
	nameW := len("fixes")
	for _, r := range cfg.Races {
		nameW = max(nameW, len(interleave.FixWords(r.Fixes)))
	}
	const colW = 9
	cols := max(1, min(len(cfg.StallMs), (w-nameW)/colW))
	var pick []int // stall lengths spread over the range, the first and last always
	for i := range cols {
		if cols == 1 {
			pick = append(pick, len(cfg.StallMs)-1)
			break
		}
		pick = append(pick, i*(len(cfg.StallMs)-1)/(cols-1))
	}
	pick = slices.Compact(pick)
	head := fmt.Sprintf("%-*s", nameW, "stall")
	for _, j := range pick {
		head += fmt.Sprintf("%*s", colW, fmt.Sprintf("%.10g ms", cfg.StallMs[j]))
	}
	out := []string{st.Title.Render(widget.FirstFit(w, "every fix set on the same runs: the chance the record ends empty", "empty, every fix set, the same runs")), st.Muted.Render(head)}
	for i, r := range cfg.Races {
		line := fmt.Sprintf("%-*s", nameW, interleave.FixWords(r.Fixes))
		for _, j := range pick {
			line += fmt.Sprintf("%*s", colW, fmt.Sprintf("%.2f%%", 100*l.timing.Chance(i, j, interleave.Empty)))
		}
		style := st.Text
		if i == 0 {
			style = st.Accent
		}
		out = append(out, style.Render(line))
	}
	return out
}

// Headline is, for the fix set run, the share of runs so far ending empty
// at the shortest stall and the longest, and the share of schedules that
// do (interleave.TimingFigures).
func (l *TimingLab) Headline() []widget.Figure {
	cfg := l.timing.Config()
	last := len(cfg.StallMs) - 1
	return interleave.TimingFigures(l.race.Fixes, cfg.StallMs, l.timing.Chance(0, 0, interleave.Empty), l.timing.Chance(0, last, interleave.Empty), l.exact.Counts)
}

// glossary is the lab's words, the night's timeline, and the timing's.
func (l *TimingLab) glossary() [][2]string {
	return append(append([][2]string{}, glossary...),
		[2]string{"stall", "a pause of the slow Enactor before one of its steps (a busy host, a long GC, a retry): with chance c before each step, of the length on the bar's row"},
		[2]string{"every schedule counted alike", "the exact share of interleavings that end empty (the explorer's count): timing weighs them by how likely they are instead"})
}

// Info is the lab as the shell's header, help and status bar read it.
func (l *TimingLab) Info() lab.Info {
	i := lab.Info{Glossary: l.glossary(), Stops: l.stopsAt(), Pace: l.pace, Steps: l.steps(), Exact: true}
	if t, ok := l.title(); ok {
		i.Title = t
	}
	return i
}

// KeyMap is the lab's keys for the help bar and the full help.
func (l *TimingLab) KeyMap() help.KeyMap { return timingKeys }

// Current is the timing lab's spec as its keys have left it, for the ":"
// line.
func (l *TimingLab) Current() engine.Spec { return l.spec }
