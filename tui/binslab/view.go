package binslab

import (
	"fmt"
	"math"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/sim/bins"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// chartMode is how the lanes draw their bins.
type chartMode int

const (
	// chartBars draws one bar per bin; only when every bin fits.
	chartBars chartMode = iota
	// chartDistribution draws how many bins hold each load.
	chartDistribution
	// chartOverlay draws every strategy's load distribution in one chart.
	chartOverlay
	// chartSorted draws the loads from highest to lowest.
	chartSorted
	// chartHistory draws every strategy's max load as the balls arrive, in
	// one chart.
	chartHistory
	chartModes
)

func (c chartMode) String() string {
	return [...]string{"bins", "load distribution", "distributions together", "sorted loads", "max load over time"}[c]
}

// short is the chart's name in a word or two, for a narrow title.
func (c chartMode) short() string {
	return [...]string{"bins", "distribution", "together", "sorted", "max over time"}[c]
}

// view is what the user chose to look at: the chart, the focused panel,
// the trials table.
type view struct {
	mode   chartMode
	focus  int
	trials bool // the trials table has the focus (or the whole body)
	// laneInner is the inner width of a lane at the last render, and
	// narrating whether it narrated (paused, or slow enough to follow).
	laneInner int
	narrating bool
}

const (
	// laneMinWidth and laneMinHeight are the smallest lane panel that still
	// reads well.
	laneMinWidth  = 26
	laneMinHeight = 12
	// minChartRows is the chart height below which figure lines give way,
	// the theory line first (the trials table repeats it).
	minChartRows = 6
	// wideLane is the inner width from which a lane prints its figures in
	// full.
	wideLane = 34
)

// barsFit reports whether one column per bin fits a lane of inner width w,
// beside the axis numbers.
func barsFit(bins, w int) bool { return bins <= w-axisRoom }

// axisRoom is the room kept for a chart's axis numbers: three digits and
// the tick.
const axisRoom = 4

// nextMode cycles the chart modes, skipping bars when they do not fit.
func (v view) nextMode(bins int) chartMode {
	m := (v.mode + 1) % chartModes
	if m == chartBars && !barsFit(bins, v.laneInner) {
		m = chartDistribution
	}
	return m
}

// layout is where the body goes in a frame: the lanes, their grid and the
// narration's rows under them, and the trials table (if shown) under the
// lanes or beside the last row of lanes, in the slots it leaves empty.
type layout struct {
	lanesH, tableH  int
	beside          widget.Rect
	rects           []widget.Rect
	cols            int
	narrate         bool
	logH, laneInner int
	// first and shown are the lanes drawn, where not all of them have
	// room for a chart that reads (shown < all, a line under them says
	// so); shown is 0 where not even one has (a line says that instead).
	first, shown int
}

// lay computes the layout of a frame; it reads the lab, never writes it.
// The trials table goes beside the last row of lanes where its empty slots
// hold it and every lane keeps laneMinHeight rows; else under the lanes
// where both fit, with its bar charts if there is still room; else behind
// tab.
func (l *Lab) lay(f lab.Frame) layout {
	n := len(l.snap.Lanes)
	o := layout{lanesH: f.H}
	besideFits := false
	if l.spec.Trials > 1 {
		rects, cols := widget.Grid(n, f.W, f.H, laneMinWidth)
		gridRows := (n + cols - 1) / cols
		lastW := 0
		for _, r := range rects[(gridRows-1)*cols:] {
			lastW += r.W
		}
		need := trialsRows(n) + 2
		together := l.view.mode != chartHistory && l.view.mode != chartOverlay
		switch {
		case together && f.W-lastW >= l.trialsWidth() && rects[n-1].H >= need && rects[n-1].H >= laneMinHeight:
			besideFits = true
		case f.H >= gridRows*laneMinHeight+need:
			o.tableH = need
			if f.H-need-gridRows*laneMinHeight >= barRows+1 {
				o.tableH += barRows + 1
			}
			o.lanesH = f.H - o.tableH
		case l.view.trials:
			o.tableH, o.lanesH = f.H, 0
		}
	}
	o.rects, o.cols = widget.Grid(n, f.W, o.lanesH, laneMinWidth)
	o.laneInner = l.view.laneInner
	if len(o.rects) > 0 {
		o.laneInner = o.rects[0].W - f.St.Panel.GetHorizontalFrameSize()
	}
	mode := l.view.mode
	if !l.chartChosen {
		mode = chartDistribution
		if barsFit(l.spec.Bins, o.laneInner) {
			mode = chartBars
		}
	}
	o.narrate = f.Narrating && barsFit(l.spec.Bins, o.laneInner) && mode == chartBars
	if o.narrate && o.lanesH > 0 {
		if o.logH = narrationRows(o.lanesH, (n+o.cols-1)/max(o.cols, 1)); o.logH > 0 {
			o.lanesH -= o.logH
			o.rects, o.cols = widget.Grid(n, f.W, o.lanesH, laneMinWidth)
		}
	}
	o.first, o.shown = 0, n
	if o.lanesH > 0 && l.view.mode != chartHistory && l.view.mode != chartOverlay {
		if o.first, o.shown = l.window(f, o.lanesH, mode); o.shown < n {
			besideFits = false
			o.lanesH--
			o.rects, o.cols = widget.Grid(max(1, o.shown), f.W, o.lanesH, laneMinWidth)
		}
	}
	if besideFits {
		last := (n - 1) / o.cols * o.cols
		o.beside = widget.Rect{W: f.W, H: o.rects[n-1].H}
		for _, r := range o.rects[last:] {
			o.beside.W -= r.W
		}
	}
	return o
}

// minReadRows is the fewest chart rows a lane draws: the kit's readable
// minimum, so that a bin of 3 and a bin of 1 never draw as one block.
const minReadRows = widget.ReadableRows

// window is the lanes drawn in h rows: all of them where each has room
// for minReadRows of chart beside its title, axis, legend and figure
// lines; else as many as have, the focused lane among them (tab pages
// through the rest), less a row for the line that says so; else none.
func (l *Lab) window(f lab.Frame, h int, mode chartMode) (first, shown int) {
	n := len(l.snap.Lanes)
	axisRows := 1
	if mode == chartBars {
		axisRows = 2
	}
	// The frame, the title, the chart, its axis, the legend and a figure
	// line (laneLook.chartRows gives way to the chart down to one).
	need := f.St.Panel.GetVerticalFrameSize() + 1 + minReadRows + axisRows + 1 + 1
	for k := n; k >= 1; k-- {
		room := h
		if k < n {
			room-- // the line saying which lanes are shown
		}
		rects, _ := widget.Grid(k, f.W, room, laneMinWidth)
		fits := len(rects) == k
		for _, r := range rects {
			fits = fits && r.H >= need
		}
		if fits {
			first = max(0, l.view.focus) / k * k
			return min(first, n-k), k
		}
	}
	return 0, 0
}

// Resize takes the frame the next Render draws into: the lanes' width,
// whether the lab narrates, and the chart that fits unless one was
// chosen, which the keys read.
func (l *Lab) Resize(f lab.Frame) {
	l.sync()
	o := l.lay(f)
	l.view.laneInner, l.view.narrating = o.laneInner, f.Narrating
	if !l.chartChosen {
		l.view.mode = chartDistribution
		if barsFit(l.spec.Bins, o.laneInner) {
			l.view.mode = chartBars
		}
	}
	if o.narrate && o.lanesH > 0 {
		l.narration.trim(l.snap.Trial, l.snap.Ball+1)
	}
}

// Render draws the lanes (or the history chart) and the trials table in
// the layout Resize set.
func (l *Lab) Render(f lab.Frame) string {
	st := f.St
	o := l.lay(f)
	lanesH, tableH, rects, cols, narrate, logH := o.lanesH, o.tableH, o.rects, o.cols, o.narrate, o.logH
	var blocks []string
	switch {
	case lanesH == 0:
	case l.view.mode == chartHistory:
		blocks = append(blocks, l.historyPanel(widget.Rect{W: f.W, H: lanesH}, st))
	case l.view.mode == chartOverlay:
		blocks = append(blocks, l.overlayPanel(widget.Rect{W: f.W, H: lanesH}, st))
	case o.shown == 0:
		blocks = append(blocks, st.Muted.Render(strings.Join(widget.Wrap(fmt.Sprintf(
			"Too short to draw the %d panels: each needs a few rows for a chart whose axis reads. A taller terminal shows them, or less above them (L turns the large headline off).",
			len(l.snap.Lanes)), f.W), "\n")))
	default:
		hot := l.spec.Hot
		if !l.hotShown() {
			hot = 0
		}
		scale := sharedScale(l.snap.Lanes, hot, l.snap.Ball == l.snap.Balls)
		scale.width = rects[0].W
		for _, r := range rects {
			scale.width = min(scale.width, r.W)
		}
		scale.width -= st.Panel.GetHorizontalFrameSize()
		shown := l.snap.Lanes[o.first : o.first+o.shown]
		looks := make([]laneLook, len(shown))
		rows := 0 // the chart rows of the shortest lane, for every lane
		for j, lane := range shown {
			looks[j] = l.look(o.first+j, lane, narrate, logH == 0, rects[j], st)
			if r := looks[j].chartRows(); j == 0 || r < rows {
				rows = r
			}
		}
		rows = max(rows, 1)
		panels := make([]string, len(shown))
		for j, lane := range shown {
			panels[j] = l.lanePanel(o.first+j, lane, scale, looks[j], rows, narrate, st)
		}
		if o.shown < len(l.snap.Lanes) {
			blocks = append(blocks, widget.JoinGrid(panels, cols), st.Muted.Render(widget.FirstFit(f.W,
				fmt.Sprintf("rules %d-%d of %d here, for charts that read: tab moves on; a taller terminal shows all", o.first+1, o.first+o.shown, len(l.snap.Lanes)),
				fmt.Sprintf("rules %d-%d of %d: tab moves on", o.first+1, o.first+o.shown, len(l.snap.Lanes)))))
			break
		}
		if o.beside.W == 0 {
			blocks = append(blocks, widget.JoinGrid(panels, cols))
			break
		}
		last := (len(panels) - 1) / cols * cols // the table in the last row's empty slots
		if last > 0 {
			blocks = append(blocks, widget.JoinGrid(panels[:last], cols))
		}
		blocks = append(blocks, lipgloss.JoinHorizontal(lipgloss.Top, append(panels[last:], l.trialsPanel(o.beside, st))...))
	}
	if logH > 0 {
		blocks = append(blocks, l.narration.render(f.W, logH, st))
	}
	if tableH > 0 {
		blocks = append(blocks, l.trialsPanel(widget.Rect{W: f.W, H: tableH}, st))
	}
	return lipgloss.JoinVertical(lipgloss.Left, blocks...)
}

// scale is what side-by-side lanes share, so that equal heights mean equal
// loads and equal counts: the top load of the bar charts, and the load
// range and top count of the distributions.
type scale struct {
	top    float64
	lo, hi int
	hot    float64
	// end says the trial is at its last ball, where the fluid limit's
	// expected counts belong.
	end bool
	// width is the narrowest lane's inner width: every lane draws its
	// chart in it, so that a column means the same loads in each.
	width int
	// byLoad is every lane's bins at each load, for the distributions'
	// top count at the bucket width they are drawn with.
	byLoad [][]int
}

// bucket is how many loads a distribution's column holds in w cells,
// beside the axis numbers (room for the widest count, once merged).
func (s scale) bucket(w int) int {
	aw := len(textfmt.Int(2*s.countTop(1))) + 2
	span := s.hi - s.lo + 1
	return max(1, (span+w-aw-1)/max(1, w-aw))
}

// countTop is the most bins any lane holds in one bucket of loads
// (bucket loads from lo on).
func (s scale) countTop(bucket int) int {
	top := 1
	for _, counts := range s.byLoad {
		for k := s.lo; k <= s.hi; k += bucket {
			sum := 0
			for j := k; j < k+bucket && j < len(counts); j++ {
				sum += counts[j]
			}
			top = max(top, sum)
		}
	}
	return top
}

// The bars' top is at least the largest max the fluid limit expects at
// the end, so that the axis stays put while the balls arrive.
func sharedScale(lanes []bins.LaneSnapshot, hot float64, end bool) scale {
	s := scale{top: 1, lo: -1, hot: hot, end: end}
	for _, lane := range lanes {
		f := lane.Figures
		s.top = max(s.top, float64(f.Max), f.Mean*hot*1.05)
		if lane.Theory.NoFluid == "" {
			s.top = max(s.top, math.Ceil(lane.Theory.ExpectedMax))
		}
		if s.lo < 0 || f.Min < s.lo {
			s.lo = f.Min
		}
		s.hi = max(s.hi, f.Max)
		s.byLoad = append(s.byLoad, lane.ByLoad)
	}
	s.lo = max(s.lo, 0)
	return s
}

// theoryShort is the fluid limit's expected max, or "-".
func theoryShort(p bins.Prediction) string {
	if p.NoFluid != "" {
		return "-"
	}
	return fmt.Sprintf("%.2f", p.ExpectedMax)
}

func decisionLine(d bins.Decision) string {
	var parts []string
	for i, c := range d.Candidates {
		parts = append(parts, fmt.Sprintf("%s(%s)", textfmt.Int(c), textfmt.Int(d.Compared[i])))
	}
	return fmt.Sprintf("%s → %s", strings.Join(parts, " "), textfmt.Int(d.Chosen))
}

// neverRefreshed says when a stale view never refreshes within the run:
// "stale:4096" at 4096 balls reads its snapshot of empty bins throughout,
// which is one choice.
func neverRefreshed(s bins.Strategy, balls int) string {
	if s.Kind == bins.Stale && s.Refresh >= balls {
		return " (never refreshed: one choice)"
	}
	return ""
}

// hotShown reports whether the mean so far is high enough for hot bins
// (1.2 x the mean so far) to say something: at a mean of 0.09, "hot" is
// any bin with a ball.
func (l *Lab) hotShown() bool {
	return l.spec.Balls >= bins.HotMinMean*l.spec.Bins && l.snap.Ball >= bins.HotMinMean*l.spec.Bins
}

// grouped writes loads with thousands separators: "10,126 10,120".
func grouped(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = textfmt.Int(x)
	}
	return strings.Join(parts, " ")
}
