package siteoutagelab

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/sim/avail"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/siteoutage"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// hours is minute m of the run on the charts' x axis: hours from the
// midnight before May 31 began.
func hours(m float64) float64 { return (siteoutage.StartClock + m) / 60 }

// dayLabel writes an axis hour, a midnight, as its day: "Jun 2".
func dayLabel(v float64) string { return siteoutage.Day(int(v*60) - siteoutage.StartClock) }

// incidents is the lecture's timeline on the charts' x axis, the model's
// times where the lecture gives a day alone (floor one's first rack) or
// none (the generators forbidden, put with the evacuation that evening).
func incidents(c siteoutage.Config) []widget.Incident {
	at := func(afterBlast int) float64 { return hours(float64(siteoutage.LeadMin + afterBlast)) }
	return []widget.Incident{
		{At: at(0), Clock: "May 31 5:55 PM", What: "H1: a transformer shorts, the fire sets off the UPS batteries, an explosion; 9,000 servers of 7,500 customers dark", Phase: widget.Trigger},
		{At: at(5), Clock: "that evening", What: "the fire department evacuates H1 and forbids the backup generators", Phase: widget.Sustain},
		{At: at(c.EntryMin), Clock: "May 31 10 PM", What: "staff let in; trucks carry critical servers to other sites, as far as their power and cooling allow", Phase: widget.Sustain},
		{At: at(c.Floor2Min), Clock: "Jun 2 5 PM", What: "power back on floor two", Phase: widget.Recover},
		{At: at(c.Floor1Min), Clock: "Jun 4", What: "floor one's servers back rack by rack; updates every 15-60 min throughout", Phase: widget.Recover},
	}
}

// marksOrder is the events in the order PhaseMarks writes them, each
// over those before it in its column: what kept it going first, so that
// the trigger and the recoveries show where they share a column with it.
func marksOrder(events []widget.Incident) []widget.Incident {
	var out []widget.Incident
	for _, p := range []widget.Phase{widget.Sustain, widget.Trigger, widget.Recover} {
		for _, e := range events {
			if e.Phase == p {
				out = append(out, e)
			}
		}
	}
	return out
}

// scale is what the panels side by side share: the x range, in hours.
type scale struct{ x0, x1 float64 }

// Render draws the incident's timeline beside the runs (above them on a
// narrow screen), or alone when i asks for it; one run full width or two
// side by side on one scale.
func (l *Lab) Render(f lab.Frame) string {
	st := f.St
	c := l.Runs[0].Cfg
	events := incidents(c)
	now := hours(l.Runs[0].Engine.Pos().At)
	foot := []string{st.Muted.Render(l.legend(f.W))}
	sc := scale{hours(0), hours(float64(c.Minutes()))}
	draw := func(r, _ int, f lab.Frame) string {
		return strings.Join(l.panel(f.St, l.Runs[r], f.W, f.H, sc, events), "\n")
	}
	runs := func(w, h int) string {
		return l.deck.Render(lab.Frame{W: w, H: h, St: st}, lab.Runs(l.Names(), []string{"customers running"}, draw)...)
	}
	if f.W >= 130 { // the timeline beside the runs
		tlW := 42
		left := []string{st.Title.Render("The Planet, H1, 2008 (the lecture)")}
		left = append(left, widget.TimelineWrapped(st, tlW, f.H-len(foot)-1, events, now)...)
		body := runs(f.W-tlW-2, f.H-len(foot))
		joined := lipgloss.JoinHorizontal(lipgloss.Top, lipgloss.NewStyle().Width(tlW+2).Render(widget.FitLines(left, tlW, f.H-len(foot))), body)
		return strings.Join(append([]string{joined}, foot...), "\n")
	}
	tlH := 2 // the latest events above the runs
	switch {
	case f.H >= 30:
		tlH = len(events)
	case f.H < 18: // the chart's rows first
		tlH = 1
	case f.Captioned: // the moment's sentence under the runs tells the event
		tlH = 0
	}
	top := widget.Timeline(st, f.W, tlH, events, now)
	body := runs(f.W, f.H-len(top)-len(foot))
	return strings.Join(append(append(top, body), foot...), "\n")
}

// NextPanel shows the next run where the screen shows one at a time.
func (l *Lab) NextPanel() bool { return l.deck.Next() }

// Chronicle is the lecture's timeline for the shell's i, and where the
// run is on it.
func chronicle(first run) (string, []widget.Incident, float64) {
	return "The Planet, H1, Houston, 2008: the lecture's timeline", incidents(first.Cfg), hours(first.Engine.Pos().At)
}

// legend says what the marks mean and what the customers bought, in the
// longest form that fits.
func (l *Lab) legend(w int) string {
	c := l.Runs[0].Cfg
	o := avail.OneOutage(72, c.Target)
	bought := fmt.Sprintf("bought %s (%s a year) · 3 days down = %.2f %% for the year", avail.TargetPercent(c.Target), avail.Duration(o.BudgetH), 100*o.Availability)
	return widget.FirstFit(w, widget.PhaseLegend+" · "+bought, "T trigger · S kept it going · R recovery · "+bought, bought, "T trigger · S kept it going · R recovery")
}

// panel draws one run: its protections, its customers running by
// placement, the timeline's marks under the chart, H1's floors and the
// counters.
func (l *Lab) panel(st *widget.Styles, r run, w, h int, sc scale, events []widget.Incident) []string {
	snap := r.Engine.Snapshot()
	c := r.Cfg
	now := hours(float64(snap.Minute))
	at := func(v engine.SeriesView) func(float64) float64 {
		return func(x float64) float64 { return 100 * v.StepAt(x*60-siteoutage.StartClock) }
	}
	var lines []widget.Line
	for g, name := range siteoutage.GroupNames {
		lines = append(lines, widget.Line{Name: name, Style: st.SeriesStyle(g), Bounded: true, End: now, Value: at(snap.Series.Running[g])})
	}
	chart := widget.TimeSeries{XMin: sc.x0, XMax: sc.x1, YMin: 0, YMax: 100, XLabel: dayLabel, XStep: 24,
		YLabel: func(v float64) string { return fmt.Sprintf("%.4g%%", v) }, Lines: lines}
	left, width := chart.Area(w)

	name := siteoutage.SetWords(c.Protections)
	head := st.Title.Render(name) + st.Muted.Render(": "+brief(c, w-widget.Width(name)-3))
	counterRows := 1
	if h >= 22 {
		counterRows = 2
	}
	titled := h-(1+1+1+1+counterRows) >= widget.ReadableRows+2+chart.LegendRows(st) // on a short screen the y labels and names say enough
	fixed := 1 + 1 + 1 + counterRows                                                // head, the marks, H1, the counters
	out := []string{widget.Truncate(head, w)}
	if titled {
		fixed++
		out = append(out, st.Muted.Render(widget.FirstFit(w, "customers running, by where they placed their servers", "customers running, by placement", "running")))
	}
	out = append(out, strings.Split(chart.Render(st, w, max(4, h-fixed)), "\n")...)
	out = append(out, widget.PhaseMarks(st, left, width, sc.x0, sc.x1, marksOrder(events), now))
	out = append(out, st.Text.Render(widget.FirstFit(w, h1Line(snap, 2), h1Line(snap, 1), h1Line(snap, 0))))
	out = append(out, widget.Counters(st, w, counterRows, counters(r, snap)...)...)
	return out
}

// brief says a run's protections in at most w cells.
func brief(c siteoutage.Config, w int) string {
	power := fmt.Sprintf("%.0f %% of power to spare", 100*c.Spare)
	if c.Reserve {
		power = fmt.Sprintf("%.0f %% reserved", 100*max(c.Spare, c.Reserved))
	}
	drills := "failover untested"
	if c.Drills {
		drills = "failover drilled"
	}
	short := fmt.Sprintf("%.0f %% free", 100*c.Spare)
	if c.Reserve {
		short = fmt.Sprintf("%.0f %% free", 100*max(c.Spare, c.Reserved))
	}
	return widget.FirstFit(w, power+" elsewhere, "+drills, power+", "+drills, short+", "+strings.Fields(drills)[1], strings.Fields(drills)[1])
}

// h1Line says where H1's power stands, at length 2 (with the power the
// other sites have to spare), 1 or 0.
func h1Line(s siteoutage.Snapshot, length int) string {
	if !s.Blasted {
		return "H1: every floor powered"
	}
	two, one := "floor two dark", "floor one powered"
	if !s.FloorTwoDark {
		two = "floor two powered"
	}
	if s.FloorOneDark > 0 {
		one = "floor one: " + engine.Count(s.FloorOneDark, "rack") + " dark"
	}
	switch length {
	case 2:
		return fmt.Sprintf("H1: %s, %s · H2 spare %s · Dallas spare %s", one, two, textfmt.Int(s.SpareH2), textfmt.Int(s.SpareDallas))
	case 1:
		return fmt.Sprintf("H1: %s, %s", one, two)
	}
	two = strings.TrimPrefix(two, "floor ")
	if s.FloorOneDark > 0 {
		return "floor one " + engine.Count(s.FloorOneDark, "rack") + " dark, " + two
	}
	return "floor one powered, " + two
}

// counters are the run's figures now, most telling first.
func counters(r run, s siteoutage.Snapshot) []widget.Counter {
	means := r.Engine.MeanDownHours()
	var out []widget.Counter
	if s.FailoverServers > 0 || s.Broken > 0 { // after the failover: what it did, which the lesson turns on
		out = append(out, widget.Counter{Name: "failover ran", Value: fmt.Sprintf("%s of %s", textfmt.Int(s.Ran), textfmt.Int(s.FailoverServers))})
	}
	out = append(out, []widget.Counter{
		{Name: "standbys running now", Value: fmt.Sprintf("%s of %s", textfmt.Int(s.Standby), textfmt.Int(s.Standby+s.Waiting))},
		{Name: "broken", Value: textfmt.Int(s.Broken)},
		{Name: "in Dallas", Value: textfmt.Int(s.Moved)},
		{Name: "on trucks", Value: textfmt.Int(s.Moving)},
	}...)
	for g, name := range siteoutage.GroupNames {
		out = append(out, widget.Counter{Name: name + " down (mean)", Value: avail.Duration(means[g])})
	}
	return out
}
