package tui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/loadlab/loadlab/internal/sweep"
	"github.com/loadlab/loadlab/themes"
	"github.com/loadlab/loadlab/tui/widget"
)

// sweepChart is a sweep's chart (sweep.ChartOf) as a time-series widget,
// each line in st's series colour.
func sweepChart(a sweep.Axes, st *widget.Styles) widget.TimeSeries {
	lines := make([]widget.Line, len(a.Lines))
	for i, c := range a.Lines {
		lines[i] = widget.Line{Name: c.Name, Style: st.SeriesStyle(i), Value: c.Value}
	}
	return widget.TimeSeries{XMin: a.XMin, XMax: a.XMax, YMin: a.YMin, YMax: a.YMax, XLabel: a.XLabel, YLabel: a.YLabel, Lines: lines}
}

// PlotW and PlotH are the text report's plots.
const PlotW, PlotH = 78, 16

// SweepPlot draws r's charts as text for loadlab sweep's report: for a
// figure's key, its chart without colour under its caption (nil where it
// has no axis).
func SweepPlot(r sweep.Report) func(key string) []string {
	st := widget.NewStyles(themes.All[len(themes.All)-1])
	return func(key string) []string {
		a, ok := sweep.ChartOf(r, key)
		if !ok {
			return nil
		}
		caption := a.Caption
		if len(a.Lines) > 1 {
			caption += " (without colour a letter marks each line: the key under the plot)"
		}
		out := []string{"", caption}
		for _, l := range strings.Split(ansi.Strip(sweepChart(a, st).Render(st, PlotW, PlotH)), "\n") {
			out = append(out, strings.TrimRight(l, " "))
		}
		return out
	}
}
