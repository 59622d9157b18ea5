package supermarketlab

import (
	"fmt"
	"math"
	"strings"

	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/queue"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// lengths is the queue lengths drawn: 0..6 and 7 or more.
const lengths = 8

// Render draws the stepper, or each policy's panel side by side on shared
// scales.
func (l *Lab) Render(f lab.Frame) string {
	if l.spec.Stepper {
		return l.renderStepper(f)
	}
	sc := l.scales()
	names := make([]string, len(l.runs))
	for i, r := range l.runs {
		names[i] = r.sim.Config().Label()
	}
	draw := func(r, c int, f lab.Frame) string {
		return strings.Join(l.panel(f.St, l.runs[r], c, f.W, f.H, sc), "\n")
	}
	return l.deck.Render(f, lab.Runs(names, []string{"queue lengths now", "mean jobs a server over time"}, draw)...)
}

// NextPanel shows the next policy where the screen shows one at a time.
func (l *Lab) NextPanel() bool { return l.deck.Next() }

// scales are what the policies' panels share: the top of the share bars,
// of the mean queue chart and of the herd's bars (0 when no board herds),
// and random's mean field, drawn on every chart for reference when no
// panel runs random (0: none).
type scales struct{ bars, means, herd, random float64 }

// scales works the shared scales out over every panel's data.
func (l *Lab) scales() scales {
	sc := scales{bars: 0.3, means: 1, random: l.randomReference()}
	for _, r := range l.runs {
		s, c := r.sim, r.sim.Config()
		for i := range lengths {
			sc.bars = max(sc.bars, share(s, i))
		}
		if d, ok := c.Choices(); ok && len(s.Switched()) == 0 {
			for i := range lengths {
				sc.bars = max(sc.bars, theory(c.Load, d, i))
			}
			sc.means = max(sc.means, queue.NewTheory(c.Load, d, 10).MeanQueue)
		}
		sc.means = max(sc.means, seriesMax(s.MeanSeries()), seriesMax(s.AverageSeries()))
		if hot := s.Hottest(herdMax); len(hot) > 0 {
			sc.herd = max(sc.herd, c.Load*c.Window, float64(hot[0].Sent))
		}
	}
	sc.means = max(sc.means, sc.random)
	sc.bars = math.Min(1, math.Ceil(sc.bars*10)/10)
	sc.herd = math.Ceil(sc.herd/5) * 5
	return sc
}

// randomReference is random's mean field when no panel runs random, for
// reference; 0 when one does.
func (l *Lab) randomReference() float64 {
	for _, r := range l.runs {
		if c := r.sim.Config(); c.Policy == queue.Random || c.Slow > 0 || c.Gray > 0 || c.Eject || c.Unhealthy > 0 {
			return 0
		}
	}
	return queue.RandomMean(l.spec.Load)
}

// seriesMax is the largest y of a series (0 for none).
func seriesMax(v engine.SeriesView) float64 {
	top := 0.0
	for i := range v.Len() {
		top = max(top, v.At(i).Y)
	}
	return top
}

// share is the live share of servers at length i (7: seven or more).
func share(s *queue.Sim, i int) float64 {
	if i == lengths-1 {
		return s.ShareAtLeast(i)
	}
	return s.Share(i)
}

// theory is the mean-field share at length i (7: seven or more).
func theory(load float64, d, i int) float64 {
	if i == lengths-1 {
		return queue.TheoryTail(load, d, i)
	}
	return queue.TheoryTail(load, d, i) - queue.TheoryTail(load, d, i+1)
}

// Rows a panel's lower parts need: a chart's title and plot, at the least
// beside a herd and at the least alone; the herd's title and axis, and its
// bars at the least and at the most.
const (
	chartMinRows, chartAloneMinRows = 8, 8 // the title, the plot at the readable minimum, its axis and numbers
	herdChrome                      = 2
	herdMin, herdMax                = 3, 8
	herdAndChartMinRows             = herdChrome + herdMin + chartMinRows
)

// panel is one policy: the share of servers at each length now against
// the mean field (for the d-choice rules); beside a stale board the jobs
// sent to the hottest servers this period; then the mean queue over the
// time so far, now and averaged since the warm-up, against its theory.
// Where a herd and a chart do not both fit, the herd is drawn, and the
// chart left out counts as one under the readable minimum, so that the
// deck shows the parts a card at a time instead. only 0 draws the bars
// (and the herd), 1 the chart alone; -1 all of them.
func (l *Lab) panel(st *widget.Styles, r *run, only, w, h int, sc scales) []string {
	if only == 1 {
		return chart(st, r, w, h, sc)
	}
	lines := sharePart(st, r, w, sc.bars)
	rest := h - len(lines)
	legend := 0 // without colour the chart's last row names its lines' letters
	if st.Mono {
		legend = 1
	}
	herdRows, chartRows := 0, rest
	if only == 0 {
		chartRows = 0
	}
	if sc.herd > 0 {
		herdRows, chartRows = min(rest, herdChrome+herdMax), 0
		if rest >= herdAndChartMinRows+legend {
			herdRows = min(herdChrome+herdMax, rest-chartMinRows-legend)
			chartRows = rest - herdRows
		}
	}
	if herdRows > herdChrome {
		lines = append(lines, herd(st, r, l.runs, w, herdRows-herdChrome, sc.herd)...)
	}
	switch {
	case only == 0:
	case chartRows >= chartAloneMinRows+legend:
		lines = append(lines, chart(st, r, w, chartRows, sc)...)
	default:
		st.Saw(widget.LineChart, 0, 0) // no room for the chart: a chart the deck must find room for
	}
	return lines
}

// settleGap is how far a finished run's time average may sit from the
// mean field before the panel says the run has not settled: at load 0.95
// one choice's queues need thousands of time units to fill to 19, and a
// 1,000-unit run ends at 14.76; a settled run ends within a few per cent.
const settleGap = 0.1

// sharePart is the panel's title and its bars: the share of servers at
// each queue length now, each bar marked with the mean field's share.
func sharePart(st *widget.Styles, r *run, w int, barMax float64) []string {
	s, c := r.sim, r.sim.Config()
	d, hasTheory := c.Choices()
	hasTheory = hasTheory && len(s.Switched()) == 0 // a switched run mixes two regimes
	field, brief := "", ""                          // the mean field's mean, said in full and briefly
	if hasTheory {
		m := queue.NewTheory(c.Load, d, 10).MeanQueue
		field = fmt.Sprintf(", mean field %.2f", m)
		brief = field
		if c.Policy == queue.StaleD {
			field, brief = fmt.Sprintf(", a fresh board's mean field %.2f", m), fmt.Sprintf(", fresh mean field %.2f", m)
		}
	}
	now := s.Mean()
	head := widget.FirstFit(w,
		fmt.Sprintf("%s now: %.2f jobs a server%s", c.Label(), now, field),
		fmt.Sprintf("%s now: %.2f a server%s", c.Label(), now, brief),
		fmt.Sprintf("%s now %.2f%s", c.Label(), now, brief),
		fmt.Sprintf("%s now %.2f%s", c.ShortLabel(), now, brief),
		fmt.Sprintf("%s now %.2f", c.ShortLabel(), now))
	caption := widget.FirstFit(w,
		fmt.Sprintf("share of the %d servers at each queue length now", c.Servers),
		"servers at each queue length now", "servers by queue length now")
	if hasTheory {
		caption = widget.FirstFit(w,
			fmt.Sprintf("share of the %d servers at each queue length now; ┃ the mean field", c.Servers),
			"servers at each queue length now; ┃ mean field",
			"servers by queue length now, ┃ mean field",
			"servers by length now, ┃ mean field",
			"servers by queue length now")
	}
	lines := []string{st.Title.Render(head), st.Muted.Render(caption)}
	if c.Slow > 0 {
		lines = append(lines, slowLine(st, r, w))
	}
	if c.Gray > 0 || c.Eject || c.Unhealthy > 0 {
		lines = append(lines, healthLine(st, r, w))
	}
	if hasTheory && c.Policy != queue.StaleD {
		m := queue.NewTheory(c.Load, d, 10).MeanQueue
		if avg, ok := s.AverageSeries().Last(); ok && s.Done() && math.Abs(avg.Y-m) > settleGap*m {
			lines[1] = st.Warn.Render(widget.FirstFit(w,
				fmt.Sprintf("not settled: its average %.2f is still %.0f %% off the mean field's %.2f", avg.Y, 100*math.Abs(avg.Y-m)/m, m),
				fmt.Sprintf("not settled: average %.2f, field %.2f", avg.Y, m), "not settled"))
		}
	}
	var bars []widget.HBar
	for i := range lengths {
		label := fmt.Sprintf("%d jobs", i)
		switch i {
		case 1:
			label = "1 job"
		case lengths - 1:
			label = "7+ jobs"
		}
		v := share(s, i)
		mark := math.NaN()
		if hasTheory {
			mark = theory(c.Load, d, i)
		}
		bars = append(bars, widget.HBar{Label: fmt.Sprintf("%-7s %5.1f%%", label, 100*v),
			Parts: []widget.HBarPart{{Value: v, Rune: '█', Style: st.SeriesStyle(0)}}, Mark: mark})
	}
	hb := widget.HBars{Bars: bars, Max: barMax, MarkRune: '┃', MarkStyle: st.Marker}
	lines = append(lines, strings.Split(hb.Render(st, w), "\n")...)
	return append(lines, hb.Axis(st, w, func(v float64) string { return fmt.Sprintf("%.0f%%", 100*v) }))
}

// slowLine says what the slow servers hold now and what a job's stay
// has averaged since the warm-up, warned when a slow server's queue is
// past the others' several times over.
func slowLine(st *widget.Styles, r *run, w int) string {
	s, c := r.sim, r.sim.Config()
	slow := s.SlowMean()
	fast := (float64(s.Total()) - slow*float64(c.Slow)) / float64(c.Servers-c.Slow)
	response := "—"
	if res := r.result(); len(res.Fractions) > 0 {
		response = fmt.Sprintf("%.2f", res.MeanResponse)
	}
	line := widget.FirstFit(w,
		fmt.Sprintf("the %d slow servers (speed %g) hold %.1f each, the others %.1f; a job's stay %s", c.Slow, c.SlowSpeed, slow, fast, response),
		fmt.Sprintf("%d slow (×%g) hold %.1f each, others %.1f; stay %s", c.Slow, c.SlowSpeed, slow, fast, response),
		fmt.Sprintf("slow hold %.1f, others %.1f; stay %s", slow, fast, response),
		fmt.Sprintf("slow %.1f, others %.1f", slow, fast))
	if slow > 3*fast+3 {
		return st.Warn.Render(line)
	}
	return st.Text.Render(line)
}

// healthLine says what the failing servers cost: the jobs that failed
// since the warm-up, the servers ejected now, and whether the balancer
// is panicking.
func healthLine(st *widget.Styles, r *run, w int) string {
	s, c := r.sim, r.sim.Config()
	errs := "—"
	if res := r.result(); len(res.Fractions) > 0 {
		errs = fmt.Sprintf("%.2f%%", 100*res.ErrorShare)
	}
	var long, short []string
	if c.Gray > 0 {
		long, short = append(long, fmt.Sprintf("%d gray; %s of all jobs failed", c.Gray, errs)), append(short, "errors "+errs)
	}
	if c.Unhealthy > 0 {
		long, short = append(long, fmt.Sprintf("%d fail checks", c.Unhealthy)), append(short, fmt.Sprintf("%d unhealthy", c.Unhealthy))
	}
	if c.Eject {
		long, short = append(long, fmt.Sprintf("%d ejected now", s.Ejected())), append(short, fmt.Sprintf("%d out", s.Ejected()))
	}
	if s.Panicking() {
		long, short = append(long, "PANIC: balancing across all"), append(short, "PANIC")
	}
	line := widget.FirstFit(w, strings.Join(long, " · "), strings.Join(short, " · "))
	if s.Panicking() || c.Gray > 0 && !c.Eject {
		return st.Warn.Render(line)
	}
	return st.Text.Render(line)
}

// chart is the mean jobs a server over the time so far in h rows, its
// title first: now (at each time unit), averaged since the warm-up (the
// headline's measure, which it ends on), the policy's mean field, and
// random's for reference when no panel runs random.
func chart(st *widget.Styles, r *run, w, h int, sc scales) []string {
	s, c := r.sim, r.sim.Config()
	end := s.Now()
	// the measures first, so that theirs are the names on their rows
	series := []widget.Line{
		{Name: "now", Style: st.SeriesStyle(0), Bounded: true, End: end, Value: s.MeanSeries().StepAt},
		{Name: "average", Style: st.SeriesStyle(1), Bounded: true, End: end, Start: math.Floor(c.Warmup) + 1, Value: s.AverageSeries().StepAt},
	}
	if d, ok := c.Choices(); ok && len(s.Switched()) == 0 {
		m := queue.NewTheory(c.Load, d, 10).MeanQueue
		name := "mean field"
		if w < 48 { // a narrow panel: the plot's columns before the name's
			name = "field"
		}
		series = append(series, widget.Line{Name: name, Style: st.Warn, Value: func(float64) float64 { return m }})
	}
	if sc.random > 0 {
		series = append(series, widget.Line{Name: "random", Style: st.Muted, Value: func(float64) float64 { return sc.random }})
	}
	yFormat := "%.0f"
	if sc.means*1.1 < 4 { // labels a few rows apart differ by tenths
		yFormat = "%.1f"
	}
	ts := widget.TimeSeries{XMin: 0, XMax: max(50, end), YMin: 0, YMax: sc.means * 1.1,
		XLabel: func(v float64) string { return fmt.Sprintf("%.0f", v) },
		YLabel: func(v float64) string { return fmt.Sprintf(yFormat, v) },
		Lines:  series, NamesWidth: len("now average ") + 1, Switches: switchTimes(s)}.With(widget.JoinRows)
	if w < 48 { // a narrow panel: the plot before the names on one row
		ts.NamesWidth = 0
	}
	since := fmt.Sprintf("%.10g", c.Warmup)
	titles := []string{
		"mean jobs a server: now, and averaged since t " + since + " (the headline's)",
		"mean jobs a server: now, and averaged since t " + since,
		"jobs a server: now, and averaged since t " + since,
		"jobs a server, now and since t " + since,
		"jobs a server",
	}
	if sc.random > 0 {
		titles = append([]string{
			"mean jobs a server: now, averaged since t " + since + ", mean fields (random's for reference)",
			"mean jobs a server: now, averaged since t " + since + ", mean fields (random's too)",
			"jobs a server: now, since t " + since + ", mean fields with random's",
		}, titles[2:]...)
	}
	if len(ts.Switches) > 0 {
		for i, t := range titles {
			titles[i] = widget.SwitchLegend + " · " + t
		}
		titles = append(titles, widget.SwitchLegend)
	}
	lines := []string{st.Muted.Render(widget.FirstFit(w, titles...))}
	return append(lines, strings.Split(ts.Render(st, w, h-1), "\n")...)
}

// switchTimes are the times of the switches a run has met.
func switchTimes(s *queue.Sim) []float64 {
	var out []float64
	for _, sw := range s.Switched() {
		out = append(out, sw.At)
	}
	return out
}
