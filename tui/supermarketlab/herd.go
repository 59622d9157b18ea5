package supermarketlab

import (
	"fmt"
	"strings"

	"github.com/loadlab/loadlab/sim/queue"
	"github.com/loadlab/loadlab/tui/widget"
)

// herd is the jobs sent to the k hottest servers since the board's latest
// refresh, each named with what the board showed it holding (stale-d) and
// what it holds now, against the fair share so far (┃), on the scale top
// and in the label column all the panels share: a stale board sends its
// herd to the servers it showed short, long after they have filled.
func herd(st *widget.Styles, r *run, all []*run, w, k int, top float64) []string {
	s := r.sim
	form, labelW := hotLabels(all, w)
	start := s.PeriodStart()
	fair := s.Config().Load * (s.Now() - start)
	title := widget.FirstFit(w,
		fmt.Sprintf("jobs sent since the board's refresh at t %.10g to the hottest servers; ┃ a fair share %.1f", start, fair),
		fmt.Sprintf("jobs sent since the board's refresh at t %.10g; ┃ fair share %.1f", start, fair),
		fmt.Sprintf("jobs sent since t %.10g; ┃ fair share %.1f", start, fair),
		fmt.Sprintf("sent since t %.10g, ┃ fair %.1f", start, fair),
		fmt.Sprintf("sent since t %.10g", start))
	var bars []widget.HBar
	hot := s.Hottest(herdMax)
	for _, h := range hot[:min(k, len(hot))] {
		bars = append(bars, widget.HBar{Label: hotLabel(h, form),
			Parts: []widget.HBarPart{{Value: float64(h.Sent), Rune: '█', Style: st.SeriesStyle(0)}}, Mark: fair})
	}
	hb := widget.HBars{Bars: bars, Max: top, LabelW: labelW, MarkRune: '┃', MarkStyle: st.Marker}
	lines := []string{st.Muted.Render(title)}
	lines = append(lines, strings.Split(hb.Render(st, w), "\n")...)
	return append(lines, hb.Axis(st, w, func(v float64) string { return fmt.Sprintf("%.0f", v) }))
}

// hotLabel names a hot server in one of three forms, longest first: its
// number, the jobs sent it, what the board showed (stale-d) and what it
// holds now.
func hotLabel(h queue.Hot, form int) string {
	board := h.Showed >= 0
	switch {
	case form == 0 && board:
		return fmt.Sprintf("#%d sent %d, showed %d, holds %d", h.Server, h.Sent, h.Showed, h.Holds)
	case form == 0:
		return fmt.Sprintf("#%d sent %d, holds %d", h.Server, h.Sent, h.Holds)
	case form == 1 && board:
		return fmt.Sprintf("#%d showed %d, holds %d", h.Server, h.Showed, h.Holds)
	case form == 1:
		return fmt.Sprintf("#%d holds %d", h.Server, h.Holds)
	case board:
		return fmt.Sprintf("#%d %d→%d", h.Server, h.Showed, h.Holds)
	}
	return fmt.Sprintf("#%d →%d", h.Server, h.Holds)
}

// hotLabels is the label form that leaves the bars room in w cells, and
// its width over every panel's hot servers, so that the panels' herd bars
// share one scale.
func hotLabels(runs []*run, w int) (form, width int) {
	for form = range 3 {
		width = 0
		for _, r := range runs {
			for _, h := range r.sim.Hottest(herdMax) {
				width = max(width, len([]rune(hotLabel(h, form))))
			}
		}
		if w-width >= []int{25, 14, 0}[form] {
			break
		}
	}
	return form, width
}
