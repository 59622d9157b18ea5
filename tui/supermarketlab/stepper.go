package supermarketlab

import (
	"fmt"
	"slices"
	"strings"

	"github.com/loadlab/loadlab/sim/queue"
	"github.com/loadlab/loadlab/tui/binsview"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// stepperChrome is a stepper panel's rows besides its columns: the title,
// the marks, the servers' numbers and two lines of what happened.
const stepperChrome = 5

// renderStepper draws the few servers a job at a time: the latest job,
// then each policy's queues as columns on one scale, the servers the job
// looked at marked 1, 2, ... and the one it joined ▲, with the jobs
// finished since the job before.
func (l *Lab) renderStepper(f lab.Frame) string {
	st := f.St
	s := l.runs[0].sim
	head := widget.FirstFit(f.W,
		fmt.Sprintf("job %d arrived at t %.2f, the same job on each side; marks: 1 2 the servers it looked at, ▲ the one it joined", s.Arrivals(), s.Now()),
		fmt.Sprintf("job %d at t %.2f · 1 2 the servers it looked at, ▲ the one it joined", s.Arrivals(), s.Now()),
		fmt.Sprintf("job %d at t %.2f · 1 2 looked at, ▲ joined", s.Arrivals(), s.Now()),
		fmt.Sprintf("job %d at t %.2f", s.Arrivals(), s.Now()))
	switch {
	case s.Arrivals() == 0:
		head = widget.FirstFit(f.W, "no job yet: n or → brings the next, ← or b goes back a job, space plays",
			"no job yet: n brings one, ← goes back", "no job yet")
	case s.Arrivals() == l.runs[0].arrivalsBefore:
		head = widget.FirstFit(f.W, fmt.Sprintf("t %.10g: the end, with no job since job %d", s.Now(), s.Arrivals()), fmt.Sprintf("t %.10g: the end", s.Now()))
	}
	top := 4
	for _, r := range l.runs {
		top = max(top, r.longest)
	}
	panels := make([]func(w, h, top int) string, len(l.runs))
	for i, r := range l.runs {
		panels[i] = func(w, h, top int) string {
			return strings.Join(stepperPanel(st, r, w, h, top, i), "\n")
		}
	}
	return st.Text.Render(head) + "\n" + widget.SideBySide(f.W, f.H-1, top, panels...)
}

// stepperPanel is one policy's servers in w x h cells on a scale of top
// jobs.
func stepperPanel(st *widget.Styles, r *run, w, h, top, series int) []string {
	s, c := r.sim, r.sim.Config()
	n := c.Servers
	arrived := s.Arrivals() > r.arrivalsBefore
	rows := max(2, h-stepperChrome)
	if rows >= top { // a job a whole number of rows
		rows -= rows % top
	}
	cols := binsview.Columns{Rows: rows, Top: float64(top), Gap: true, Bar: st.SeriesStyle(series).UnsetBold(), Axis: true}
	aw := cols.AxisWidth()
	cols.ColWidth = max(1, min(6, (w-aw)/max(1, n)))
	for _, q := range s.Jobs() {
		cols.Values = append(cols.Values, float64(q))
	}
	marks := []rune(strings.Repeat(" ", n*cols.ColWidth))
	if arrived {
		k := s.Chosen()
		cols.Marked = map[int]bool{k: true}
		if looks(c) {
			for j := len(s.Looked()) - 1; j >= 0; j-- { // a server looked at twice: its first number
				marks[int(s.Looked()[j])*cols.ColWidth] = lookMark(j)
			}
		}
		marks[k*cols.ColWidth+min(1, cols.ColWidth-1)] = '▲'
	}
	pad := strings.Repeat(" ", aw)
	out := []string{st.SeriesStyle(series).Render(stepTitle(r, w, arrived))}
	out = append(out, cols.Render(st)...)
	out = append(out, pad+st.Marker.Render(string(marks)), st.Muted.Render(pad+binsview.BinNumbers(n, cols.ColWidth)))
	return append(out, st.Text.Render(finished(r, w, arrived)), st.Muted.Render(widget.FirstFit(w,
		fmt.Sprintf("now %.2f jobs a server, the longest queue %d", s.Mean(), maxJobs(s)),
		fmt.Sprintf("now %.2f a server, longest %d", s.Mean(), maxJobs(s)))))
}

// looks reports whether the policy draws servers to compare.
func looks(c queue.Config) bool {
	return c.Policy == queue.JSQD || c.Policy == queue.StaleD || c.Policy == queue.PeakEWMA
}

// lookMark is the mark of the j-th server looked at: 1..9, then ·.
func lookMark(j int) rune {
	if j < 9 {
		return rune('1' + j)
	}
	return '·'
}

// stepTitle says what the latest job did under the policy: the queues it
// compared (the board's for stale-d) and the server it joined.
func stepTitle(r *run, w int, arrived bool) string {
	s, c := r.sim, r.sim.Config()
	if !arrived {
		return widget.FirstFit(w, c.Label()+": no job this step", c.ShortLabel())
	}
	k := s.Chosen()
	before := func(j int) int32 { // the queue the job found, before it joined
		if j == k {
			return s.Jobs()[j] - 1
		}
		return s.Jobs()[j]
	}
	var holds, brief []string
	for i, j := range s.Looked() {
		if slices.Contains(s.Looked()[:i], j) { // drawn with replacement
			holds, brief = append(holds, fmt.Sprintf("#%d again", j)), append(brief, fmt.Sprintf("#%d again", j))
			continue
		}
		v := before(int(j))
		if c.Policy == queue.StaleD {
			v = s.Board()[j]
		}
		holds = append(holds, fmt.Sprintf("#%d holds %d", j, v))
		brief = append(brief, fmt.Sprintf("#%d %d", j, v))
	}
	long, short := strings.Join(holds, ", "), strings.Join(brief, ", ")
	switch c.Policy {
	case queue.JSQD:
		return widget.FirstFit(w,
			fmt.Sprintf("%s looked: %s; joined #%d", c.Label(), long, k),
			fmt.Sprintf("%s: %s → #%d", c.Label(), long, k),
			fmt.Sprintf("%s: %s → #%d", c.Label(), short, k),
			fmt.Sprintf("%s → #%d", c.Label(), k))
	case queue.StaleD:
		return widget.FirstFit(w,
			fmt.Sprintf("%s: on the board %s; joined #%d, which holds %d", c.Label(), long, k, before(k)),
			fmt.Sprintf("%s: board %s → #%d", c.ShortLabel(), long, k),
			fmt.Sprintf("%s: board %s → #%d", c.ShortLabel(), short, k),
			fmt.Sprintf("%s → #%d", c.ShortLabel(), k))
	case queue.JSQ:
		return widget.FirstFit(w, fmt.Sprintf("jsq: joined #%d, a shortest of all, and %s", k, found(before(k))),
			fmt.Sprintf("jsq: joined #%d, %s", k, found(before(k))), fmt.Sprintf("jsq → #%d", k))
	case queue.PeakEWMA:
		return widget.FirstFit(w,
			fmt.Sprintf("%s looked: %s; joined #%d, the least cost (average response x jobs + 1)", c.Label(), long, k),
			fmt.Sprintf("%s: %s → #%d, least cost", c.Label(), long, k),
			fmt.Sprintf("%s: %s → #%d", c.Label(), short, k),
			fmt.Sprintf("%s → #%d", c.Label(), k))
	case queue.WeightedRR:
		return widget.FirstFit(w, fmt.Sprintf("wrr: joined #%d, next in turn by speed, and %s", k, found(before(k))),
			fmt.Sprintf("wrr: #%d, %s", k, found(before(k))), fmt.Sprintf("wrr → #%d", k))
	case queue.RoundRobin:
		return widget.FirstFit(w, fmt.Sprintf("round-robin: joined #%d, next in turn, and %s", k, found(before(k))),
			fmt.Sprintf("round-robin: #%d, %s", k, found(before(k))), fmt.Sprintf("round-robin → #%d", k))
	}
	return widget.FirstFit(w, fmt.Sprintf("random: joined #%d without looking, and %s", k, found(before(k))),
		fmt.Sprintf("random: joined #%d, %s", k, found(before(k))), fmt.Sprintf("random → #%d", k))
}

// found says what a job found at the server it joined, in words.
func found(waiting int32) string {
	switch waiting {
	case 0:
		return "found it idle"
	case 1:
		return "found 1 job there"
	}
	return fmt.Sprintf("found %d jobs there", waiting)
}

// finished says which servers finished jobs since the step before.
func finished(r *run, w int, arrived bool) string {
	s := r.sim
	var done []string
	total := 0
	for k, q := range s.Jobs() {
		if arrived && k == s.Chosen() {
			q--
		}
		if d := int(r.before[k] - q); d > 0 {
			total += d
			srv := fmt.Sprintf("#%d", k)
			if d > 1 {
				srv += fmt.Sprintf(" (%d)", d)
			}
			done = append(done, srv)
		}
	}
	switch {
	case s.Arrivals() == 0:
		return ""
	case total == 0:
		return widget.FirstFit(w, "no job finished since the step before", "none finished since")
	}
	return widget.FirstFit(w,
		fmt.Sprintf("finished since the step before: %s", strings.Join(done, ", ")),
		fmt.Sprintf("finished since: %s", strings.Join(done, ", ")),
		fmt.Sprintf("%d finished since the step before", total))
}

// maxJobs is the longest queue now.
func maxJobs(s *queue.Sim) int {
	m := 0
	for _, q := range s.Jobs() {
		m = max(m, int(q))
	}
	return m
}
