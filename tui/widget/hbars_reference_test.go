package widget

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/NimbleMarkets/ntcharts/barchart"
	"github.com/NimbleMarkets/ntcharts/canvas"
	"github.com/charmbracelet/lipgloss"
	"github.com/loadlab/loadlab/themes"
	"github.com/muesli/termenv"
)

func TestHBarsDrawAsNtchartsBarchart(t *testing.T) {
	for _, prof := range []termenv.Profile{termenv.TrueColor, termenv.Ascii} {
		r := lipgloss.NewRenderer(&bytes.Buffer{}, termenv.WithProfile(prof))
		r.SetColorProfile(prof)
		for _, th := range themes.All {
			st := NewStylesFor(th, r)
			for _, lab := range []string{"ab", "héllo·x", "→"} {
				h := HBars{Max: 10, MarkRune: '│', MarkStyle: st.Bad, Bars: []HBar{
					{Label: lab, Parts: []HBarPart{{Value: 3.3, Rune: '█', Style: st.Series[0]}, {Value: 2, Rune: '░', Style: st.Muted}}, Mark: 7},
					{Label: "second", Parts: []HBarPart{{Value: 0.1, Rune: '█', Style: st.Text}}, Mark: math.NaN()},
				}}
				for _, w := range []int{12, 30, 80} {
					if a, b := h.Render(st, w), h.byBarchart(st, w); a != b {
						t.Fatalf("%q %d:\n%s\n%s", lab, w, a, b)
					}
				}
			}
		}
	}
}

// byBarchart is HBars drawn as it was on ntcharts' bar chart itself (a new
// chart and canvas each frame): Render, on a pooled canvas, must draw the
// same.
func (h HBars) byBarchart(st *Styles, w int) string {
	labelW := h.LabelW
	for _, b := range h.Bars {
		labelW = max(labelW, lipgloss.Width(b.Label))
	}
	if len(h.Bars) == 0 || w < labelW+4 || !(h.Max > 0) {
		return FitLines(nil, w, len(h.Bars))
	}
	var data []barchart.BarData
	for _, b := range h.Bars {
		bd := barchart.BarData{Label: fmt.Sprintf("%-*s", labelW, b.Label)}
		for _, p := range b.Parts {
			bd.Values = append(bd.Values, barchart.BarValue{Value: max(0, p.Value), Style: p.Style})
		}
		data = append(data, bd)
	}
	bc := barchart.New(w, len(h.Bars), barchart.WithMaxValue(h.Max), barchart.WithNoAutoMaxValue(),
		barchart.WithBarWidth(1), barchart.WithBarGap(0), barchart.WithStyles(st.Muted, st.Text), barchart.WithDataSet(data))
	bc.SetHorizontal(true) // after the data, so that the label column fits the labels
	bc.Draw()
	x0 := labelW + 1 // the first cell of a bar, past the label and the axis
	span := float64(w - x0)
	cell := func(v float64) int { return x0 + int(math.Round(v/h.Max*span)) }
	for row, b := range h.Bars {
		for x := x0; x < w; x++ { // ntcharts' own scale differs by a cell: ours throughout
			bc.Canvas.SetCell(canvas.Point{X: x, Y: row}, canvas.NewCell(' '))
		}
		at := 0.0
		var last HBarPart
		for _, p := range b.Parts { // each part's rune over its whole cells
			from, to := cell(at), cell(at+max(0, p.Value))
			for x := from; x < min(to, w); x++ {
				bc.Canvas.SetCell(canvas.Point{X: x, Y: row}, canvas.NewCellWithStyle(p.Rune, p.Style))
			}
			at += max(0, p.Value)
			if p.Value > 0 {
				last = p
			}
		}
		// A bar shorter than a cell past its whole cells still shows: an
		// eighth block for what is left, so that 2 % is not nothing.
		if cells := at / h.Max * span; at > 0 {
			whole := int(math.Floor(cells))
			if eighths := int((cells - float64(whole)) * 8); eighths > 0 && x0+whole < w {
				bc.Canvas.SetCell(canvas.Point{X: x0 + whole, Y: row}, canvas.NewCellWithStyle([]rune("▏▎▍▌▋▊▉")[eighths-1], last.Style))
			}
		}
		if !math.IsNaN(b.Mark) {
			bc.Canvas.SetCell(canvas.Point{X: min(cell(b.Mark), w-1), Y: row}, canvas.NewCellWithStyle(h.MarkRune, h.MarkStyle))
		}
	}
	return FitLines(strings.Split(canvasView(&bc.Canvas), "\n"), w, len(h.Bars))
}
