package exactlab

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/loadlab/loadlab/sim/bins"
	"github.com/loadlab/loadlab/tui/widget"
)

// chartFloor is the share under which a max load is left off the chart's
// axis: past it no rule's bar would rise off the axis.
const chartFloor = 0.001

// chartRows is the fewest rows the chart is drawn in: its title, legend,
// axis and labels, and bars tall enough to compare.
const chartRows = 9

// chartLoads is the max loads the chart draws, lo..hi: every k that some
// rule reaches with at least chartFloor.
func chartLoads(exs []bins.Exact) (lo, hi int) {
	lo = -1
	for _, ex := range exs {
		for k, p := range ex.Prob {
			if probFloat(p) < chartFloor {
				continue
			}
			if lo < 0 || k < lo {
				lo = k
			}
			hi = max(hi, k)
		}
	}
	return max(lo, 0), hi
}

// chartLines draws P(max = k) of every rule as bars side by side over one
// axis of max loads and one of percentages, in w x h cells: a title, the
// legend with each rule's E[max], then the chart. One choice's spread and
// two choices' peak read off the same scale.
func (l *Lab) chartLines(w, h int, st *widget.Styles) []string {
	r := l.result
	lo, hi := chartLoads(r.Exact)
	labels := make([]string, 0, hi-lo+1)
	for k := lo; k <= hi; k++ {
		labels = append(labels, strconv.Itoa(k))
	}
	groups := make([]widget.BarGroup, len(r.Names))
	keys := make([]widget.Key, len(r.Names))
	top := 0.0
	for i, name := range r.Names {
		values := make([]float64, 0, len(labels))
		for k := lo; k <= hi; k++ {
			p := 0.0
			if k < len(r.Exact[i].Prob) {
				p = 100 * probFloat(r.Exact[i].Prob[k])
			}
			values = append(values, p)
			top = max(top, p)
		}
		style := st.SeriesStyle(i).UnsetBold()
		groups[i] = widget.BarGroup{Values: values, Style: style}
		e, _ := r.Exact[i].Expected().Float64()
		keys[i] = widget.Key{Mark: "█", Style: style, Meaning: fmt.Sprintf("%s E[max] %.2f", name, e)}
	}
	title := widget.FirstFit(w,
		fmt.Sprintf("P(max = k) in %%, every rule on one axis · max loads under %.1f %% left off", 100*chartFloor),
		"P(max = k) in %, every rule on one axis", "P(max = k) in %")
	lines := append([]string{st.Text.Render(title)}, widget.LegendLines(st, w, keys...)...)
	bars := widget.Bars{Labels: labels, YMax: min(100, top*1.08), Groups: groups}
	chart := bars.Render(st, w, max(4, h-len(lines)))
	return append(lines, strings.Split(chart, "\n")...)
}

// chartPage is the chart alone, under the table's title, filling the
// screen: v's view.
func (l *Lab) chartPage(w, h int, st *widget.Styles) string {
	lines := []string{st.Title.Render(widget.FirstFit(w, l.sizeTitle(), "Exact max load")), ""}
	lines = append(lines, l.chartLines(w, h-len(lines)-2, st)...)
	lines = append(lines, "", st.Muted.Render(widget.FirstFit(w, "max load k along the bottom · v goes back to the table", "v: back to the table")))
	return strings.Join(lines, "\n")
}
