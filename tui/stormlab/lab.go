// Package stormlab is the retry-storm lab of section 26.3.2: a thousand
// clients fail together and retry; the histogram of their retries fills
// millisecond by millisecond, for the jitter mode chosen, switchable live.
package stormlab

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/loadlab/loadlab/sim/engine"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/cascade"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// Lab shows no jitter's storm above one other jitter mode's, on the
// storms' clock: switching keeps the time and the scale.
type Lab struct {
	// keys are the bindings the lab matches keys against (DefaultKeyMap).
	keys KeyMap
	lab.Seeds
	lab.Sizing
	spec  cascade.StormSpec
	clock *cascade.StormClock
	// ran is the spec the clock's storms are of: a restart on it rewinds
	// the clock instead of working them out again (the occ model's take
	// half a second).
	ran cascade.StormSpec
	// storms are the clock's, shown the one j chose.
	storms []cascade.Storm
	shown  int
	deck   lab.Deck
	// linear draws the heights on a linear scale, where full jitter's 26
	// stands 2.6 % as tall as the herd's 1,000; the log scale (the
	// default) shows both, but shrinks their ratio.
	linear bool
}

// New opens the lab on a retry-storm spec.
func New(s scenarios.Spec) (lab.Lab, error) {
	spec, err := lab.SpecOf[cascade.StormSpec](s)
	if err != nil {
		return nil, err
	}
	l := &Lab{keys: DefaultKeyMap(), spec: spec}
	l.Seeds = lab.NewSeeds(&l.spec.Seed, l.Restart)
	return l, l.Restart()
}

// Restart computes the storms again and rewinds to t = 0.
func (l *Lab) Restart() error {
	if l.clock != nil && l.ran == l.spec { // the same storms: worked out once, replayed from t = 0
		l.clock.Rewind()
		return nil
	}
	spec := l.spec
	storms, err := lab.Remembered(fmt.Sprintf("%+v", spec), func() (cascade.Storms, error) { return spec.Run(context.Background(), nil) })
	if err != nil {
		return err
	}
	c := cascade.ClockOver(storms)
	l.clock, l.storms, l.ran = c, c.Storms, l.spec
	l.shown = min(max(l.shown, 1), len(l.storms)-1)
	return nil
}

// stopsAt says which steps are moments.
func (l *Lab) stopsAt() string { return "each wave of retries" }

// NewMoment reports the waves of the storms on screen that the latest
// step revealed, each named by its jitter.
func (l *Lab) NewMoment() (string, bool) {
	var captions []string
	for _, i := range l.onScreen() {
		for _, w := range l.clock.Reached(i) {
			captions = append(captions, cascade.JitterName(l.storms[i].Jitter)+", "+w.Caption)
		}
	}
	return strings.Join(captions, lab.MomentBreak), len(captions) > 0
}

// onScreen is the storms drawn: the first (no jitter, in the lecture's
// list) and the one j chose.
func (l *Lab) onScreen() []int {
	if l.shown == 0 {
		return []int{0}
	}
	return []int{0, l.shown}
}

// pace says a speed in storm time.
func (l *Lab) pace(stepsPerSecond float64) string {
	return fmt.Sprintf("%.10gx real time", stepsPerSecond*cascade.StormStepMs/1000)
}

// Step reveals the next 10 ms.
func (l *Lab) Step() bool { return l.clock.Step() }

// steps is the 10 ms slices of the longest storm.
func (l *Lab) steps() int64 { return l.clock.Pos().Steps }

// Done reports whether every retry has been shown.
func (l *Lab) Done() bool { return l.clock.Done() }

// Status is the jitter and the time.
func (l *Lab) Status() []string {
	names := cascade.JitterName(l.storms[0].Jitter)
	if l.shown > 0 {
		names += " over " + cascade.JitterName(l.storms[l.shown].Jitter)
	}
	return []string{names, fmt.Sprintf("t %d / %d ms", min(l.clock.Now(), l.clock.Span()), l.clock.Span()), fmt.Sprintf("seed %d", l.spec.Seed)}
}

// KeyMap is the lab's own key: the next jitter mode.
type KeyMap struct {
	Jitter, Scale, Deadline, Budget key.Binding
	Retries, Base, Cap              lab.Lever
	// occ lists only the keys the occ model reads: no retry count,
	// deadline or budget.
	occ bool
}

// DefaultKeyMap is the lab's keys as it opens with them.
func DefaultKeyMap() KeyMap { return defaultKeys }

// defaultKeys are the lab's keys as it opens with them (DefaultKeyMap).
var defaultKeys = KeyMap{
	Jitter:   lab.Bind([]string{"j"}, "j", "next jitter mode"),
	Scale:    lab.Bind([]string{"l"}, "l", "log or linear height scale"),
	Deadline: lab.Bind([]string{"d"}, "d", "26.3.2's deadline: no retry after 1 s, on/off"),
	Budget:   lab.Bind([]string{"u"}, "u", "26.3.2's retry budget: 10 % of the first calls, on/off"),
	Retries:  lab.NewLever("k", "K", "one retry fewer", "one retry more", "retries"),
	Base:     lab.NewLever("a", "A", "backoff base /2", "backoff base x2", "base"),
	Cap:      lab.NewLever("p", "P", "backoff cap /2", "backoff cap x2", "cap"),
}

// The guards d and u put on: a deadline of 1 s, and a budget of one retry
// in ten first calls.
const deadlineMs, budget = 1000.0, 0.1

// help lists the lab's keys with the shell's.
func (k KeyMap) help() ([]key.Binding, [][]key.Binding) {
	c := lab.CommonKeys
	if k.occ {
		own := []key.Binding{k.Jitter, k.Scale}
		for _, l := range []lab.Lever{k.Base, k.Cap} {
			own = append(own, l.Full()...)
		}
		return []key.Binding{c.Play, c.Step, k.Jitter, k.Scale, k.Base.Short(), c.Help, c.Quit, c.Faster, c.Slower},
			[][]key.Binding{lab.PlayKeys(), own, lab.ShellKeys()}
	}
	own := []key.Binding{k.Jitter, k.Scale, k.Deadline, k.Budget}
	for _, l := range []lab.Lever{k.Retries, k.Base, k.Cap} {
		own = append(own, l.Full()...)
	}
	return []key.Binding{c.Play, c.Step, k.Jitter, k.Scale, k.Deadline, k.Budget, c.Help, c.Quit, c.Faster, c.Slower},
		[][]key.Binding{lab.PlayKeys(), own, lab.ShellKeys()}
}

// ShortHelp is the help bar's keys.
func (k KeyMap) ShortHelp() []key.Binding { short, _ := k.help(); return short }

// FullHelp is the full help's columns.
func (k KeyMap) FullHelp() [][]key.Binding { _, full := k.help(); return full }

// Key switches the jitter mode drawn under no jitter's, keeping the time.
func (l *Lab) Key(msg tea.KeyMsg) lab.Outcome {
	if key.Matches(msg, l.keys.Scale) {
		l.linear = !l.linear
		if l.linear {
			return lab.Outcome{Handled: true, Note: "linear scale: heights in proportion to the count (l: log)"}
		}
		return lab.Outcome{Handled: true, Note: "log scale: 60 % as tall can be 3 % as many (l: linear)"}
	}
	if out, ok := l.edit(msg); ok {
		return out
	}
	if !key.Matches(msg, l.keys.Jitter) {
		return lab.Outcome{}
	}
	if len(l.storms) < 2 {
		return lab.Outcome{Handled: true, Note: "this storm has one jitter mode"}
	}
	l.shown = l.shown%(len(l.storms)-1) + 1
	return lab.Taken() // the chart's title says which mode and what it did
}

// edit changes the storm's spec on the keys that do (the retries, the
// base, the cap, the deadline and the budget) and computes it again.
func (l *Lab) edit(msg tea.KeyMsg) (lab.Outcome, bool) {
	var change func(*cascade.StormSpec) string
	occ := l.spec.Model == "occ"
	switch {
	case occ && (key.Matches(msg, l.keys.Deadline) || key.Matches(msg, l.keys.Budget) || l.keys.Retries.Dir(msg) != 0):
		return lab.Outcome{Handled: true, Note: "the occ model's clients try until their write succeeds: no retry count, deadline or budget here (a, p: the backoff)"}, true
	case key.Matches(msg, l.keys.Deadline):
		change = func(s *cascade.StormSpec) string { s.DeadlineMs = deadlineMs - s.DeadlineMs; return "" }
	case key.Matches(msg, l.keys.Budget):
		change = func(s *cascade.StormSpec) string { s.Budget = budget - s.Budget; return "" }
	case l.keys.Retries.Dir(msg) != 0:
		dir := l.keys.Retries.Dir(msg)
		change = func(s *cascade.StormSpec) string { s.Retries = min(max(0, s.Retries+dir), 10); return "" }
	case l.keys.Base.Dir(msg) != 0:
		f := math.Pow(2, float64(l.keys.Base.Dir(msg)))
		least := 12.5 // the storm's: a base under it draws no storm worth seeing
		if occ {
			least = 1.25 // AWS's simulator starts at 5 ms
		}
		change = func(s *cascade.StormSpec) string { s.BaseMs = min(max(least, s.BaseMs*f), s.CapMs); return "" }
	case l.keys.Cap.Dir(msg) != 0:
		f := math.Pow(2, float64(l.keys.Cap.Dir(msg)))
		change = func(s *cascade.StormSpec) string { s.CapMs = min(max(s.BaseMs, s.CapMs*f), 16000); return "" }
	default:
		return lab.Outcome{}, false
	}
	return lab.Edit(&l.spec, change, cascade.StormSpec.Validate, l.Restart, func(s cascade.StormSpec) string {
		guards := ""
		if s.DeadlineMs > 0 {
			guards += fmt.Sprintf(", deadline %.10g ms", s.DeadlineMs)
		}
		if s.Budget > 0 {
			guards += fmt.Sprintf(", budget %.10g retries a first call", s.Budget)
		}
		if s.Model == "occ" {
			return fmt.Sprintf("base %.10g ms, cap %.10g ms: every mode's %d runs again", s.BaseMs, s.CapMs, s.Runs)
		}
		return fmt.Sprintf("%d retries, base %.10g ms, cap %.10g ms%s: the storms drawn again", s.Retries, s.BaseMs, s.CapMs, guards)
	}), true
}

// Render draws no jitter's retries over time up to now above the chosen
// jitter mode's, a column's height its busiest millisecond, on one log
// scale for every mode: the herd's 1,000 and full jitter's 26 side by side.
func (l *Lab) Render(f lab.Frame) string {
	st := f.St
	cols := max(8, f.W-8)
	span := l.span()
	per := (span + cols - 1) / cols
	top := 1
	for _, m := range l.storms {
		for c := 0; c*per < span; c++ {
			top = max(top, m.Busiest(c*per, (c+1)*per))
		}
	}
	scale := "log scale"
	if l.linear {
		scale = "linear scale"
	}
	guards, brief := "", ""
	if l.spec.DeadlineMs > 0 {
		guards += fmt.Sprintf("; none after the %.10g ms deadline", l.spec.DeadlineMs)
		brief += fmt.Sprintf("; deadline %.10g ms", l.spec.DeadlineMs)
	}
	if l.spec.Budget > 0 {
		guards += fmt.Sprintf("; a budget of %.10g retries a first call", l.spec.Budget)
		brief += fmt.Sprintf("; budget %.10g", l.spec.Budget)
	}
	head := []string{
		st.Title.Render(widget.FirstFit(f.W,
			fmt.Sprintf("%d clients fail at t = 0 and retry %d times; retry k waits min(%.10g ms x 2^(k-1), %.10g ms)%s", l.spec.Clients, l.spec.Retries, l.spec.BaseMs, l.spec.CapMs, guards),
			fmt.Sprintf("%d clients fail at t = 0; retry k waits min(%.10g x 2^(k-1), %.10g) ms%s", l.spec.Clients, l.spec.BaseMs, l.spec.CapMs, guards),
			fmt.Sprintf("retry k waits min(%.10g x 2^(k-1), %.10g) ms%s", l.spec.BaseMs, l.spec.CapMs, brief),
			fmt.Sprintf("%d clients fail at t = 0 and retry %d times; retry k waits min(%.10g ms x 2^(k-1), %.10g ms)", l.spec.Clients, l.spec.Retries, l.spec.BaseMs, l.spec.CapMs),
			fmt.Sprintf("%d clients fail at t = 0; retry k waits min(%.10g x 2^(k-1), %.10g) ms", l.spec.Clients, l.spec.BaseMs, l.spec.CapMs))),
		st.Muted.Render(widget.FirstFit(f.W,
			fmt.Sprintf("height: retries in the busiest ms of each %d ms column, %s (l); x: ms after the failure", per, scale),
			fmt.Sprintf("height: busiest ms of each %d ms column, %s (l); x: ms", per, scale),
			fmt.Sprintf("height: busiest ms a %d ms column, %s", per, scale))),
	}
	foot := st.Muted.Render(widget.FirstFit(f.W,
		fmt.Sprintf("%d layers each retrying %d times turn one failure at the bottom into (1+%d)^%d = %.0f calls", l.spec.Layers, l.spec.Retries, l.spec.Retries, l.spec.Layers, l.storms[0].Amplification),
		fmt.Sprintf("%d layers retrying %d times: one failure is (1+%d)^%d = %.0f calls", l.spec.Layers, l.spec.Retries, l.spec.Retries, l.spec.Layers, l.storms[0].Amplification)))
	if l.spec.Model == "occ" {
		head, foot = l.occHead(st, f.W, per, scale)
	}
	shown := l.onScreen()
	names := make([]string, len(shown))
	for k, i := range shown {
		names[k] = cascade.JitterName(l.storms[i].Jitter)
	}
	draw := func(_, c int, f lab.Frame) string {
		if c >= 0 {
			return strings.Join(l.storm(f.St, shown[c], f.W, f.H, span, per, top, c == 1), "\n")
		}
		var lines []string
		for k, i := range shown {
			h := f.H / len(shown)
			if k == len(shown)-1 {
				h = f.H - (len(shown)-1)*(f.H/len(shown))
			}
			lines = append(lines, l.storm(f.St, i, f.W, h, span, per, top, k == 1)...)
		}
		return strings.Join(lines, "\n")
	}
	feet := []string{foot}
	if f.H < twoChartsRows && l.spec.Model == "occ" { // the foot gives way so both charts fit
		feet = nil
	} else if f.H < twoChartsRows { // the scale and the amplification share a line, so both storms fit
		amp := fmt.Sprintf("(1+%d)^%d = %.0f calls a failure", l.spec.Retries, l.spec.Layers, l.storms[0].Amplification)
		head[1] = st.Muted.Render(widget.FirstFit(f.W,
			fmt.Sprintf("busiest ms of each %d ms column, %s (l) · %s", per, scale, amp),
			fmt.Sprintf("%d ms columns, %s (l) · %s", per, scale, amp), head[1]))
		feet = nil
	}
	body := l.deck.Render(lab.Frame{W: f.W, H: max(1, f.H-len(head)-len(feet)), St: st}, lab.Runs([]string{"the storms"}, names, draw)...)
	return widget.FitLines(append(append(head, strings.Split(body, "\n")...), feet...), f.W, f.H)
}

// twoChartsRows is the body's height from which both storms fit at the
// readable minimum under the heading, the scale's line and the foot.
const twoChartsRows = 19

// NextPanel shows the next jitter mode where the screen shows one at a
// time.
func (l *Lab) NextPanel() bool { return l.deck.Next() }

// span is the milliseconds the charts cover: to the last retry of the
// storms on screen, so that no jitter's 700 ms beside full jitter's fill
// the width rather than a quarter of decorrelated jitter's 3 s.
func (l *Lab) span() int {
	span := 1
	for _, i := range l.onScreen() {
		span = max(span, len(l.storms[i].Histogram))
	}
	return span
}

// storm is one jitter mode's chart under its title, h rows, over span ms;
// chosen says it is the one j changes.
func (l *Lab) storm(st *widget.Styles, i, w, h, span, per, top int, chosen bool) []string {
	s := l.storms[i]
	values := make([]float64, 0, w)
	labels := make([]string, 0, w)
	ticks := widget.NiceTicks(0, float64(span), max(2, (w-8)/7))
	for c := 0; c*per < span; c++ {
		values = append(values, float64(l.clock.Busiest(i, c*per, (c+1)*per)))
		label := "" // a round time labels the column it falls in
		for len(ticks) > 0 && ticks[0] < float64((c+1)*per) {
			label, ticks = fmt.Sprint(ticks[0]), ticks[1:]
		}
		labels = append(labels, label)
	}
	name := cascade.JitterName(s.Jitter)
	stopped := ""
	if n := s.PastDeadline + s.OverBudget; n > 0 {
		stopped = fmt.Sprintf(", %d not sent (deadline %d, budget %d)", n, s.PastDeadline, s.OverBudget)
	}
	forms := []string{
		fmt.Sprintf("%s: at most %d in one ms (at %d ms), %d retries sent%s", name, s.Peak, s.PeakMs, s.TotalRetries, stopped),
		fmt.Sprintf("%s: at most %d in one ms, %d sent%s", name, s.Peak, s.TotalRetries, stopped),
		fmt.Sprintf("%s: at most %d in one ms, at %d ms", name, s.Peak, s.PeakMs),
	}
	if s.Model == "occ" {
		writes, done := engine.Digits(int64(math.Round(s.Calls))), engine.Digits(int64(math.Round(s.TimeMs)))
		forms = []string{
			fmt.Sprintf("%s: %s writes a run, the last client done at %s ms (the mean of %d runs)", name, writes, done, s.Runs),
			fmt.Sprintf("%s: %s writes a run, last client done at %s ms (mean)", name, writes, done),
			fmt.Sprintf("%s: %s writes, %s ms", name, writes, done),
		}
	}
	if l.clock.Now() < len(s.Histogram) {
		forms = []string{fmt.Sprintf("%s, up to t = %d ms", name, l.clock.Now())}
	}
	if chosen {
		var withKey []string
		for _, f := range forms {
			withKey = append(withKey, f+" · j: "+l.nextName())
		}
		forms = append(withKey, forms...)
	}
	title := widget.FirstFit(w, append(forms, name)...)
	bars := widget.Bars{Labels: labels, Values: values, YMax: float64(top), Log: !l.linear, Style: st.SeriesStyle(i).UnsetBold()}
	out := []string{st.Text.Render(title)}
	return append(out, strings.Split(bars.Render(st, w, max(4, h-1)), "\n")...)
}

// nextName is the jitter mode j shows next.
func (l *Lab) nextName() string {
	return cascade.JitterName(l.storms[l.shown%(len(l.storms)-1)+1].Jitter)
}

// Info is the lab as the shell's header, help and status bar read it.
func (l *Lab) Info() lab.Info {
	i := lab.Info{Stops: l.stopsAt(), Pace: l.pace, Steps: l.steps()}
	return i
}

// KeyMap is the lab's keys for the help bar and the full help.
func (l *Lab) KeyMap() help.KeyMap {
	k := l.keys
	k.occ = l.spec.Model == "occ"
	return k
}

// Current is the lab's spec as its keys have left it, for the ":" line.
func (l *Lab) Current() engine.Spec { return l.spec }

// occHead is the occ model's lines above and under the charts: what its
// clients do and what the height counts.
func (l *Lab) occHead(st *widget.Styles, w, per int, scale string) ([]string, string) {
	head := []string{
		st.Title.Render(widget.FirstFit(w,
			fmt.Sprintf("%d clients each update one row once (optimistic concurrency); a failed write waits min(%.10g ms x 2^n, %.10g ms), its jitter mode's, and reads again", l.spec.Clients, l.spec.BaseMs, l.spec.CapMs),
			fmt.Sprintf("%d clients race to update one row; a failed write backs off min(%.10g x 2^n, %.10g) ms", l.spec.Clients, l.spec.BaseMs, l.spec.CapMs),
			fmt.Sprintf("a failed write backs off min(%.10g x 2^n, %.10g) ms", l.spec.BaseMs, l.spec.CapMs))),
		st.Muted.Render(widget.FirstFit(w,
			fmt.Sprintf("height: writes of all %d runs in the busiest ms of each %d ms column, %s (l); x: ms from the start", l.spec.Runs, per, scale),
			fmt.Sprintf("height: writes of %d runs, busiest ms of each %d ms column, %s (l)", l.spec.Runs, per, scale),
			fmt.Sprintf("height: busiest ms a %d ms column, %s", per, scale))),
	}
	foot := st.Muted.Render(widget.FirstFit(w,
		"AWS's backoff simulator: every message takes |normal(10 ms, 2 ms)|; a write with a stale version fails and its client tries again",
		"every message takes |normal(10, 2)| ms; a stale write fails and is tried again"))
	return head, foot
}
