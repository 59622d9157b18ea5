package configstormlab

import (
	"fmt"
	"math"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/sim/configstorm"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// scale is what the panels side by side share: the top of the load
// chart (queries a second, on its log scale).
type scale struct{ load float64 }

// besideW is the narrowest screen that takes the timeline beside the
// runs; narrower, a few of its lines go above them.
const besideW = 140

// Render draws the lecture's timeline beside (or above) one run full
// width, or two side by side on a shared scale, with the marks' legend
// under them.
func (l *Lab) Render(f lab.Frame) string {
	now := l.minute()
	events := incidents(l.Runs[0].Cfg.Timeline())
	foot := []string{f.St.Muted.Render(legend(f.W))}
	h := f.H - len(foot)
	sc := scale{load: l.Runs[0].Cfg.Capacity}
	for _, r := range l.Runs {
		sc.load = max(sc.load, r.Engine.Snapshot().PeakLoad)
	}
	sc.load = math.Pow(10, math.Ceil(math.Log10(1.5*sc.load))) // a power of ten: the log scale's top tick
	draw := func(r, c int, f lab.Frame) string { return strings.Join(panel(f.St, l.Runs[r], c, f.W, f.H, sc), "\n") }
	runs := func(w, h int) string {
		return l.deck.Render(lab.Frame{W: w, H: h, St: f.St}, lab.Runs(l.Names(), chartNames, draw)...)
	}
	var body string
	if f.W >= besideW {
		tw := min(48, max(34, f.W/4))
		head := f.St.Title.Render(widget.FirstFit(tw, "The lecture's timeline, 2010-09-23", "The lecture's timeline"))
		sub := f.St.Muted.Render(widget.FirstFit(tw, "h:mm after the bad value (the model's times)", "h:mm after the bad value"))
		side := append([]string{head, sub}, widget.TimelineWrapped(f.St, tw, h-2, events, now)...)
		body = lipgloss.JoinHorizontal(lipgloss.Top, lipgloss.NewStyle().Width(tw+2).Render(widget.FitLines(side, tw, h)), runs(f.W-tw-2, h))
	} else {
		n := 2 // the latest event and its neighbour
		switch {
		case h >= 30:
			n = 4
		case f.Captioned: // the moment's sentence under the runs tells the event
			n = 0
		}
		top := widget.Timeline(f.St, f.W, n, events, now)
		body = strings.Join(append(top, runs(f.W, h-len(top))), "\n")
	}
	return strings.Join(append([]string{body}, foot...), "\n")
}

// chartNames name a run's charts, for the line over one shown alone.
var chartNames = []string{"the database's queries a second", "reads served, hit ratio, users in"}

// NextPanel shows the next run or chart where the screen shows one at a
// time.
func (l *Lab) NextPanel() bool { return l.deck.Next() }

// Chronicle is the lecture's timeline for the shell's i: its order and
// its 2.5 hours, on the model's clock (minutes after the bad value).
func chronicle(first run) (string, []widget.Incident, float64) {
	return "The lecture's timeline, 2010-09-23: its order and its 2.5 hours; the times are the model's, h:mm after the bad value",
		incidents(first.Cfg.Timeline()), minuteOf(first)
}

// minute is where the runs are, in minutes after the bad value.
func (l *Lab) minute() float64 { return minuteOf(l.Runs[0]) }

// minuteOf is where a run is, in minutes after the bad value.
func minuteOf(r run) float64 {
	return float64(r.Engine.Pos().Step)/60 - configstorm.LeadMin
}

// incidents are timeline events as the casebook's widgets take them.
func incidents(evs []configstorm.Event) []widget.Incident {
	out := make([]widget.Incident, len(evs))
	for i, e := range evs {
		out[i] = widget.Incident{At: e.AtMin, Clock: e.Clock(), What: e.What, Phase: widget.Phase(e.Phase)}
	}
	return out
}

// legend says what the marks and the axis mean, in the longest form that
// fits.
func legend(w int) string {
	return widget.FirstFit(w,
		widget.PhaseLegend+" · x: h:mm after the bad value · i the whole timeline",
		widget.PhaseLegend+" · x: h:mm after the bad value",
		"T trigger · S kept it going · R recovery · x: h:mm after it",
		"T trigger · S kept it going · R recovery")
}

// xLabel writes an axis minute as h:mm after the bad value.
func xLabel(v float64) string { return configstorm.Elapsed(int(math.Round(v))) }

// panel draws one run: its protections, the database's load against its
// capacity (log scale), the reads served, the hit ratio and the users let
// in, each chart with the run's phase marks under it, and the counters;
// only chart only of chartNames where only >= 0.
func panel(st *widget.Styles, r run, only int, w, h int, sc scale) []string {
	snap := r.Engine.Snapshot()
	c := r.Cfg
	s := snap.Series
	x0, x1 := float64(-configstorm.LeadMin), float64(c.RunMin)
	now := float64(snap.Second)/60 - configstorm.LeadMin
	at := func(v engine.SeriesView) func(float64) float64 { return v.StepAt }
	step := 60.0
	if w >= 100 {
		step = 30
	}
	load := widget.TimeSeries{XMin: x0, XMax: x1, YMin: 0, YMax: sc.load, XLabel: xLabel, XStep: step, YLabel: engine.Compact,
		Lines: []widget.Line{
			{Name: "capacity " + engine.Compact(c.Capacity), Style: st.Muted, Value: func(float64) float64 { return c.Capacity }}, // its value: a log axis' few numbers cannot place it
			{Name: "load", Style: st.Bad, Bounded: true, End: now, Value: at(s.Load), Peak: s.Load.MaxIn},                         // a minute over capacity keeps its height
		}}.With(widget.NoXNumbers, widget.LogY)
	reads := widget.TimeSeries{XMin: x0, XMax: x1, YMin: 0, YMax: 1.05, XLabel: xLabel, XStep: step,
		YLabel: func(v float64) string { return fmt.Sprintf("%.0f%%", 100*v) },
		Lines: []widget.Line{
			{Name: "users in", Style: st.Muted, Bounded: true, End: now, Value: at(s.Traffic)},
			{Name: "hit ratio", Style: st.SeriesStyle(1), Bounded: true, End: now, Value: at(s.HitRatio)},
			{Name: "served", Style: st.OK, Bounded: true, End: now, Value: at(s.Success)},
		}}
	// one names column and one y-label column, so the charts share an x
	// scale; a name moved off its line's row points at it
	names := max(len("hit ratio ")+1, len("capacity ")+len(engine.Compact(c.Capacity))+2)
	load.NamesWidth, reads.NamesWidth = names, names
	yw := 0
	for _, sw := range r.Engine.Switched() { // in minutes after the bad value, as the x axis
		load.Switches = append(load.Switches, sw.At/60-configstorm.LeadMin)
	}
	reads.Switches = load.Switches
	for _, ts := range []widget.TimeSeries{load, reads} {
		left, _ := ts.Area(w)
		yw = max(yw, left-1)
	}
	load.YLabelWidth, reads.YLabelWidth = yw, yw
	left, width := reads.Area(w)
	// the trigger last, so that it is the mark kept where others fall in
	// its column
	var phases, trigger []widget.Incident
	for _, p := range r.Engine.Phases() {
		in := widget.Incident{At: p.AtMin, What: p.What, Phase: widget.Phase(p.Phase)}
		if p.Phase == configstorm.Trigger {
			trigger = append(trigger, in)
			continue
		}
		phases = append(phases, in)
	}
	phases = append(phases, trigger...)
	marks := widget.PhaseMarks(st, left, width, x0, x1, phases, now)

	words := configstorm.SetWords(c.Protections)
	head := st.Title.Render(words)
	if b := brief(c, w-widget.Width(words)-3); b != "" {
		head += st.Muted.Render(": " + b)
	}
	counterRows := 1
	if h >= 24 {
		counterRows = 2
	}
	loadTitle := st.Muted.Render(widget.FirstFit(w, "the database: queries a second against what it answers (log scale)", "queries a second against capacity (log)", "queries/s (log)"))
	readsTitle := st.Muted.Render(widget.FirstFit(w, "the site's reads served, the cache's hit ratio, the users let in", "reads served, hit ratio, users in", "served, hits, users"))
	lines := []string{widget.Truncate(head, w)}
	if only >= 0 {
		chart, title := load.Without(widget.NoXNumbers), loadTitle
		if only == 1 {
			chart, title = reads, readsTitle
		}
		lines = append(lines, title)
		lines = append(lines, strings.Split(chart.Render(st, w, max(4, h-(1+1+1+counterRows))), "\n")...)
		lines = append(lines, marks)
		return append(lines, widget.Counters(st, w, counterRows, counters(snap, c)...)...)
	}
	titled := h >= 20            // on a small screen the charts' y labels and line names say enough
	fixed := 1 + 2 + counterRows // head, the charts' marks, the counters
	if titled {
		fixed += 2
	}
	chartsH := max(7, h-fixed)
	loadH := max(3, chartsH*3/5) // the log scale needs the rows more than the shares do
	readsH := max(4, chartsH-loadH)
	if titled {
		lines = append(lines, loadTitle)
	}
	lines = append(lines, strings.Split(load.Render(st, w, loadH), "\n")...)
	lines = append(lines, marks)
	if titled {
		lines = append(lines, readsTitle)
	}
	lines = append(lines, strings.Split(reads.Render(st, w, readsH), "\n")...)
	lines = append(lines, marks)
	lines = append(lines, widget.Counters(st, w, counterRows, counters(snap, c)...)...)
	return lines
}

// brief says a run's protections in at most w cells.
func brief(c configstorm.Config, w int) string {
	var long, short []string
	if c.Cut {
		back := fmt.Sprintf("back over %d min", c.RampMin)
		if c.RampMin == 0 {
			back = "back at once"
		}
		long = append(long, fmt.Sprintf("off at %s if still down, for %d min, %s", configstorm.Elapsed(c.CutAtMin), c.OffMin, back))
		short = append(short, "off at "+configstorm.Elapsed(c.CutAtMin)+" if down")
	}
	if c.Backoff {
		long = append(long, fmt.Sprintf("waits %d s doubling to %d s", c.BackoffBaseS, c.BackoffMaxS))
		short = append(short, "waits double")
	}
	if c.KeepOnError {
		long = append(long, "an error leaves the entry")
		short = append(short, "entries kept")
	}
	if len(long) == 0 {
		long = []string{fmt.Sprintf("an error deletes the entry, %d tries at once", c.Attempts)}
		short = []string{"errors delete"}
	}
	return widget.FirstFit(w, strings.Join(long, ", "), strings.Join(short, ", "), "")
}

// counters are the run's latest minute, as the charts and the report's
// rows give it (a second's figures jump about as clients back off), most
// telling first; before the first minute, dashes.
func counters(s configstorm.Snapshot, c configstorm.Config) []widget.Counter {
	v := s.Series
	last := func(sv engine.SeriesView, f func(float64) string) string {
		if p, ok := sv.Last(); ok {
			return f(p.Y)
		}
		return "–"
	}
	rate := func(y float64) string { return textfmt.Int(int(math.Round(y))) + "/s" }
	share := func(y float64) string { return fmt.Sprintf("%.1f%%", 100*y) }
	cs := []widget.Counter{
		{Name: "now: queries", Value: last(v.Load, rate)},
		{Name: "served", Value: last(v.Success, share)},
		{Name: "hit ratio", Value: last(v.HitRatio, share)},
		{Name: "users in", Value: last(v.Traffic, func(y float64) string { return fmt.Sprintf("%.0f%%", 100*y) })},
	}
	if c.Backoff {
		cs = append(cs, widget.Counter{Name: "backing off", Value: last(v.Backing, func(y float64) string { return fmt.Sprintf("%.0f%%", 100*y) })})
	}
	return append(cs, widget.Counter{Name: "retries", Value: last(v.Retries, rate)},
		widget.Counter{Name: "capacity", Value: textfmt.Int(int(c.Capacity)) + "/s"})
}
