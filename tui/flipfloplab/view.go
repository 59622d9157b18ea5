package flipfloplab

import (
	"fmt"
	"math"
	"strings"

	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/flipflop"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// scale is what the panels side by side share: the top of the a-minute
// chart and of the DNS backlog's (log scale).
type scale struct{ perMin, backlog float64 }

// Render draws one run full width, or two side by side on shared scales,
// with the legend of the timeline's marks under them.
func (l *Lab) Render(f lab.Frame) string {
	sc := scale{perMin: float64(l.Runs[0].Cfg.DNSCapacity), backlog: 100}
	for _, r := range l.Runs {
		s := r.Engine.Snapshot().Series
		for i := range s.Flips.Len() {
			sc.perMin = max(sc.perMin, s.Flips.At(i).Y, s.Writes.At(i).Y)
			sc.backlog = max(sc.backlog, s.Backlog.At(i).Y)
		}
	}
	sc.backlog = math.Pow(10, math.Ceil(math.Log10(sc.backlog))) // a power of ten: the log axis' top tick
	// room above the highest line; a whole number, so the axis' top label
	// is as narrow as its ticks' (110.00000000000001 would squeeze the plot)
	sc.perMin = math.Ceil(sc.perMin * 1.1)
	foot := []string{f.St.Muted.Render(legend(f.W))}
	draw := func(r, c int, f lab.Frame) string {
		return strings.Join(l.panel(f.St, l.Runs[r], c, f.W, f.H, sc), "\n")
	}
	body := l.deck.Render(lab.Frame{W: f.W, H: f.H - len(foot), St: f.St}, lab.Runs(l.Names(), chartNames, draw)...)
	return strings.Join(append([]string{body}, foot...), "\n")
}

// chartNames name a run's charts, for the line over one shown alone.
var chartNames = []string{"flips and DNS writes a minute", "DNS writes waiting", "instances DNS serves"}

// NextPanel shows the next run or chart where the screen shows one at a
// time.
func (l *Lab) NextPanel() bool { return l.deck.Next() }

// hours is minute m of the morning on the charts' x axis: hours of the
// clock.
func hours(m float64) float64 { return (flipflop.StartClock + m) / 60 }

// clockLabel writes an axis hour as a time of day: "6 AM".
func clockLabel(v float64) string {
	return strings.Replace(engine.Clock(int(math.Round(v*60))), ":00", "", 1)
}

// panel draws one run: its protections, a minute's flips and DNS writes
// against DNS's capacity, the instances in DNS (and the dead ones among
// them), with room the writes DNS holds waiting, the timeline's marks and
// the counters; only chart only of chartNames where only >= 0.
func (l *Lab) panel(st *widget.Styles, r run, only int, w, h int, sc scale) []string {
	snap := r.Engine.Snapshot()
	c := r.Cfg
	s := snap.Series
	x0, x1 := hours(0), hours(float64(c.DurationMin))
	now := hours(float64(snap.Second) / 60)
	at := func(v engine.SeriesView) func(float64) float64 {
		return func(x float64) float64 { return v.StepAt(x*60 - flipflop.StartClock) }
	}
	count := func(v float64) string { return fmt.Sprintf("%.10g", v) }
	step := 1.0 // an hour a number where they fit, else every two
	if w < 60 {
		step = 2
	}
	// Names that end on one row share it (flips and writes both end near
	// zero once the automation is off), so each stays on its line's row.
	perMin := widget.TimeSeries{XMin: x0, XMax: x1, YMin: 0, YMax: sc.perMin, XLabel: clockLabel, XStep: step, YLabel: count,
		Lines: []widget.Line{
			{Name: "writes", Style: st.Bad, Bounded: true, End: now, Value: at(s.Writes)},
			{Name: "flips", Style: st.SeriesStyle(0), Bounded: true, End: now, Value: at(s.Flips)},
			{Name: "DNS max", Style: st.Muted, Value: func(float64) float64 { return float64(c.DNSCapacity) }},
		}}.With(widget.NoXNumbers, widget.JoinRows)
	service := widget.TimeSeries{XMin: x0, XMax: x1, YMin: 0, YMax: float64(c.Instances), XLabel: clockLabel, XStep: step, YLabel: count, Lines: []widget.Line{
		{Name: "in DNS", Style: st.OK, Bounded: true, End: now, Value: at(s.InService)},
		{Name: "dead", Style: st.Warn, Bounded: true, End: now, Value: at(s.DeadIn)},
	}}.With(widget.Whole)
	backlog := widget.TimeSeries{XMin: x0, XMax: x1, YMin: 0, YMax: sc.backlog, XLabel: clockLabel, XStep: step, YLabel: engine.Compact,
		Lines: []widget.Line{{Name: "waiting", Style: st.Warn, Bounded: true, End: now, Value: at(s.Backlog)}},
	}.With(widget.NoXNumbers, widget.LogY)
	charts := []*widget.TimeSeries{&perMin, &backlog, &service}
	for _, sw := range r.Engine.Switched() {
		for _, ts := range charts {
			ts.Switches = append(ts.Switches, hours(sw.At/60))
		}
	}
	yw := len("100k") // the widest a label gets, so the plot's width holds as the run goes
	for _, ts := range charts {
		ts.NamesWidth = len("writes flips") + 1
		left, _ := ts.Area(w)
		yw = max(yw, left-1)
	}
	for _, ts := range charts {
		ts.YLabelWidth = yw
	}
	left, width := service.Area(w)

	head := st.Title.Render(flipflop.SetWords(c)) + st.Muted.Render(": "+brief(c, w-widget.Width(flipflop.SetWords(c))-2))
	counterRows := 1
	if h >= 24 {
		counterRows = 2
	}
	perChart := widget.Stacked{Share: 2,
		Titles: []string{fmt.Sprintf("a minute: check results flipped, and DNS writes made (DNS applies %d)", c.DNSCapacity),
			fmt.Sprintf("a minute: flips, DNS writes (max %d)", c.DNSCapacity), "a minute: flips, DNS writes", "flips, writes a minute"},
		Draw: func(w, h int, alone bool) string { return drawn(perMin, alone).Render(st, w, h) }}
	backChart := widget.Stacked{Share: 1,
		Titles: []string{"DNS writes waiting to be applied (log scale)", "DNS writes waiting (log)"},
		Draw:   func(w, h int, alone bool) string { return drawn(backlog, alone).Render(st, w, h) }}
	serviceChart := widget.Stacked{Share: 2,
		Titles: []string{fmt.Sprintf("instances DNS serves (its writes applied), of %d, and the dead among them", c.Instances),
			fmt.Sprintf("instances DNS serves, of %d, and dead ones", c.Instances), "instances DNS serves, dead ones", "in DNS, dead"},
		Draw: func(w, h int, _ bool) string { return service.Render(st, w, h) }}
	stack := []widget.Stacked{perChart, backChart, serviceChart}
	if room := h - (1 + 1 + counterRows) - len(stack); only < 0 && room/5 < widget.ReadableRows+1 {
		stack = []widget.Stacked{perChart, serviceChart} // the backlog where its fifth of the rows reads
	}
	lines := []string{widget.Truncate(head, w)}
	lines = append(lines, widget.Stack(st, w, max(7, h-(1+1+counterRows)), only, stack...)...)
	lines = append(lines, marks(st, c, snap, left, width))
	lines = append(lines, widget.Counters(st, w, counterRows, counters(snap, c)...)...)
	return lines
}

// brief says a run's rule in at most w cells.
func brief(c flipflop.Config, w int) string {
	k := 1
	if c.Hysteresis {
		k = c.K
	}
	long := fmt.Sprintf("%d result in a row changes a state", k)
	short := "1 result changes"
	if k > 1 {
		long = fmt.Sprintf("%d results in a row change a state", k)
		short = fmt.Sprintf("%d in a row", k)
	}
	if c.Cap {
		long += fmt.Sprintf(", at most %d changes a minute", c.CapPerMin)
		short += fmt.Sprintf(", %d/min", c.CapPerMin)
	}
	return widget.FirstFit(w, long, short)
}

// marks puts the timeline under the charts' x axis once its times have
// come: S the slow network, O the switch-off, N latency normal again.
func marks(st *widget.Styles, c flipflop.Config, snap flipflop.Snapshot, left, width int) string {
	row := []rune(strings.Repeat(" ", left+max(0, width)))
	put := func(m int, mark rune) {
		if col := int(float64(m) / float64(c.DurationMin) * float64(width)); m < c.DurationMin && float64(m) <= float64(snap.Second)/60 && col >= 0 && col < width {
			row[left+col] = mark
		}
	}
	if c.SlowMin > 0 {
		put(c.SlowFromMin, 'S')
		put(c.SlowFromMin+c.SlowMin, 'N')
	}
	if snap.DisabledAt >= 0 { // where it was switched off: at 9:36 AM, or by a switch
		put(snap.DisabledAt/60, 'O')
	}
	return st.Marker.Render(string(row))
}

// legend says what the marks mean, in the longest form that fits.
func legend(w int) string {
	return widget.FirstFit(w,
		"S network state slow from 5:30 AM · O automation switched off (lecture: 9:36 AM) · N the network's latency normal at 10:36 AM (DNS still behind)",
		"S slow from 5:30 AM · O switched off (lecture: 9:36 AM) · N network normal 10:36 AM",
		"S slow 5:30 · O off 9:36 · N network normal 10:36 AM",
		"S slow · O off · N network normal")
}

// counters are the run's figures now, most telling first: the DNS lag
// is how long the oldest write waiting has waited (DNS serves the fleet
// as the automation saw it then); the writes waiting are DNS's work
// left, not a delay.
func counters(s flipflop.Snapshot, c flipflop.Config) []widget.Counter {
	last := func(v engine.SeriesView) float64 {
		p, _ := v.Last()
		return p.Y
	}
	lag := "none"
	if s.Backlog > 0 {
		lag = fmt.Sprintf("%d min", s.Lag/60)
	}
	return []widget.Counter{
		{Name: "writes", Value: fmt.Sprintf("%.0f/min", last(s.Series.Writes))},
		{Name: "DNS lag", Value: lag},
		{Name: "in DNS", Value: fmt.Sprint(s.InService)},
		{Name: "dead in DNS", Value: fmt.Sprint(s.DeadIn)},
		{Name: "writes waiting", Value: engine.Digits(s.Backlog)},
		{Name: "flips", Value: fmt.Sprintf("%.0f/min", last(s.Series.Flips))},
		{Name: "all writes", Value: engine.Digits(s.Totals.Writes)},
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
