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
		fmt.Sprintf("jobs sent since the board's refresh at t %g to the hottest servers; ┃ a fair share %.1f", start, fair),
		fmt.Sprintf("jobs sent since the board's refresh at t %g; ┃ fair share %.1f", start, fair),
		fmt.Sprintf("jobs sent since t %g; ┃ fair share %.1f", start, fair),
		fmt.Sprintf("sent since t %g, ┃ fair %.1f", start, fair),
		fmt.Sprintf("sent since t %g", start))
	var bars []widget.HBar
	hot := r.hottest()
	for _, srv := range hot[:min(k, len(hot))] {
		n := float64(s.Sent()[srv])
		bars = append(bars, widget.HBar{Label: hotLabel(s, srv, form),
			Parts: []widget.HBarPart{{Value: n, Rune: '█', Style: st.SeriesStyle(0)}}, Mark: fair})
	}
	hb := widget.HBars{Bars: bars, Max: top, LabelW: labelW, MarkRune: '┃', MarkStyle: st.Marker}
	lines := []string{st.Muted.Render(title)}
	lines = append(lines, strings.Split(hb.Render(st, w), "\n")...)
	return append(lines, hb.Axis(st, w, func(v float64) string { return fmt.Sprintf("%.0f", v) }))
}

// hotLabel names a hot server in one of three forms, longest first: its
// number, the jobs sent it, what the board showed (stale-d) and what it
// holds now.
func hotLabel(s *queue.Sim, k, form int) string {
	sent, holds := s.Sent()[k], s.Jobs()[k]
	b := s.Board()
	switch {
	case form == 0 && b != nil:
		return fmt.Sprintf("#%d sent %d, showed %d, holds %d", k, sent, b[k], holds)
	case form == 0:
		return fmt.Sprintf("#%d sent %d, holds %d", k, sent, holds)
	case form == 1 && b != nil:
		return fmt.Sprintf("#%d showed %d, holds %d", k, b[k], holds)
	case form == 1:
		return fmt.Sprintf("#%d holds %d", k, holds)
	case b != nil:
		return fmt.Sprintf("#%d %d→%d", k, b[k], holds)
	}
	return fmt.Sprintf("#%d →%d", k, holds)
}

// hotLabels is the label form that leaves the bars room in w cells, and
// its width over every panel's hot servers, so that the panels' herd bars
// share one scale.
func hotLabels(runs []*run, w int) (form, width int) {
	for form = range 3 {
		width = 0
		for _, r := range runs {
			for _, k := range r.hottest() {
				width = max(width, len([]rune(hotLabel(r.sim, k, form))))
			}
		}
		if w-width >= []int{25, 14, 0}[form] {
			break
		}
	}
	return form, width
}

// hottest is the herdMax servers sent the most jobs this period, worked
// out once a step.
func (r *run) hottest() []int {
	if now := r.sim.Now(); r.hotAt != now || r.hot == nil {
		r.hot, r.hotAt = hottest(r.sim.Sent(), herdMax, r.hot), now
	}
	return r.hot
}

// hottest is the k servers sent the most jobs, most first (ties: the lower
// number), in one pass over the servers; into lends its array.
func hottest(sent []int32, k int, into []int) []int {
	top := into[:0]
	for srv, n := range sent {
		if len(top) == k {
			if n <= sent[top[k-1]] {
				continue
			}
			top = top[:k-1]
		}
		i := len(top)
		top = append(top, srv)
		for i > 0 && sent[top[i-1]] < n {
			top[i] = top[i-1]
			i--
		}
		top[i] = srv
	}
	return top
}
