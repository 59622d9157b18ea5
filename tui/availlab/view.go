package availlab

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/loadlab/loadlab/sim/avail"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// Render draws the figures, the MTTR path beside the fleet table, and the
// machine's measured availability converging on the formula.
func (l *Lab) Render(f lab.Frame) string {
	st, s := f.St, l.spec
	a := avail.Availability(s.MTTF, s.MTTR)
	head := []string{
		st.Title.Render(widget.Truncate(fmt.Sprintf("MTTF %s, MTTR %s: A = MTTF / (MTTF + MTTR) = %s = %.2f nines", avail.Lifetime(s.MTTF), avail.Duration(s.MTTR), avail.Percent(a), avail.Nines(a)), f.W)),
		st.Text.Render(widget.Truncate(fmt.Sprintf("down %s a year, %s a month (730 h)", avail.Duration(avail.DowntimeHoursPerYear(a)), avail.Duration(avail.DowntimeHoursPerMonth(a))), f.W)),
	}
	r, err := s.Run()
	if err == nil {
		rp := r.Replicated
		head = append(head, st.Muted.Render(widget.FirstFit(f.W,
			fmt.Sprintf("%d of %d replicas up: %s if they fail apart, %s if %.0f %% of their downtime is shared",
				rp.Need, rp.Replicas, avail.Percent(rp.Independent), avail.Percent(rp.Correlated), 100*rp.Share),
			fmt.Sprintf("%d of %d up: %s apart, %s if %.0f %% of downtime is shared",
				rp.Need, rp.Replicas, avail.Percent(rp.Independent), avail.Percent(rp.Correlated), 100*rp.Share))))
	}
	middle := func(st *widget.Styles, w, h int) string {
		tableW := l.fleetWidth(r)
		if pathW := w - tableW - 2; pathW >= 30 {
			gap := st.Muted.Render(strings.TrimSuffix(strings.Repeat(" │\n", h), "\n"))
			return lipgloss.JoinHorizontal(lipgloss.Top, l.path(st, pathW-1, h), gap, " ", l.fleet(st, r, tableW, h))
		}
		return l.path(st, w, h)
	}
	draw := func(_, c int, f lab.Frame) string {
		switch c {
		case 0:
			return middle(f.St, f.W, f.H)
		case 1:
			return l.strip(f.St, f.W, f.H)
		}
		topH := max(7, f.H/2)
		if f.H < 30 {
			topH = 7 // the fleet table's rows; the strip gets the rest
		}
		return middle(f.St, f.W, topH) + "\n" + l.strip(f.St, f.W, max(6, f.H-topH-1))
	}
	cards := []string{"nines by MTTR", "the fleet's repair times", "the machine's availability, measured"}
	one := func(i int, f lab.Frame) string {
		switch i {
		case 0:
			return l.path(f.St, f.W, f.H)
		case 1:
			return l.fleet(f.St, r, min(f.W, l.fleetWidth(r)), f.H)
		}
		return l.strip(f.St, f.W, f.H)
	}
	body := l.deck.Render(lab.Frame{W: f.W, H: max(1, f.H-len(head)-1), St: st},
		lab.Layout{Cards: 1, Draw: func(_ int, f lab.Frame) string { return draw(0, -1, f) }},
		lab.Layout{Cards: 2, Name: func(i int) string { return []string{"nines by MTTR, and the fleet", cards[2]}[i] },
			Draw: func(i int, f lab.Frame) string { return draw(0, i, f) }},
		lab.Layout{Cards: 3, Name: func(i int) string { return cards[i] }, Draw: one})
	if l.tables {
		body = l.renderTables(st, r, f.W, f.H-len(head)-1)
	}
	lines := append(head, "")
	lines = append(lines, strings.Split(body, "\n")...)
	return widget.FitLines(lines, f.W, f.H)
}

// renderTables draws the lecture's two tables on availability: the two
// paths from three nines to five, and the MTTF x MTTR grid; where both do
// not fit, the first, and else the size they need.
func (l *Lab) renderTables(st *widget.Styles, r avail.Report, w, h int) string {
	if lines := widget.FitTables(st, w, h, avail.ThreeToFive(), r.GridTable()); lines != nil {
		return strings.Join(lines, "\n")
	}
	if lines := widget.FitTables(st, w, h, avail.ThreeToFive()); lines != nil {
		return strings.Join(append(lines, "", st.Muted.Render(widget.FirstFit(w, "the MTTF x MTTR grid needs a taller window", "the grid needs more rows"))), "\n")
	}
	return st.Muted.Render(widget.FirstFit(w, "the lecture's tables need a taller window: v shows the charts", "too short for the tables"))
}

// NextPanel shows the next chart where the screen shows one at a time.
func (l *Lab) NextPanel() bool { return l.deck.Next() }

// path is the nines against the MTTR on a log scale, for this MTTF: each
// tenth of the repair time buys a nine, as ten times the MTTF would. The
// axis spans the MTTR now and the one the target needs, a decade beyond
// each; a mark under it shows the MTTR now.
func (l *Lab) path(st *widget.Styles, w, h int) string {
	s := l.spec
	target := avail.Nines(s.Target)
	need := avail.MTTRForTarget(s.MTTF, s.Target)
	lo := math.Floor(math.Log10(min(s.MTTR, need))) - 1
	hi := max(math.Ceil(math.Log10(max(s.MTTR, need)))+1, lo+4)
	top := math.Ceil(max(target, avail.Nines(avail.Availability(s.MTTF, math.Pow(10, lo))))) + 1
	ts := widget.TimeSeries{XMin: lo, XMax: hi, YMin: 0, YMax: top,
		XLabel: func(v float64) string { // powers of ten only
			if v != math.Round(v) {
				return ""
			}
			return strconv.FormatFloat(math.Pow(10, v), 'f', -1, 64) + " h" // in hours, as the lecture's tables
		},
		YLabel: func(v float64) string { return fmt.Sprintf("%.0f", v) },
		Lines: []widget.Line{
			{Name: "nines", Style: st.SeriesStyle(0), Value: func(x float64) float64 { return avail.Nines(avail.Availability(s.MTTF, math.Pow(10, x))) }},
			{Name: "target", Style: st.Warn, Value: func(float64) float64 { return target }},
		}}
	now := avail.Nines(avail.Availability(s.MTTF, s.MTTR))
	title := st.Muted.Render(widget.FirstFit(w, fmt.Sprintf("nines by MTTR (log scale), MTTF %s", avail.Lifetime(s.MTTF)),
		fmt.Sprintf("nines by MTTR, MTTF %s", avail.Lifetime(s.MTTF)), "nines by MTTR"))
	left, width := ts.Area(w)
	mark := []rune(strings.Repeat(" ", w))
	if c := int((math.Log10(s.MTTR) - lo) / (hi - lo) * float64(width)); c >= 0 && c < width {
		label := []rune(fmt.Sprintf("▲ MTTR now: %.2f nines", now))
		x := min(left+c, w-len(label))
		if left+c > w-len(label) { // the label ends at the mark
			label = []rune(fmt.Sprintf("%.2f nines at the MTTR now ▲", now))
			x = max(0, left+c-len(label)+1)
		}
		copy(mark[x:], label)
	}
	return title + "\n" + ts.Render(st, w, h-2) + "\n" + st.Marker.Render(widget.Truncate(string(mark), w))
}

// fleet is the scale table: machines of the unit MTTF, how often the
// fleet fails, and the repair the target then needs; the fleet the strip
// watches (f/F) is marked ▶.
func (l *Lab) fleet(st *widget.Styles, r avail.Report, w, h int) string {
	lines := []string{st.Muted.Render(widget.FirstFit(w, fmt.Sprintf("fleets of machines of MTTF %.10g years each (f/F)", l.spec.UnitMTTFYears),
		fmt.Sprintf("machines of MTTF %.10g years (f/F)", l.spec.UnitMTTFYears))),
		st.Text.Render(fmt.Sprintf("  %-9s %-14s %s", "machines", "fails every", "repair for "+avail.TargetPercent(l.spec.Target)))}
	watched, _ := fleetOf(l.spec)
	for _, fl := range r.Scale {
		mark := "  "
		if fl.Machines == watched {
			mark = "▶ "
		}
		lines = append(lines, st.Text.Render(fmt.Sprintf("%s%-9s %-14s %s", mark, engine.Digits(int64(fl.Machines)), avail.Duration(fl.SystemMTTFH), avail.Duration(fl.MTTRForTargetS/3600))))
	}
	lines = append(lines, st.Muted.Render(widget.FirstFit(w, "ten times the machines, a tenth of the time", "10x machines, 1/10 the time")),
		st.Muted.Render(widget.FirstFit(w, "to repair: only automation is that fast", "only automation is that fast")))
	return strings.Join(widget.PadLines(lines, h), "\n")
}

// fleetWidth is the scale table's width: its widest row.
func (l *Lab) fleetWidth(r avail.Report) int {
	w := len(fmt.Sprintf("  %-9s %-14s repair for %s", "machines", "fails every", avail.TargetPercent(l.spec.Target)))
	for _, fl := range r.Scale {
		w = max(w, len(fmt.Sprintf("  %-9s %-14s %s", engine.Digits(int64(fl.Machines)), avail.Duration(fl.SystemMTTFH), avail.Duration(fl.MTTRForTargetS/3600))))
	}
	return max(w, 44)
}

// strip is the machine's measured availability, in nines, over its
// failure-repair cycles, against the formula and the target.
func (l *Lab) strip(st *widget.Styles, w, h int) string {
	s := l.spec
	formula := avail.Nines(avail.Availability(s.MTTF, s.MTTR))
	target := avail.Nines(s.Target)
	end := float64(l.watch.Pos().Step) / avail.StepsPerCycle
	measured, machine := l.watch.Measured(), l.watch.Machine()
	// A y range around the formula and the target, a nine of room each
	// side, so that the three lines take rows of their own even in the few
	// rows of 80x24; the early wander past it is drawn at the edge.
	bottom := max(0, math.Floor(min(formula, target)+1e-9)-1) // 1e-9: nines of 99.99 % are 4.0000000000004
	top := math.Ceil(max(formula, target)-1e-9) + 1
	ts := widget.TimeSeries{XMin: 0, XMax: avail.WatchCycles, YMin: bottom, YMax: top, XLabel: func(v float64) string { return fmt.Sprintf("%.0f", v) },
		YLabel: func(v float64) string { return fmt.Sprintf("%.0f", v) },
		Lines: []widget.Line{
			{Name: "measured", Style: st.SeriesStyle(0), Bounded: true, End: end, Value: func(x float64) float64 {
				if i := measured.Before(x); i >= 0 {
					return min(top, max(bottom, measured.At(i).Y))
				}
				return top
			}},
			{Name: "formula", Style: st.OK, Value: func(float64) float64 { return formula }},
			{Name: "target", Style: st.Warn, Value: func(float64) float64 { return target }},
		}}.With(widget.Whole, widget.JoinRows)
	so := "no failure yet"
	if f := machine.Failures(); f > 0 {
		so = fmt.Sprintf("%s after %s", avail.Percent(machine.Measured()), avail.Failures(f))
	}
	who := "one machine's"
	if n, ok := fleetOf(s); ok && n > 1 {
		who = "the fleet's"
	}
	text := fmt.Sprintf("%s measured nines (%s); x: time / (MTTF + MTTR)", who, so)
	if widget.Width(text) > w { // the short form, whole
		text = fmt.Sprintf("measured nines (%s); x: t / (MTTF+MTTR)", so)
	}
	title := st.Muted.Render(widget.Truncate(text, w))
	return title + "\n" + ts.Render(st, w, h-1)
}
