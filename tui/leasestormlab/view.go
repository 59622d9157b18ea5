package leasestormlab

import (
	"fmt"
	"math"
	"strings"

	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/leasestorm"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// scale is what the panels side by side share: the top of the work chart
// (requests a second) and of the counts chart (its log scale).
type scale struct{ work, counts float64 }

// Render draws one run full width, or two side by side on shared scales,
// with the legend of the timeline's marks under them.
func (l *Lab) Render(f lab.Frame) string {
	sc := scale{work: l.Runs[0].Cfg.Rate, counts: float64(l.Runs[0].Cfg.Droplets)}
	for _, r := range l.Runs {
		s := r.Engine.Snapshot().Series
		for i := range s.Goodput.Len() {
			sc.work = max(sc.work, s.Goodput.At(i).Y, s.WastedRate.At(i).Y)
			sc.counts = max(sc.counts, s.Queue.At(i).Y)
		}
	}
	// room above the rate's line; whole numbers, so the axes' top labels
	// are as narrow as their ticks (10.350000000000001 would squeeze the
	// plot), the counts' a power of ten (their log axis' top tick)
	sc.work = math.Ceil(sc.work * 1.15)
	sc.counts = math.Pow(10, math.Ceil(math.Log10(sc.counts)))
	foot := []string{f.St.Muted.Render(l.legend(f.W))}
	draw := func(r, c int, f lab.Frame) string {
		return strings.Join(l.panel(f.St, l.Runs[r], c, f.W, f.H, sc), "\n")
	}
	body := l.deck.Render(lab.Frame{W: f.W, H: f.H - len(foot), St: f.St}, lab.Runs(l.Names(), chartNames, draw)...)
	return strings.Join(append([]string{body}, foot...), "\n")
}

// chartNames name a run's charts, for the line over one shown alone.
var chartNames = []string{"the manager's work a second", "queued and without a lease"}

// NextPanel shows the next run or chart where the screen shows one at a
// time.
func (l *Lab) NextPanel() bool { return l.deck.Next() }

// hours is minute m of the night on the charts' x axis: hours of the
// clock from the midnight before the run, past 24 after midnight.
func hours(m float64) float64 { return (leasestorm.StartClock + m) / 60 }

// clockLabel writes an axis hour as a time of day: "2 AM", "11:30 PM".
func clockLabel(v float64) string {
	c := engine.Clock(int(math.Round(v * 60)))
	return strings.Replace(c, ":00", "", 1)
}

// panel draws one run: its protections, the manager's work a second
// (goodput and wasted, against its rate), the queue and the droplets
// without a lease (log scale), the timeline's marks and the counters;
// only chart c of the two where c >= 0.
func (l *Lab) panel(st *widget.Styles, r run, c int, w, h int, sc scale) []string {
	snap := r.Engine.Snapshot()
	cfg := r.Cfg
	s := snap.Series
	x0, x1 := hours(0), hours(float64(cfg.Minutes()))
	step := 1.0 // an hour a number where they fit, else every two
	if w < 90 {
		step = 2
	}
	now := hours(float64(snap.Second) / 60)
	at := func(v engine.SeriesView) func(float64) float64 {
		return func(x float64) float64 { return v.StepAt(x*60 - leasestorm.StartClock) }
	}
	// Names of lines that end on one row share it ("rate wasted" once
	// everything served is wasted), so each stays on its line's row.
	work := widget.TimeSeries{XMin: x0, XMax: x1, YMin: 0, YMax: sc.work, XLabel: clockLabel, XStep: step,
		YLabel: func(v float64) string { return fmt.Sprintf("%.10g", v) },
		Lines: []widget.Line{
			{Name: "rate", Style: st.Muted, Value: func(float64) float64 { return cfg.Rate }},
			{Name: "wasted", Style: st.Bad, Bounded: true, End: now, Value: at(s.WastedRate)},
			{Name: "goodput", Style: st.OK, Bounded: true, End: now, Value: at(s.Goodput)},
		}}.With(widget.NoXNumbers, widget.JoinRows)
	counts := widget.TimeSeries{XMin: x0, XMax: x1, YMin: 0, YMax: sc.counts, XLabel: clockLabel, XStep: step,
		YLabel: engine.Compact,
		Lines: []widget.Line{
			{Name: "queue", Style: st.Warn, Bounded: true, End: now, Value: at(s.Queue)},
			{Name: "no lease", Style: st.SeriesStyle(1), Bounded: true, End: now, Value: at(s.Without)},
		}}.With(widget.JoinRows, widget.LogY)
	for _, sw := range r.Engine.Switched() {
		work.Switches = append(work.Switches, hours(sw.At/60))
	}
	counts.Switches = work.Switches
	// one names column, wide enough for the two longest names on one row,
	// and one y-label column as wide as its labels get, so the charts
	// share an x scale that holds as the run goes
	names := len("wasted goodput") + 1
	work.NamesWidth, counts.NamesWidth = names, names
	yw := len("100k")
	for _, ts := range []widget.TimeSeries{work, counts} {
		left, _ := ts.Area(w)
		yw = max(yw, left-1)
	}
	work.YLabelWidth, counts.YLabelWidth = yw, yw
	left, width := counts.Area(w)

	name := leasestorm.SetWords(cfg.Protections)
	if len(r.Engine.Switched()) > 0 {
		name += ", switched"
	}
	head := st.Title.Render(name) + st.Muted.Render(": "+brief(r.Engine.Config(), snap, w-widget.Width(name)-3))
	counterRows := 1
	if h >= 24 {
		counterRows = 2
	}
	lines := []string{widget.Truncate(head, w)}
	workTitle := st.Muted.Render(widget.FirstFit(w, "the manager's work a second: goodput and wasted, against its rate", "work a second: goodput, wasted", "work a second"))
	countsTitle := st.Muted.Render(widget.FirstFit(w, "requests queued and droplets without a lease (log scale)", "queued, and without a lease (log)", "queued, no lease (log)"))
	switch c {
	case 0:
		chartH := max(4, h-(1+1+1+counterRows))
		lines = append(lines, workTitle)
		lines = append(lines, strings.Split(work.Without(widget.NoXNumbers).Render(st, w, chartH), "\n")...)
	case 1:
		chartH := max(4, h-(1+1+1+counterRows))
		lines = append(lines, countsTitle)
		lines = append(lines, strings.Split(counts.Render(st, w, chartH), "\n")...)
	default:
		fixed := 1 + 2 + 1 + counterRows // head, the two charts' titles, the marks, the counters
		chartsH := max(7, h-fixed)
		workH := max(3, chartsH/2)
		countsH := max(4, chartsH-workH)
		lines = append(lines, workTitle)
		lines = append(lines, strings.Split(work.Render(st, w, workH), "\n")...)
		lines = append(lines, countsTitle)
		lines = append(lines, strings.Split(counts.Render(st, w, countsH), "\n")...)
	}
	lines = append(lines, l.marks(st, r, snap, left, width))
	lines = append(lines, widget.Counters(st, w, counterRows, counters(snap, cfg)...)...)
	return lines
}

// brief says a run's protections as they are now in at most w cells.
func brief(c leasestorm.Config, snap leasestorm.Snapshot, w int) string {
	var long, short []string
	if c.Throttle {
		from := leasestorm.Clock(leasestorm.LeadMin + c.OutageMin + c.ThrottleAfterMin)
		if snap.ThrottledAt >= 0 {
			from = leasestorm.ClockOf(float64(snap.ThrottledAt))
		}
		long = append(long, fmt.Sprintf("at most %d in flight from %s", c.Cap, from))
		short = append(short, fmt.Sprintf("cap %d", c.Cap))
	}
	if c.DropStale {
		long = append(long, fmt.Sprintf("requests over %d s dropped", c.TimeoutS))
		short = append(short, "drop stale")
	}
	if len(long) == 0 {
		long = []string{fmt.Sprintf("every request queued, up to %s", textfmt.Int(c.QueueLimit))}
		short = []string{"queue all"}
	}
	return widget.FirstFit(w, strings.Join(long, ", "), strings.Join(short, ", "))
}

// marks puts the timeline under the charts' x axis: D DynamoDB lost, B
// back, T the throttle, R the recovery, each once it has come.
func (l *Lab) marks(st *widget.Styles, r run, snap leasestorm.Snapshot, left, width int) string {
	c := r.Cfg
	row := []rune(strings.Repeat(" ", left+max(0, width)))
	span := float64(c.Minutes())
	put := func(m int, mark rune) {
		if col := int(float64(m) / span * float64(width)); float64(m) <= float64(snap.Second)/60 && col >= 0 && col < width {
			row[left+col] = mark
		}
	}
	if c.OutageMin > 0 {
		put(leasestorm.LeadMin, 'D')
		put(leasestorm.LeadMin+c.OutageMin, 'B')
	}
	if snap.ThrottledAt >= 0 {
		put(snap.ThrottledAt/60, 'T')
	}
	if snap.RecoveredAt >= 0 {
		put(snap.RecoveredAt, 'R')
	}
	return st.Marker.Render(string(row))
}

// legend says what the marks mean, in the longest form that fits.
func (l *Lab) legend(w int) string {
	c := l.Runs[0].Cfg
	back := leasestorm.Clock(leasestorm.LeadMin + c.OutageMin)
	return widget.FirstFit(w,
		fmt.Sprintf("D DynamoDB lost 11:48 PM · B back %s · T throttle · R every droplet leased again · lecture: B 2:25 AM, T 4:14 AM, R 5:28 AM", back),
		fmt.Sprintf("D DynamoDB lost 11:48 PM · B back %s · T throttle · R recovered (lecture: T 4:14, R 5:28 AM)", back),
		fmt.Sprintf("D lost 11:48 PM · B back %s · T throttle · R recovered", back),
		"D lost · B back · T throttle · R recovered")
}

// counters are the run's figures now, most telling first.
func counters(s leasestorm.Snapshot, c leasestorm.Config) []widget.Counter {
	last := func(v engine.SeriesView) float64 {
		p, _ := v.Last()
		return p.Y
	}
	return []widget.Counter{
		{Name: "goodput", Value: fmt.Sprintf("%.1f/s", last(s.Series.Goodput))},
		{Name: "wasted now", Value: fmt.Sprintf("%.0f%%", 100*last(s.Series.Wasted))},
		{Name: "queue", Value: textfmt.Int(s.Queue)},
		{Name: "no lease", Value: textfmt.Int(s.Without)},
		{Name: "waiting", Value: textfmt.Int(s.Waiting)},
		{Name: "refused", Value: fmt.Sprintf("%.0f/s", last(s.Series.Refused))},
		{Name: "rate x timeout", Value: fmt.Sprintf("%.0f", c.Threshold())},
	}
}
