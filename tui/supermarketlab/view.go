package supermarketlab

import (
	"fmt"
	"math"
	"strings"

	"github.com/loadlab/loadlab/sim/queue"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// lengths is the queue lengths drawn: 0..6 and 7 or more.
const lengths = 8

// Render draws each policy's panel side by side on shared scales.
func (l *Lab) Render(f lab.Frame) string {
	// one scale for the bars and one for the means, over both panels
	barMax, meanMax := 0.3, 1.0
	for _, s := range l.sims {
		for i := range lengths {
			barMax = max(barMax, share(s, i))
		}
		if d, ok := s.Config().Choices(); ok {
			for i := range lengths {
				barMax = max(barMax, theory(s.Config().Load, d, i))
			}
			meanMax = max(meanMax, queue.NewTheory(s.Config().Load, d, 10).MeanQueue)
		}
		v := s.MeanSeries()
		for i := range v.Len() {
			meanMax = max(meanMax, v.At(i).Y)
		}
	}
	sc := scales{bars: math.Min(1, math.Ceil(barMax*10)/10), means: meanMax}
	panels := make([]func(w, h int, sc scales) string, len(l.sims))
	for i, sim := range l.sims {
		panels[i] = func(w, h int, sc scales) string {
			return strings.Join(l.panel(f.St, sim, w, h, sc.bars, sc.means), "\n")
		}
	}
	return widget.SideBySide(f.W, f.H, sc, panels...)
}

// scales are what the policies' panels share: the top of the share bars
// and of the mean queue chart.
type scales struct{ bars, means float64 }

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

// panel is one policy: the share of servers at each length now against
// the mean field (for the d-choice policies), then the mean queue over the
// time so far against its theory.
func (l *Lab) panel(st *widget.Styles, s *queue.Sim, w, h int, barMax, meanMax float64) []string {
	c := s.Config()
	d, hasTheory := c.Choices()
	var th queue.Theory
	theoryNote := "no mean field (not a d-choice rule)"
	if hasTheory {
		th = queue.NewTheory(c.Load, d, 10)
		theoryNote = fmt.Sprintf("mean field %.2f", th.MeanQueue)
		if c.Policy == queue.StaleD {
			theoryNote = fmt.Sprintf("fresh board's %.2f", th.MeanQueue)
		}
	}
	compact := h < 30
	head := []string{st.Title.Render(widget.Truncate(fmt.Sprintf("%s: mean %.2f now, %s", name(c), s.Mean(), theoryNote), w))}
	if !compact {
		head = append(head, st.Muted.Render(widget.Truncate(fmt.Sprintf("share of the %d servers at each queue length now", c.Servers), w)))
	}
	var bars []widget.HBar
	for i := range lengths {
		label := fmt.Sprintf("%d jobs", i)
		if i == 1 {
			label = "1 job"
		}
		if i == lengths-1 {
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
	lines := append(head, strings.Split(hb.Render(st, w), "\n")...)
	axis := hb.Axis(st, w, func(v float64) string { return fmt.Sprintf("%.0f%%", 100*v) })
	lines = append(lines, axis)
	if !compact {
		lines = append(lines, st.Muted.Render(widget.Truncate("┃ the mean-field share", w)))
	}
	chartH := max(5, h-len(lines)-1)
	end := s.Now()
	var series []widget.Line
	if hasTheory { // first, so that the measured line draws over it
		series = append(series, widget.Line{Name: "mean field", Style: st.Warn, Value: func(float64) float64 { return th.MeanQueue }})
	}
	series = append(series, widget.Line{Name: "measured", Style: st.SeriesStyle(0), Bounded: true, End: end, Value: s.MeanSeries().StepAt})
	ts := widget.TimeSeries{XMin: 0, XMax: max(50, end), YMin: 0, YMax: meanMax * 1.1,
		XLabel: func(v float64) string { return fmt.Sprintf("%.0f", v) },
		YLabel: func(v float64) string { return fmt.Sprintf("%.0f", v) },
		Lines:  series}
	lines = append(lines, st.Muted.Render(widget.Truncate("mean jobs a server over the time so far", w)))
	return append(lines, strings.Split(ts.Render(st, w, chartH), "\n")...)
}
