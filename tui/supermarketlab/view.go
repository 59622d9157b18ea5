package supermarketlab

import (
	"fmt"
	"math"
	"strings"

	"github.com/charmbracelet/lipgloss"
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
		d := dOf(s.Config())
		for i := range lengths {
			barMax = max(barMax, share(s, i), theory(s.Config().Load, d, i))
		}
		meanMax = max(meanMax, queue.NewTheory(s.Config().Load, d, 10).MeanQueue)
		v := s.MeanSeries()
		for i := range v.Len() {
			meanMax = max(meanMax, v.At(i).Y)
		}
	}
	barMax = math.Min(1, math.Ceil(barMax*10)/10)
	if len(l.sims) == 1 {
		return widget.FitLines(l.panel(f.St, l.sims[0], f.W, f.H, barMax, meanMax), f.W, f.H)
	}
	w := (f.W - 1) / 2
	a := widget.FitLines(l.panel(f.St, l.sims[0], w, f.H, barMax, meanMax), w, f.H)
	b := widget.FitLines(l.panel(f.St, l.sims[1], w, f.H, barMax, meanMax), w, f.H)
	return lipgloss.JoinHorizontal(lipgloss.Top, lipgloss.NewStyle().Width(w+1).Render(a), b)
}

func dOf(c queue.Config) int {
	if c.Policy == queue.JSQD || c.Policy == queue.StaleD {
		return c.D
	}
	return 1
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

// panel is one policy: the share of servers at each length now against
// the mean field, then the mean queue over time against its theory.
func (l *Lab) panel(st *widget.Styles, s *queue.Sim, w, h int, barMax, meanMax float64) []string {
	c := s.Config()
	d := dOf(c)
	th := queue.NewTheory(c.Load, d, 10)
	theoryNote := "mean field"
	if c.Policy == queue.JSQ || c.Policy == queue.RoundRobin || c.Policy == queue.StaleD {
		theoryNote = "mean field of jsq-" + fmt.Sprint(d) // no line of their own: the marks show how far they are from it
		if c.Policy != queue.StaleD {
			theoryNote = "mean field of one choice"
		}
	}
	head := []string{
		st.Title.Render(widget.Truncate(fmt.Sprintf("%s: mean %.2f now, %s %.2f", name(c), s.Mean(), theoryNote, th.MeanQueue), w)),
		st.Muted.Render(widget.Truncate(fmt.Sprintf("share of the %d servers at each queue length now", c.Servers), w)),
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
		bars = append(bars, widget.HBar{Label: fmt.Sprintf("%-7s %5.1f%%", label, 100*v),
			Parts: []widget.HBarPart{{Value: v, Rune: '█', Style: st.SeriesStyle(0)}}, Mark: theory(c.Load, d, i)})
	}
	hb := widget.HBars{Bars: bars, Max: barMax, MarkRune: '┃', MarkStyle: st.Marker}
	lines := append(head, strings.Split(hb.Render(st, w), "\n")...)
	lines = append(lines, hb.Axis(st, w, func(v float64) string { return fmt.Sprintf("%.0f%%", 100*v) }))
	lines = append(lines, st.Muted.Render(widget.Truncate("┃ the mean-field share", w)))
	chartH := max(5, h-len(lines)-2)
	end := s.Now()
	ts := widget.TimeSeries{XMin: 0, XMax: l.spec.Time, YMin: 0, YMax: meanMax * 1.1,
		XLabel: func(v float64) string { return fmt.Sprintf("%.0f", v) },
		YLabel: func(v float64) string { return fmt.Sprintf("%.0f", v) },
		Lines: []widget.Line{
			{Name: "mean", Style: st.SeriesStyle(0), Bounded: true, End: end, Value: s.MeanSeries().StepAt},
			{Name: "theory", Style: st.Warn, Value: func(float64) float64 { return th.MeanQueue }},
		}}
	lines = append(lines, st.Muted.Render(widget.Truncate("mean jobs a server over time (x: time, a job's service is 1 on average)", w)))
	return append(lines, strings.Split(ts.Render(st, w, chartH), "\n")...)
}
