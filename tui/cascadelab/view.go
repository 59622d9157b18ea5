package cascadelab

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/sim/cascade"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// Render draws one run full width, or two side by side on shared scales.
func (l *Lab) Render(f lab.Frame) string {
	top := 10.0 // the backlog scale, shared by the runs compared
	for _, r := range l.runs {
		r.sync()
		for i := range r.snap.Backlog.Len() {
			top = max(top, r.snap.Backlog.At(i).Y)
		}
	}
	full := len(l.runs) == 1
	panels := make([]func(w, h int, backlogTop float64) string, len(l.runs))
	for i, r := range l.runs {
		panels[i] = func(w, h int, backlogTop float64) string {
			return strings.Join(l.panel(f.St, r, w, h, full, backlogTop), "\n")
		}
	}
	// both panels as wide, so that their time axes match
	return widget.SideBySide(f.W, f.H, top, panels...)
}

// panel draws one run: its set, the pools over time, the breaker band and
// the event marks, the success rate (and, with room, the backlog beside
// it, on the scale the panels share), the counters and the latest moments.
func (l *Lab) panel(st *widget.Styles, r *run, w, h int, full bool, backlogTop float64) []string {
	s, cfg := r.snap, r.cfg
	head := st.Title.Render(r.name) + st.Muted.Render(": "+brief(cfg, w-lipgloss.Width(r.name)-2))
	compact := h < 30
	counterRows := 3
	if compact {
		counterRows = 2
		if len(s.Journey) > 0 {
			counterRows = 1 // the journey takes the row
		}
	}
	counters := widget.Counters(st, w, counterRows, counterItems(s, cfg)...)
	// The log keeps a fixed height, so that panels side by side stay row
	// for row in line whatever each one lists.
	logRows := 3
	if compact {
		logRows = 1 // the chart needs the rows
		if len(s.Journey) > 0 {
			logRows = 2 // the counters' row
		}
	}
	var log []string
	if j := s.Journey; len(j) > 0 { // a followed request replaces the moments
		logRows++
		if !compact {
			logRows += 3 // a journey is worth more rows than the moments
		}
		log = append(log, st.Accent.Render("request followed (f follows the next):"))
		var stages []string
		for _, stage := range j {
			stages = append(stages, fmt.Sprintf("%6.2f s  %s", stage.At, stage.What))
		}
		rest := logRows - 1
		if len(stages) > 1 && rest > 2 { // its arrival stays in view
			log = append(log, newestWrapped(st.Text, stages[:1], w, 1)...)
			stages, rest = stages[1:], rest-1
		}
		log = append(log, newestWrapped(st.Text, stages, w, rest)...)
	} else {
		logRows++ // as tall as with a journey
		var captions []string
		for _, m := range s.Moments {
			captions = append(captions, m.Caption)
		}
		log = newestWrapped(st.Muted, captions, w, logRows)
	}
	log = widget.PadLines(log, logRows)
	fixed := 1 + 1 + 2 + 1 + len(counters) + len(log) // head, band, markers and legend, label, counters, log
	if !compact {
		fixed++ // the chart's caption
	}
	chartsH := max(8, h-fixed)
	topH := chartsH * 11 / 20
	botH := chartsH - topH
	xs := func(v float64) string { return fmt.Sprintf("%.0fs", v) }
	pcts := func(v float64) string { return fmt.Sprintf("%.0f%%", v) }
	use := widget.TimeSeries{XMin: 0, XMax: cfg.Duration, YMin: 0, YMax: 100, XLabel: xs, YLabel: pcts}
	// Each column shows the mean of the 100 ms points under it, not one
	// of them: a pool that flickers reads as the share of time it was busy.
	half := cfg.Duration / float64(2*w)
	// Each name carries its pool's share now: names crowded onto free rows
	// still say where their line is.
	named := func(name string, v engine.SeriesView) string {
		if p, ok := v.Last(); ok {
			return fmt.Sprintf("%s %.0f%%", name, 100*p.Y)
		}
		return name
	}
	for i, name := range cascade.LayerNames {
		use.Lines = append(use.Lines, widget.Line{Name: named(name, s.Use[i]), Style: st.SeriesStyle(i), Bounded: true, End: s.T, Value: meanPercent(s.Use[i], half)})
	}
	if cfg.Bulkhead {
		use.Lines = append(use.Lines,
			widget.Line{Name: named("svc→db", s.Bulkhead[0]), Style: st.SeriesStyle(4), Bounded: true, End: s.T, Value: meanPercent(s.Bulkhead[0], half)},
			widget.Line{Name: named("svc→aux", s.Bulkhead[1]), Style: st.SeriesStyle(5), Bounded: true, End: s.T, Value: meanPercent(s.Bulkhead[1], half)})
	}
	success := widget.TimeSeries{XMin: 0, XMax: cfg.Duration, YMin: 0, YMax: 100, XLabel: xs, YLabel: pcts,
		Lines: []widget.Line{{Name: "ok", Style: st.OK, Bounded: true, End: s.T, Value: meanPercent(s.Success, 2*half)}}}
	backlog := widget.TimeSeries{XMin: 0, XMax: cfg.Duration, YMin: 0, YMax: backlogTop * 1.1, XLabel: xs,
		YLabel: func(v float64) string { return fmt.Sprintf("%.0f", v) },
		Lines:  []widget.Line{{Name: "queue", Style: st.Warn, Bounded: true, End: s.T, Value: s.Backlog.StepAt}}}
	if !full { // side by side: one x scale for the pools of both panels
		use.NamesWidth = len("svc→aux 100% ")
	}
	use.NoXNumbers = compact // the charts below carry the same x numbers
	left, width := use.Area(w)
	lines := []string{widget.Truncate(head, w)}
	if !compact {
		lines = append(lines, st.Muted.Render(widget.Truncate("pools in use: serving, or held while waiting on the layer below", w)))
	}
	lines = append(lines, strings.Split(use.Render(st, w, topH), "\n")...)
	lines = append(lines, band(st, r, left, width))
	lines = append(lines, strings.Split(markers(st, cfg, left, width, w), "\n")...)
	if w >= 60 { // the success rate and the backlog side by side
		halfW := w / 2
		lines = append(lines, st.Muted.Render(widget.Truncate(fmt.Sprintf("%-*s%s", halfW, widget.Truncate("success rate of each 100 ms", halfW-1), "api backlog (requests queued)"), w)))
		bottom := lipgloss.JoinHorizontal(lipgloss.Top, success.Render(st, halfW-2, botH), "  ", backlog.Render(st, w-halfW, botH))
		lines = append(lines, strings.Split(bottom, "\n")...)
	} else { // too narrow for two: the backlog is a counter
		lines = append(lines, st.Muted.Render("success rate"))
		lines = append(lines, strings.Split(success.Render(st, w, botH), "\n")...)
	}
	lines = append(lines, counters...)
	return append(lines, log...)
}

// newestWrapped is the newest entries that fit whole in rows of w cells,
// wrapped, oldest first; the newest alone is cut short if it must be.
func newestWrapped(style lipgloss.Style, entries []string, w, rows int) []string {
	var out []string
	for i := len(entries) - 1; i >= 0; i-- {
		wrapped := widget.Wrap(entries[i], w)
		if len(out)+len(wrapped) > rows {
			if len(out) == 0 && rows > 0 {
				out = wrapped[:rows]
				out[rows-1] = widget.Truncate(out[rows-1]+" …", w)
			}
			break
		}
		out = append(wrapped, out...)
	}
	for i := range out {
		out[i] = style.Render(out[i])
	}
	return out
}

// counterItems are the live counters, most telling first.
func counterItems(s cascade.Snapshot, cfg cascade.Config) []widget.Counter {
	p95 := widget.Counter{Name: "p95 of successes in the last 1 s", Value: "none"}
	if s.RecentOK > 0 {
		p95.Value = fmt.Sprintf("%.0f ms", s.RecentP95)
	}
	backlog := 0.0
	if p, ok := s.Backlog.Last(); ok {
		backlog = p.Y
	}
	perRequest := func(n int) float64 {
		if s.Arrived == 0 {
			return 0
		}
		return float64(n) / float64(s.Arrived)
	}
	pct := func(a, b int) string { return fmt.Sprintf("%.1f%%", textfmt.Percent(a, b)) }
	return []widget.Counter{
		{Name: "ok", Value: pct(s.OK, s.Arrived)},
		{Name: fmt.Sprintf("good (ok in %g ms)", cfg.SLOMs), Value: pct(s.Good, s.Arrived)},
		{Name: "failed", Value: pct(s.Failed, s.Arrived)},
		p95,
		{Name: "api backlog", Value: fmt.Sprintf("%.0f", backlog)},
		{Name: "retries", Value: fmt.Sprintf("%d (%.2f attempts a request)", s.Retries, perRequest(s.Attempts))},
		{Name: "fast-fails", Value: fmt.Sprint(s.FastFail)},
		{Name: "shed", Value: fmt.Sprint(s.Shed)},
		{Name: "high priority ok", Value: pct(s.HiOK, s.HiTotal) + ", low " + pct(s.LoOK, s.LoTotal)},
		{Name: "db requests ok", Value: pct(s.DBOK, s.DBTotal) + ", aux " + pct(s.AuxOK, s.AuxTotal)},
		{Name: "db/aux calls", Value: fmt.Sprintf("%.2f a request", perRequest(s.DepCalls))},
		{Name: "arrived", Value: fmt.Sprint(s.Arrived)},
		{Name: "still in the system", Value: pct(s.Arrived-s.OK-s.Failed, s.Arrived)},
	}
}

// band is the breaker's state over the chart's x axis, a letter per
// column coloured by state: C closed, O open, H half-open, so that it
// reads without colour. left columns hold its label.
func band(st *widget.Styles, r *run, left, width int) string {
	label := fmt.Sprintf("%-*s", left, "brk")
	if !r.cfg.Breaker {
		return st.Muted.Render(label + "breaker off (b turns it on)")
	}
	var b strings.Builder
	b.WriteString(st.Muted.Render(label))
	v := r.snap.Breaker
	for c := range max(0, width) {
		t0 := float64(c) / float64(width) * r.cfg.Duration
		t1 := float64(c+1) / float64(width) * r.cfg.Duration
		if t0 > r.snap.T || v.Before(t0) < 0 && v.Before(t1) < 0 {
			b.WriteString(" ")
			continue
		}
		switch columnState(v, t0, t1) {
		case cascade.Open:
			b.WriteString(st.Bad.Render("O"))
		case cascade.HalfOpen:
			b.WriteString(st.Warn.Render("H"))
		default:
			b.WriteString(st.OK.Render("C"))
		}
	}
	return b.String()
}

// columnState is the state a band column shows for [t0, t1): half-open if
// the breaker was half-open at any point of it (it lasts only until its
// trials return, often less than a column), else open if it was open.
func columnState(v engine.SeriesView, t0, t1 float64) cascade.BreakerState {
	lo := max(v.Before(t0), 0)
	state := cascade.Closed
	for i := lo; i <= v.Before(t1) && i < v.Len(); i++ {
		switch s := cascade.BreakerState(v.At(i).Y); {
		case s == cascade.HalfOpen:
			return s
		case s == cascade.Open:
			state = s
		}
	}
	return state
}

// markers puts the timeline's events under the chart's x axis, then a
// legend of every mark.
func markers(st *widget.Styles, cfg cascade.Config, left, width, w int) string {
	row := []rune(strings.Repeat(" ", left+max(0, width)))
	put := func(t float64, r rune) {
		if c := int(t / cfg.Duration * float64(width)); c >= 0 && c < width {
			row[left+c] = r
		}
	}
	put(cfg.DegradeAt, '!')
	put(cfg.SurgeAt, 'S')
	put(cfg.SurgeEnd, 'e')
	legend := ""
	for _, l := range []string{ // the first that fits
		fmt.Sprintf("! db %gx slower at %g s · S..e %gx surge · brk: C closed, O open, H half-open", cfg.DBSlowdown, cfg.DegradeAt, cfg.SurgeX),
		fmt.Sprintf("! db %gx slower · S..e %gx surge · C closed O open H half-open", cfg.DBSlowdown, cfg.SurgeX),
		"! db slower · S..e surge · C/O/H closed/open/half",
		"! slow db · S..e surge",
	} {
		if legend = l; lipgloss.Width(l) <= w {
			break
		}
	}
	return st.Marker.Render(string(row)) + "\n" + st.Muted.Render(widget.Truncate(legend, w))
}

// brief says a run's protections in at most w cells: the wait limit, the
// retries, and the switches on (and off, with room), in the longest form
// that fits.
func brief(cfg cascade.Config, w int) string {
	p := cfg.Protections
	wait := cfg.DefaultWait
	if p.Tuned {
		wait = cfg.TunedWait
	}
	retry, short := "no retry", "no retry"
	switch p.Retry {
	case cascade.Immediate:
		retry, short = fmt.Sprintf("retry x%d at once", cfg.MaxRetries), "retry"
	case cascade.Backoff:
		retry, short = fmt.Sprintf("retry x%d with backoff", cfg.MaxRetries), "backoff"
	}
	var on, off, plus, abbr []string
	for _, sw := range []struct {
		name, abbr string
		on         bool
	}{{"breaker", "brk", p.Breaker}, {"bulkhead", "blk", p.Bulkhead}, {"shed", "shed", p.Shed}, {"budget", "bud", p.Budget}} {
		if sw.on {
			on, plus, abbr = append(on, sw.name), append(plus, "+"+sw.name), append(abbr, "+"+sw.abbr)
		} else {
			off = append(off, sw.name)
		}
	}
	long := []string{fmt.Sprintf("%g s timeout", wait), retry}
	if len(on) > 0 {
		long = append(long, "on: "+strings.Join(on, " "))
	}
	if len(off) > 0 {
		long = append(long, "off: "+strings.Join(off, " "))
	}
	mid := fmt.Sprintf("%g s wait · %s", wait, retry)
	if len(plus) > 0 {
		mid += " · " + strings.Join(plus, " ")
	}
	tight := strings.Join(append([]string{fmt.Sprintf("%gs", wait), short}, abbr...), " ")
	for _, form := range []string{strings.Join(long, " · "), mid, tight} {
		if lipgloss.Width(form) <= w {
			return form
		}
	}
	return tight
}

// meanPercent is 100 x the mean of the points within half of x; the
// column that holds the latest point shows that point, so that the line's
// end is the present, not an average that lags it.
func meanPercent(v engine.SeriesView, half float64) func(float64) float64 {
	return func(x float64) float64 {
		hi, lo := v.Before(x+half), v.Before(x-half)
		if hi < 0 {
			return 0
		}
		if hi == lo || hi == v.Len()-1 { // no point inside, or the present: the latest
			return 100 * v.At(hi).Y
		}
		sum := 0.0
		for i := lo + 1; i <= hi; i++ {
			sum += v.At(i).Y
		}
		return 100 * sum / float64(hi-lo)
	}
}
