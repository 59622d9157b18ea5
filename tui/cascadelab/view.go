package cascadelab

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/loadlab/loadlab/sim/cascade"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// Render draws the pools over time, the success rate and the backlog, the
// breaker band, the counters and the latest moments.
func (l *Lab) Render(f lab.Frame) string {
	l.sync()
	st, s := f.St, l.snap
	w := f.W
	head := st.Title.Render(l.name) + st.Muted.Render(": "+describe(l.cfg.Protections))
	counters := st.Text.Render(fmt.Sprintf("arrived %d: ok %.1f%%, failed %.1f%%, still in the system %.1f%% · good (ok in %g ms) %.1f%% · fast-fails %d · shed %d · retries %d (%.2fx the attempts)",
		s.Arrived, pct(s.OK, s.Arrived), pct(s.Failed, s.Arrived), pct(s.Arrived-s.OK-s.Failed, s.Arrived), l.cfg.SLOMs, pct(s.Good, s.Arrived),
		s.FastFail, s.Shed, s.Retries, float64(s.Attempts)/float64(max(1, s.Arrived))))
	var log []string
	keep := 3
	if f.H < 30 {
		keep = 1 // the chart needs the rows
	}
	for i := max(0, len(s.Moments)-keep); i < len(s.Moments); i++ {
		log = append(log, st.Muted.Render(widget.Truncate(s.Moments[i].Caption, w)))
	}
	fixed := 1 + 1 + 2 + 1 + 1 + len(log) // head, band, markers and legend, label, counters, log
	if f.H >= 30 {
		fixed++ // the chart's caption
	}
	chartsH := max(8, f.H-fixed)
	topH := chartsH * 11 / 20
	botH := chartsH - topH
	xs := func(v float64) string { return fmt.Sprintf("%.0fs", v) }
	pcts := func(v float64) string { return fmt.Sprintf("%.0f%%", v) }
	use := widget.TimeSeries{XMin: 0, XMax: l.cfg.Duration, YMin: 0, YMax: 100, XLabel: xs, YLabel: pcts}
	// Each column shows the mean of the 100 ms points under it, not one
	// of them: a pool that flickers reads as the share of time it was busy.
	half := l.cfg.Duration / float64(2*w)
	for i, name := range []string{"api", "svc", "db", "aux"} {
		use.Lines = append(use.Lines, widget.Line{Name: name, Style: st.SeriesStyle(i), End: s.T, Value: meanPercent(s.Use[i], half)})
	}
	if l.cfg.Bulkhead {
		use.Lines = append(use.Lines,
			widget.Line{Name: "svc→db", Style: st.SeriesStyle(4), End: s.T, Value: meanPercent(s.Bulkhead[0], half)},
			widget.Line{Name: "svc→aux", Style: st.SeriesStyle(5), End: s.T, Value: meanPercent(s.Bulkhead[1], half)})
	}
	success := widget.TimeSeries{XMin: 0, XMax: l.cfg.Duration, YMin: 0, YMax: 100, XLabel: xs, YLabel: pcts,
		Lines: []widget.Line{{Name: "ok", Style: st.OK, End: s.T, Value: meanPercent(s.Success, 2*half)}}}
	peak := 10.0
	for i := range s.Backlog.Len() {
		peak = max(peak, s.Backlog.At(i).Y)
	}
	backlog := widget.TimeSeries{XMin: 0, XMax: l.cfg.Duration, YMin: 0, YMax: peak * 1.1, XLabel: xs,
		YLabel: func(v float64) string { return fmt.Sprintf("%.0f", v) },
		Lines:  []widget.Line{{Name: "queue", Style: st.Warn, End: s.T, Value: valueAt(s.Backlog)}}}
	left, width := use.Area(w)
	halfW := w / 2
	lines := []string{widget.Truncate(head, w)}
	if f.H >= 30 {
		lines = append(lines, st.Muted.Render("threads and connections in use: serving, or held while waiting on the layer below"))
	}
	lines = append(lines, strings.Split(use.Render(st, w, topH), "\n")...)
	lines = append(lines, l.band(st, left, width))
	lines = append(lines, strings.Split(l.markers(st, left, width, w), "\n")...)
	lines = append(lines, st.Muted.Render(widget.Truncate(fmt.Sprintf("%-*s%s", halfW, "success rate", "api backlog (requests queued)"), w)))
	bottom := lipgloss.JoinHorizontal(lipgloss.Top, success.Render(st, halfW-2, botH), "  ", backlog.Render(st, w-halfW, botH))
	lines = append(lines, strings.Split(bottom, "\n")...)
	lines = append(lines, counters)
	lines = append(lines, log...)
	return widget.FitLines(lines, w, f.H)
}

// band is the breaker's state over the chart's x axis, a letter per
// column coloured by state: C closed, O open, H half-open, so that it
// reads without colour. left columns hold its label.
func (l *Lab) band(st *widget.Styles, left, width int) string {
	label := fmt.Sprintf("%-*s", left, "brk")
	if !l.cfg.Breaker {
		return st.Muted.Render(label + "breaker off (b turns it on)")
	}
	var b strings.Builder
	b.WriteString(st.Muted.Render(label))
	v := l.snap.Breaker
	for c := range max(0, width) {
		t0 := float64(c) / float64(width) * l.cfg.Duration
		t1 := float64(c+1) / float64(width) * l.cfg.Duration
		if t0 > l.snap.T || v.Before(t0) < 0 && v.Before(t1) < 0 {
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
func (l *Lab) markers(st *widget.Styles, left, width, w int) string {
	row := []rune(strings.Repeat(" ", left+max(0, width)))
	put := func(t float64, r rune) {
		if c := int(t / l.cfg.Duration * float64(width)); c >= 0 && c < width {
			row[left+c] = r
		}
	}
	put(l.cfg.DegradeAt, '!')
	put(l.cfg.SurgeAt, 'S')
	put(l.cfg.SurgeEnd, 'e')
	legend := fmt.Sprintf("! db %gx slower at %g s · S..e %gx surge · brk: C closed, O open, H half-open", l.cfg.DBSlowdown, l.cfg.DegradeAt, l.cfg.SurgeX)
	return st.Marker.Render(string(row)) + "\n" + st.Muted.Render(widget.Truncate(legend, w))
}

// meanPercent is 100 x the mean of the points within half of x.
func meanPercent(v engine.SeriesView, half float64) func(float64) float64 {
	return func(x float64) float64 {
		hi, lo := v.Before(x+half), v.Before(x-half)
		if hi < 0 {
			return 0
		}
		if hi == lo { // no point inside: the latest before
			return 100 * v.At(hi).Y
		}
		sum := 0.0
		for i := lo + 1; i <= hi; i++ {
			sum += v.At(i).Y
		}
		return 100 * sum / float64(hi-lo)
	}
}

func valueAt(v engine.SeriesView) func(float64) float64 {
	return func(x float64) float64 {
		if i := v.Before(x); i >= 0 {
			return v.At(i).Y
		}
		return 0
	}
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}
