package netmanagerlab

import (
	"fmt"
	"math"
	"strings"

	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/netmanager"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// scale is what the panels side by side share: the top of the wait chart
// (minutes) and of the held launches'.
type scale struct{ wait, held float64 }

// Render draws one run full width, or two side by side on shared scales,
// with the legend of the marks under them.
func (l *Lab) Render(f lab.Frame) string {
	sc := scale{wait: 2 * netmanager.SlowMin, held: 1000}
	for _, r := range l.Runs {
		t := r.Engine.Snapshot().Totals
		sc.wait, sc.held = max(sc.wait, t.PeakLag, t.PeakWait), max(sc.held, t.PeakHeld)
	}
	sc.wait, sc.held = math.Ceil(sc.wait*1.1/10)*10, math.Ceil(sc.held*1.1/1000)*1000 // room above the highest line, round tops
	foot := []string{f.St.Muted.Render(legend(f.W))}
	draw := func(r, c int, f lab.Frame) string {
		return strings.Join(panel(f.St, l.Runs[r], c, f.W, f.H, sc), "\n")
	}
	body := l.deck.Render(lab.Frame{W: f.W, H: f.H - len(foot), St: f.St}, lab.Runs(l.Names(), chartNames, draw)...)
	return strings.Join(append([]string{body}, foot...), "\n")
}

// chartNames name a run's charts, for the line over one shown alone.
var chartNames = []string{"a new instance's wait for its network", "launches held back"}

// NextPanel shows the next run or chart where the screen shows one at a
// time.
func (l *Lab) NextPanel() bool { return l.deck.Next() }

// hours is minute m of the morning on the charts' x axis: hours of the
// clock.
func hours(m float64) float64 { return (netmanager.StartClock + m) / 60 }

// clockLabel writes an axis hour as a time of day: "6 AM".
func clockLabel(v float64) string {
	return strings.Replace(engine.Clock(int(math.Round(v*60))), ":00", "", 1)
}

// panel draws one run: its set, a new instance's wait (and, where new
// instances go first, how far behind the Network Manager is) against the
// half hour that slows instances, the launches held back, the run's
// phase marks and the counters; only chart only of chartNames where
// only >= 0.
func panel(st *widget.Styles, r run, only int, w, h int, sc scale) []string {
	snap := r.Engine.Snapshot()
	c := r.Cfg
	s := snap.Series
	x0, x1 := hours(0), hours(float64(c.DurationMin))
	now := hours(float64(snap.Minute))
	at := func(v engine.SeriesView) func(float64) float64 {
		return func(x float64) float64 { return v.StepAt(x*60 - netmanager.StartClock) }
	}
	step := 1.0 // an hour a number where they fit, else every two
	if w < 60 {
		step = 2
	}
	count := func(v float64) string { return fmt.Sprintf("%.10g", v) }
	lines := []widget.Line{{Name: "slow", Style: st.Muted, Value: func(float64) float64 { return netmanager.SlowMin }}}
	if c.Priority {
		lines = append(lines, widget.Line{Name: "behind", Style: st.Warn, Bounded: true, End: now, Value: at(s.Lag)})
	}
	lines = append(lines, widget.Line{Name: "wait", Style: st.Bad, Bounded: true, End: now, Value: at(s.Wait)})
	wait := widget.TimeSeries{XMin: x0, XMax: x1, YMin: 0, YMax: sc.wait, XLabel: clockLabel, XStep: step, YLabel: count, Lines: lines}.With(widget.NoXNumbers)
	held := widget.TimeSeries{XMin: x0, XMax: x1, YMin: 0, YMax: sc.held, XLabel: clockLabel, XStep: step, YLabel: engine.Compact,
		Lines: []widget.Line{{Name: "held", Style: st.SeriesStyle(0), Bounded: true, End: now, Value: at(s.Held)}}}
	charts := []*widget.TimeSeries{&wait, &held}
	yw := 0
	for _, ts := range charts {
		ts.NamesWidth = len("behind") + 1
		left, _ := ts.Area(w)
		yw = max(yw, left-1)
	}
	for _, ts := range charts {
		ts.YLabelWidth = yw
	}
	left, width := held.Area(w)

	words := widget.FirstFit(w, netmanager.SetWords(c.Protections), netmanager.SetName(c.Protections))
	head := st.Title.Render(words)
	if how := widget.FirstFit(max(0, w-widget.Width(words)-2), brief(c), briefShort(c), ""); how != "" {
		head += st.Muted.Render(": " + how)
	}
	counterRows := 1
	if h >= 24 {
		counterRows = 2
	}
	waitChart := widget.Stacked{Share: 3,
		Titles: []string{"minutes a new instance waits for its network (over 30 min slows EC2's instances)", "minutes a new instance waits for its network", "wait for network, min"},
		Draw:   func(w, h int, alone bool) string { return drawn(wait, alone).Render(st, w, h) }}
	heldChart := widget.Stacked{Share: 2,
		Titles: []string{"launches the throttle holds back (customers' \"request limit exceeded\")", "launches held back", "held"},
		Draw:   func(w, h int, _ bool) string { return held.Render(st, w, h) }}
	out := []string{widget.Truncate(head, w)}
	out = append(out, widget.Stack(st, w, max(7, h-(1+1+counterRows)), only, waitChart, heldChart)...)
	out = append(out, marks(st, r, x0, x1, now, left, width))
	return append(out, widget.Counters(st, w, counterRows, counters(snap)...)...)
}

// brief says how a run relaxes the throttle.
func brief(c netmanager.Config) string {
	how := fmt.Sprintf("from %s up %s/min every %d min while the wait is at most %s", netmanager.Clock(c.RelaxAtMin), engine.Compact(c.StepUp), c.StepMin, netmanager.Minutes(c.NormalMin))
	if c.AtOnce {
		how = "every held launch let through at " + netmanager.Clock(c.RelaxAtMin)
	}
	if c.Priority {
		how += "; a new instance's update before the flood's"
	}
	return how
}

// briefShort is brief in fewer words.
func briefShort(c netmanager.Config) string {
	how := fmt.Sprintf("+%s/min every %d min", engine.Compact(c.StepUp), c.StepMin)
	if c.AtOnce {
		how = "all at " + netmanager.Clock(c.RelaxAtMin)
	}
	return how
}

// marks puts the run's phases under the charts' x axis as they come.
func marks(st *widget.Styles, r run, x0, x1, now float64, left, width int) string {
	var phases []widget.Incident
	for _, p := range r.Engine.Phases() {
		phases = append(phases, widget.Incident{At: hours(float64(p.AtMin)), What: p.What, Phase: widget.Phase(p.Phase)})
	}
	return widget.PhaseMarks(st, left, width, x0, x1, phases, now)
}

// legend says what the marks mean, in the longest form that fits.
func legend(w int) string {
	return widget.FirstFit(w,
		widget.PhaseLegend+" · the lecture: behind at 6:21 AM, normal at 10:36 AM, throttle relaxed from 11:23 AM, EC2 back at 1:50 PM",
		widget.PhaseLegend+" · lecture: 6:21, 10:36, 11:23 AM, 1:50 PM",
		widget.PhaseLegend, "T trigger · S kept it going · R recovery")
}

// counters are the run's figures now, most telling first.
func counters(s netmanager.Snapshot) []widget.Counter {
	return []widget.Counter{
		{Name: "wait", Value: netmanager.Minutes(s.Wait)},
		{Name: "behind", Value: netmanager.Minutes(s.Lag)},
		{Name: "updates waiting", Value: engine.Digits(int64(math.Round(s.Waiting)))},
		{Name: "let through", Value: fmt.Sprintf("%.0f/min", s.Admitted)},
		{Name: "held", Value: engine.Digits(int64(math.Round(s.Held)))},
		{Name: "propagated", Value: engine.Digits(int64(math.Round(s.Totals.Updates)))},
	}
}

// drawn is a chart stacked over another as it is drawn: alone, it numbers
// its own x axis.
func drawn(ts widget.TimeSeries, alone bool) widget.TimeSeries {
	if alone {
		return ts.Without(widget.NoXNumbers)
	}
	return ts
}
