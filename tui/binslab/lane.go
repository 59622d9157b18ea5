package binslab

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/sim/bins"
	"github.com/loadlab/loadlab/tui/widget"
)

// laneLook is what one lane draws besides its chart, worked out for every
// lane before any is drawn, so that all charts take the same rows: one
// count axis for the whole screen.
type laneLook struct {
	frame    lipgloss.Style
	iw, ih   int
	mode     chartMode
	figs     []string
	axisRows int // the marks of the latest ball and the bin numbers, or the loads
}

// look works out lane i's frame, chart and figure lines in r. The latest
// decision is a figure line when there is no narration under the lanes to
// tell it (decide).
func (l *Lab) look(i int, lane bins.LaneSnapshot, narrate, decide bool, r widget.Rect, st *widget.Styles) laneLook {
	k := laneLook{frame: st.Panel, mode: l.view.mode, axisRows: 1}
	if i == l.view.focus && !l.view.trials {
		k.frame = st.Focused
	}
	k.iw = r.W - k.frame.GetHorizontalFrameSize()
	k.ih = r.H - k.frame.GetVerticalFrameSize()
	if k.mode == chartBars && !barsFit(len(lane.Loads), k.iw) {
		k.mode = chartDistribution
	}
	if k.mode == chartBars {
		k.axisRows = 2
	}
	k.figs = l.figureLines(lane, k.iw)
	if narrate && decide && lane.Last.Chosen >= 0 {
		k.figs = append([]string{decisionLine(lane.Last)}, k.figs...)
	}
	return k
}

// chartRows is the chart's height beside a title, the axis rows, the
// legend and the figure lines, which give way, the last first, down to
// two while the chart is under minChartRows, and to one while it is under
// the readable minimum.
func (k laneLook) chartRows() int {
	figs := len(k.figs)
	rows := func() int { return k.ih - 1 - figs - k.axisRows - 1 }
	for (rows() < minChartRows && figs > 2) || (rows() < minReadRows && figs > 1) {
		figs--
	}
	return rows()
}

// figureLines are a lane's figures, each line in the longest form that
// fits w cells; hot is left out where it would only mean "holds two".
func (l *Lab) figureLines(lane bins.LaneSnapshot, w int) []string {
	f, p := lane.Figures, lane.Theory
	fit := func(forms ...string) string { return widget.FirstFit(w, forms...) }
	empty, gap := "empty "+textfmt.Int(f.Empty), fmt.Sprintf("gap %.2f", f.Gap)
	hot := "  hot " + textfmt.Int(f.Hot)
	if !l.hotShown() { // at light load "hot" is any bin with 2 balls
		hot = ""
	}
	top := fit(fmt.Sprintf("max %s  p99 %s  std %.2f", textfmt.Int(f.Max), textfmt.Int(f.P99), f.Std), fmt.Sprintf("max %s  p99 %s", textfmt.Int(f.Max), textfmt.Int(f.P99)))
	top5 := fit("top5 "+grouped(f.Top5), "top3 "+grouped(f.Top5[:min(3, len(f.Top5))]))
	if w < wideLane { // narrow: the gap beside the fluid limit, no formula
		return []string{top, fit(empty+hot, empty), top5, fit(gap+"  fluid max "+theoryShort(p), gap+"  fluid "+theoryShort(p), gap)}
	}
	lines := []string{top, fit(empty+hot+"  "+gap, empty+hot, empty), top5}
	if p.NoFluid != "" {
		lines = append(lines, fit("fluid limit: "+p.NoFluid, "fluid limit: none"))
	} else {
		lines = append(lines, fit(fmt.Sprintf("fluid limit: max %.2f at the end", p.ExpectedMax), fmt.Sprintf("fluid limit: max %.2f", p.ExpectedMax)))
	}
	// The asymptote as a formula, a trend: its value at this size is left
	// to the JSON, since two choices' m/n + ln ln n / ln d sits above one
	// choice's ln n / ln ln n at n = m = 4096, which says nothing about
	// which does better.
	return append(lines, fit("asymptotic: "+p.Formula, "trend: "+p.Formula, p.Formula))
}

// lanePanel draws one strategy: a title, its chart in rows rows, a legend
// and the figure lines that fit under them.
func (l *Lab) lanePanel(i int, lane bins.LaneSnapshot, sc scale, k laneLook, rows int, narrate bool, st *widget.Styles) string {
	if k.iw < 4 || k.ih < 3 {
		return k.frame.Width(max(0, k.iw+k.frame.GetHorizontalPadding())).Render("")
	}
	figs := k.figs[:max(0, min(len(k.figs), k.ih-1-rows-k.axisRows-1))]
	bar := st.SeriesStyle(i).UnsetBold()
	chartW := k.iw
	if sc.width > 0 {
		chartW = min(k.iw, sc.width)
	}
	lines := append([]string{l.laneTitle(i, lane.Strategy, k, st)}, laneChart(lane, sc, k.mode, narrate, chartW, rows, st, bar)...)
	lines = append(lines, l.legend(k.mode, narrate, sc, k.iw, st, bar))
	for _, fl := range figs {
		lines = append(lines, st.Text.Render(fl))
	}
	return k.frame.Width(k.iw + k.frame.GetHorizontalPadding()).Render(widget.FitLines(lines, k.iw, k.ih))
}

// laneTitle names the rule and the chart, in the longest form that fits:
// a stale view that never refreshes says so first, and the chart's name
// gives way before that.
func (l *Lab) laneTitle(i int, s bins.Strategy, k laneLook, st *widget.Styles) string {
	name := st.SeriesStyle(i).Render(s.Name)
	if sel, _ := l.selected(); l.selShown && sel == i {
		name = st.Accent.Render("▸ ") + name
	}
	never := neverRefreshed(s, l.spec.Balls)
	// Over several trials a lane shows one of them: it says which.
	trial, short := "", ""
	if l.snap.Trials > 1 {
		trial = fmt.Sprintf(" · trial %s of %s", textfmt.Int(l.snap.Trial+1), textfmt.Int(l.snap.Trials))
		short = fmt.Sprintf(" · %s/%s", textfmt.Int(l.snap.Trial+1), textfmt.Int(l.snap.Trials))
	}
	var forms []string
	for _, n := range []string{never, shortNever(never)} {
		for _, t := range []string{trial, short} {
			forms = append(forms, name+st.Muted.Render(n+t+"  "+k.mode.String()), name+st.Muted.Render(n+t+"  "+k.mode.short()), name+st.Muted.Render(n+t))
		}
		forms = append(forms, name+st.Muted.Render(n))
	}
	forms = append(forms, name)
	return widget.FirstFit(k.iw, forms...)
}

// shortNever is neverRefreshed's note in two words.
func shortNever(note string) string {
	if note == "" {
		return ""
	}
	return " (never refreshed)"
}

// legend says what the chart's marks mean, in words beside each mark.
// Narrow lanes get the short words, and keys that do not fit are left out
// whole: the mark the lesson needs comes first, and "no hot mark" is left
// to the glossary where there is no room.
func (l *Lab) legend(mode chartMode, narrate bool, sc scale, w int, st *widget.Styles, bar lipgloss.Style) string {
	wide := w >= 56
	hotKey := []widget.Key{{Mark: "┄", Style: st.Warn, Meaning: "hot"}}
	switch {
	case !l.hotShown() && w >= 44:
		hotKey = []widget.Key{{Mark: "", Style: st.Muted, Meaning: fmt.Sprintf("no hot mark under %d a bin", bins.HotMinMean)}}
	case !l.hotShown():
		hotKey = nil
	case wide:
		hotKey[0].Meaning = fmt.Sprintf("hot≥%.10g×mean", l.spec.Hot)
	}
	var keys []widget.Key
	switch mode {
	case chartDistribution:
		per, chartW := "bins/load", w
		if sc.width > 0 {
			chartW = min(w, sc.width)
		}
		if b := sc.bucket(chartW); b > 1 {
			per = fmt.Sprintf("bins/%d loads", b)
		}
		fluid := "fluid (end)"
		if w < wideLane && sc.bucket(chartW) == 1 {
			per = "bins"
		}
		if wide {
			per, fluid = strings.Replace(per, "/", " per ", 1), "fluid limit (at the end)"
		}
		keys = []widget.Key{{Mark: "█", Style: bar, Meaning: per}, {Mark: "◆", Style: st.Marker, Meaning: fluid}}
	default:
		keys = []widget.Key{{Mark: "─", Style: st.Text, Meaning: "mean"}}
		if narrate && mode == chartBars {
			keys = append(keys, widget.Key{Mark: "·▲", Style: st.Marker, Meaning: "seen,chosen"})
		}
	}
	keys = append(keys, hotKey...)
	for len(keys) > 1 && widget.Width(widget.Legend(st, 1<<20, keys...)) > w {
		keys = keys[:len(keys)-1]
	}
	return widget.Legend(st, w, keys...)
}
