package remirrorlab

import (
	"fmt"
	"math"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/remirror"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// scale is what the panels side by side share: the x window (minutes of
// the run) and the top of each chart.
type scale struct {
	x0, x1                     float64
	stuck, load, searches, api float64
	events                     []widget.Incident
	// marks are the events in the order their marks overwrite: R, S, T
	marks []widget.Incident
	now   float64
}

// incidents is the lecture's timeline on the charts' x axis (minutes).
func incidents() []widget.Incident {
	var out []widget.Incident
	for _, e := range remirror.Timeline() {
		out = append(out, widget.Incident{At: float64(e.Minute), Clock: e.Clock, What: e.What, Phase: widget.Phase(e.Phase[0])})
	}
	return out
}

// markOrder is the events for the charts' marks: where two fall in one
// column (the night, on three days' axis), the later overwrites, so the
// trigger goes last, then what kept it going; an event at the axis' end
// is marked in its last column.
func markOrder(events []widget.Incident, x1 float64) []widget.Incident {
	var out []widget.Incident
	for _, p := range []widget.Phase{widget.Recover, widget.Sustain, widget.Trigger} {
		for _, e := range events {
			if e.Phase == p {
				e.At = min(e.At, x1-0.5)
				out = append(out, e)
			}
		}
	}
	return out
}

// window is the x axis: the night while the run is in it (or z holds
// it), else the whole run.
func (l *Lab) window(now int) (float64, float64) {
	end := float64(l.Runs[0].Cfg.Minutes())
	if l.zoom == zoomNight || l.zoom == zoomAuto && now <= nightEnd {
		return 0, min(end, nightEnd)
	}
	return 0, end
}

// Render draws the lecture's timeline beside the runs where there is room
// (above them where not), one run full width or two side by side on
// shared scales, and the phases' legend under them.
func (l *Lab) Render(f lab.Frame) string {
	now := l.minute()
	sc := scale{events: incidents(), now: float64(now), stuck: 100 * remirror.LectureStuck, load: 100}
	sc.x0, sc.x1 = l.window(now)
	sc.marks = markOrder(sc.events, sc.x1)
	for _, r := range l.Runs {
		s := r.Engine.Snapshot()
		sc.stuck = max(sc.stuck, 100*s.PeakStuck, 100*s.Totals.PeakCustomersDown)
		sc.load = max(sc.load, 100*s.Totals.PeakLoad)
		sc.searches = max(sc.searches, r.Cfg.Capacity, r.Cfg.RaceRate, float64(s.Totals.PeakSearches))
		sc.api = max(sc.api, 100*s.Totals.PeakUnshielded)
	}
	sc.api = max(10, roundUp(1.1*sc.api, 10))
	sc.stuck = roundUp(1.1*sc.stuck, 5)
	sc.load = roundUp(1.1*sc.load, 50)
	sc.searches = nice(1.5 * sc.searches)
	foot := []string{f.St.Muted.Render(l.legend(f.W))}
	if line := l.seedLine(f.W); line != "" && (l.Done() || f.H >= 30) {
		foot = append(foot, f.St.Muted.Render(line))
	}
	draw := func(r, c int, f lab.Frame) string {
		return strings.Join(l.panel(f.St, l.Runs[r], c, f.W, f.H, sc), "\n")
	}
	charts := []string{"volumes stuck", lowerNames[l.lower]}
	runs := func(w, h int) string {
		return l.deck.Render(lab.Frame{W: w, H: h, St: f.St}, lab.Runs(l.Names(), charts, draw)...)
	}
	if f.W >= 150 { // the timeline in a column on the right, two runs beside it still readable
		tw := min(52, max(36, f.W/3))
		rw := f.W - tw - 1
		runs := runs(rw, f.H-len(foot))
		tl := append([]string{f.St.Title.Render("The lecture's timeline")}, widget.TimelineWrapped(f.St, tw, f.H-len(foot)-1, sc.events, sc.now)...)
		left := lipgloss.NewStyle().Width(rw + 1).Render(widget.FitLines(strings.Split(runs, "\n"), rw, f.H-len(foot)))
		body := lipgloss.JoinHorizontal(lipgloss.Top, left, widget.FitLines(tl, tw, f.H-len(foot)))
		return strings.Join(append([]string{body}, foot...), "\n")
	}
	strip := 1
	switch {
	case f.H >= 40:
		strip = len(sc.events)
	case f.Captioned: // the moment's sentence under the runs tells the event
		strip = 0
	case f.H >= 18:
		strip = 2
	}
	tl := widget.Timeline(f.St, f.W, strip, sc.events, sc.now)
	if strip == 1 && sc.now < sc.events[0].At { // one line: say what it is
		tl = []string{f.St.Muted.Render(widget.FirstFit(f.W, "The lecture's timeline starts at 12:47 AM: "+sc.events[0].What,
			"The lecture's timeline starts at 12:47 AM (i shows it whole)", "The timeline starts at 12:47 AM (i)"))}
	}
	body := runs(f.W, max(1, f.H-len(foot)-len(tl)))
	return strings.Join(append(append(tl, body), foot...), "\n")
}

// lowerNames name the charts under the stuck volumes', in v's order, for
// the line over one shown alone.
var lowerNames = []string{"capacity in use", "searches a minute", "API calls failing"}

// NextPanel shows the next run or chart where the screen shows one at a
// time.
func (l *Lab) NextPanel() bool { return l.deck.Next() }

// panel draws one run: its protections, the stuck volumes, capacity in
// use, the searches a minute and the region's API errors (as many as fit,
// from the one v picks),
// each with the timeline's phases marked under it, and its counters; only
// the stuck volumes (only 0) or the first chart under them (1) where only
// >= 0.
func (l *Lab) panel(st *widget.Styles, r run, only int, w, h int, sc scale) []string {
	snap := r.Engine.Snapshot()
	c := r.Cfg
	s := snap.Series
	now := sc.now
	at := func(v engine.SeriesView, k float64) func(float64) float64 {
		return func(x float64) float64 { return k * v.StepAt(x) }
	}
	// a run's line: on the three days' axis a dot stands for hours, and a
	// wave gone in minutes must keep its height
	series := func(name string, style lipgloss.Style, v engine.SeriesView, k float64) widget.Line {
		return widget.Line{Name: name, Style: style, Bounded: true, End: now, Value: at(v, k),
			Peak: func(x0, x1 float64) float64 { return k * v.MaxIn(x0, x1) }}
	}
	flat := func(y float64) func(float64) float64 { return func(float64) float64 { return y } }
	night := sc.x1-sc.x0 <= nightEnd
	label := func(v float64) string {
		m := int(v + 0.5)
		switch {
		case !night && m%1440 == 0:
			return remirror.Date(m)
		case !night && m%1440 == 720: // beside a date, "12 PM" would read as that date's noon
			return "noon"
		}
		return strings.Replace(engine.Clock(m), ":00", "", 1)
	}
	var switches []float64
	for _, sw := range r.Engine.Switched() {
		switches = append(switches, sw.At)
	}
	base := func(ymax float64, y func(float64) string) widget.TimeSeries {
		return widget.TimeSeries{XMin: sc.x0, XMax: sc.x1, YMin: 0, YMax: ymax, XLabel: label, YLabel: y, Switches: switches}.With(widget.NoXNumbers)
	}
	pctLabel := func(v float64) string { return fmt.Sprintf("%.4g%%", v) } // no float noise in a tick
	stuck := base(sc.stuck, pctLabel)
	stuck.Lines = []widget.Line{
		{Name: "lecture 13%", Style: st.Muted, Value: flat(100 * remirror.LectureStuck)},
		series("stuck", st.Bad, s.Stuck, 100),
	}
	if c.Spread {
		stuck.Lines = append(stuck.Lines, series("down", st.OK, s.CustomersDown, 100))
	}
	capacity := base(sc.load, pctLabel)
	capacity.Lines = []widget.Line{
		{Name: "full", Style: st.Muted, Value: flat(100)},
		series("control", st.Warn, s.Control, 100),
		series("searches", st.Bad, s.Network, 100),
		series("re-mirror", st.OK, s.Remirror, 100),
	}
	searches := base(sc.searches, engine.Compact)
	searches = searches.With(widget.LogY)
	searches.Lines = []widget.Line{
		{Name: "capacity", Style: st.Muted, Value: flat(c.Capacity)},
		{Name: "race", Style: st.Warn, Value: flat(c.RaceRate)},
		series("searches", st.Bad, s.Searches, 1),
	}
	api := base(sc.api, pctLabel)
	api.Lines = []widget.Line{series("API errors", st.Bad, s.APIErrors, 100)}
	apiTitle := widget.FirstFit(w, "the region's API calls failing, %", "API calls failing, %", "API errors %")
	if c.Bulkhead {
		api.Lines = append([]widget.Line{series("no bulkhead", st.Warn, s.Unshielded, 100)}, api.Lines...)
		apiTitle = widget.FirstFit(w, "the region's API calls failing, %: with the bulkhead, and without it", apiTitle, "API errors %")
	}
	lower := []widget.TimeSeries{capacity, searches, api}
	lowerTitles := []string{
		widget.FirstFit(w, "capacity in use, %: spare network taken by searches and re-mirrors; control plane load", "capacity in use, %", "in use %"),
		widget.FirstFit(w, "searches (negotiations) a minute, log scale", "searches a minute (log)", "searches/min"),
		apiTitle,
	}
	n := 3
	if h < 34 || only >= 0 {
		n = 2
	}
	charts := []widget.TimeSeries{stuck}
	stuckForms := []string{"volumes stuck, % of the zone's (the lecture: 13 %)", "volumes stuck, %", "stuck %"}
	if snap := r.Engine.Snapshot(); !r.Cfg.Backoff && !r.Cfg.Cap && snap.Wave > 0 { // the storm: the race's failed nodes take it from the wave to 13 %
		wave := fmt.Sprintf("%.0f %%", 100*float64(snap.Wave)/float64(r.Cfg.Volumes))
		stuckForms = append([]string{
			"volumes stuck, % of the zone's (the lecture: 13 %): the cut strands " + wave + ", the race's failed nodes the rest",
			"volumes stuck, %: the cut strands " + wave + ", the race's failed nodes the rest"}, stuckForms...)
	}
	titles := []string{widget.FirstFit(w, stuckForms...)}
	for i := range n - 1 {
		charts = append(charts, lower[(l.lower+i)%lowerCharts])
		titles = append(titles, lowerTitles[(l.lower+i)%lowerCharts])
	}
	if only >= 0 {
		charts, titles, n = charts[only:only+1], titles[only:only+1], 1
	}
	// one names column (as wide as any run's widest name, so that panels
	// side by side keep one x scale) and one y-label column, so the charts
	// share an x scale; a name moved off its line's row points at it
	names, yw := widget.Width("no bulkhead")+2, 0
	for _, ts := range charts {
		for _, ln := range ts.Lines {
			names = max(names, widget.Width(ln.Name)+2)
		}
	}
	for i := range charts {
		charts[i].NamesWidth = names
	}
	for _, ts := range charts {
		left, _ := ts.Area(w)
		yw = max(yw, left-1)
	}
	for i := range charts {
		charts[i].YLabelWidth = yw
	}
	charts[n-1] = charts[n-1].Without(widget.NoXNumbers)
	left, width := charts[0].Area(w)
	step := xStep(night, sc.x1-sc.x0, width)
	for i := range charts {
		charts[i].XStep = step
	}

	withTitles := h >= 12*n
	counterRows := 0
	switch {
	case h >= 14*n:
		counterRows = 2
	case h >= 13*n:
		counterRows = 1
	}
	avail := h - 1 - n - counterRows
	if withTitles {
		avail -= n
	}
	each := max(3, avail/n)
	head := st.Title.Render(remirror.SetWords(c.Protections)) + st.Muted.Render(": "+brief(c, w-widget.Width(remirror.SetWords(c.Protections))-3))
	lines := []string{widget.Truncate(head, w)}
	for i, ts := range charts {
		ch := each
		if i == n-1 {
			ch = max(4, avail-each*(n-1))
		}
		if withTitles {
			lines = append(lines, st.Muted.Render(titles[i]))
		}
		lines = append(lines, strings.Split(ts.Render(st, w, ch), "\n")...)
		lines = append(lines, widget.PhaseMarks(st, left, width, sc.x0, sc.x1, sc.marks, now))
	}
	if counterRows > 0 {
		lines = append(lines, widget.Counters(st, w, counterRows, counters(snap, c)...)...)
	}
	return lines
}

// The charts under the stuck volumes', in the order v steps through them.
const (
	capacityChart = iota
	searchesChart
	apiChart
	lowerCharts
)

// xStep is the minutes between two numbers of the x axis: the shortest
// of the clock's round steps that leaves each number room.
func xStep(night bool, span float64, width int) float64 {
	steps := []float64{60, 120, 180, 240, 360}
	if !night {
		steps = []float64{360, 720, 1440, 2880}
	}
	for _, s := range steps {
		if s/span*float64(width) >= 8 {
			return s
		}
	}
	return steps[len(steps)-1]
}

// roundUp is v rounded up to a multiple of step.
func roundUp(v, step float64) float64 { return step * math.Ceil(v/step) }

// nice is v rounded up to 1, 2 or 5 times a power of ten.
func nice(v float64) float64 {
	p := math.Pow(10, math.Floor(math.Log10(max(v, 1))))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= v {
			return m * p
		}
	}
	return 10 * p
}

// brief says a run's protections in at most w cells.
func brief(c remirror.Config, w int) string {
	var long, short []string
	if c.Backoff {
		long = append(long, fmt.Sprintf("waits 1, 2, 4 ... %d min", c.BackoffMaxMin))
		short = append(short, fmt.Sprintf("waits to %d min", c.BackoffMaxMin))
	}
	if c.Cap {
		long = append(long, fmt.Sprintf("%d search at once", c.MaxRemirrors))
		short = append(short, fmt.Sprintf("%d at once", c.MaxRemirrors))
	}
	if c.Bulkhead {
		long = append(long, "the region's calls first")
		short = append(short, "region first")
	}
	if c.Spread {
		long = append(long, "customers in several zones")
		short = append(short, "several zones")
	}
	if !c.Backoff && !c.Cap {
		long = append([]string{fmt.Sprintf("every stuck volume searches %d times a minute", c.Tries)}, long...)
		short = append([]string{fmt.Sprintf("%d searches a minute", c.Tries)}, short...)
	}
	return widget.FirstFit(w, strings.Join(long, ", "), strings.Join(short, ", "), short[0])
}

// legend says what the marks mean and what the x axis shows, in the
// longest form that fits.
func (l *Lab) legend(w int) string {
	x0, x1 := l.window(l.minute())
	span := "the night to 1 PM"
	if x1-x0 > nightEnd {
		span = "to " + remirror.Clock(int(x1))
	}
	return widget.FirstFit(w,
		widget.PhaseLegend+" (the lecture's times) · x axis: "+span+" (z) · v: the next chart",
		widget.PhaseLegend+" · x axis: "+span+" (z)",
		widget.PhaseLegend,
		"T trigger · S sustain · R recovery")
}

// counters are the run's figures now, most telling first.
func counters(s remirror.Snapshot, c remirror.Config) []widget.Counter {
	last := func(v engine.SeriesView) float64 {
		p, _ := v.Last()
		return p.Y
	}
	v := float64(c.Volumes)
	return []widget.Counter{
		{Name: "stuck", Value: fmt.Sprintf("%.2f%%", 100*float64(s.Stuck+s.Stranded)/v)},
		{Name: "stranded", Value: textfmt.Int(s.Stranded)},
		{Name: "lost", Value: fmt.Sprintf("%.3f%%", 100*float64(s.Lost)/v)},
		{Name: "searches", Value: textfmt.Int(int(last(s.Series.Searches))) + "/min"},
		{Name: "nodes failed", Value: textfmt.Int(s.Totals.Failed)},
		{Name: "API errors", Value: fmt.Sprintf("%.0f%%", 100*last(s.Series.APIErrors))},
		{Name: "capacity / tries", Value: textfmt.Int(int(c.Threshold()))},
	}
}
