package cascadelab

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/sim/cascade"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// Render draws one run full width, or two side by side on shared scales.
// Below the panels, across both, go the legend of the event marks and the
// latest moment.
func (l *Lab) Render(f lab.Frame) string {
	if l.view != chartsView {
		return l.renderTable(f)
	}
	top := 10.0 // the backlog scale, shared by the runs compared
	for _, r := range l.runs {
		r.sync()
		for i := range r.snap.Backlog.Len() {
			top = max(top, r.snap.Backlog.At(i).Y)
		}
	}
	win := l.window()
	compact := f.H < 30
	var foot []string
	if compact {
		foot = append(foot, f.St.Muted.Render(legend(l.left().cfg, len(l.left().engine.Switched()) > 0, f.W)))
		// the latest moment, while there is room beside the charts' least
		if !f.Captioned {
			foot = append(foot, l.latestMoment(f.St, f.W, min(2, max(0, f.H-15)))...)
		}
	}
	full := len(l.runs) == 1
	names := make([]string, len(l.runs))
	for i, r := range l.runs {
		names[i] = r.name
	}
	draw := func(r, c int, f lab.Frame) string {
		return strings.Join(l.panel(f.St, l.runs[r], c, f.W, f.H, full || c >= 0, compact, top, win), "\n")
	}
	// panels side by side as wide, so that their time axes match
	body := l.deck.Render(lab.Frame{W: f.W, H: f.H - len(foot), St: f.St}, lab.Runs(names, chartNames, draw)...)
	return strings.Join(append([]string{body}, foot...), "\n")
}

// chartNames name a run's charts, for the line over one shown alone.
var chartNames = []string{"pools in use", "requests that succeed", "the api's backlog"}

// NextPanel shows the next run or chart where the screen shows one at a
// time.
func (l *Lab) NextPanel() bool { return l.deck.Next() }

// window is the time the charts span: the whole run, or zoomed, the
// zoomSpan around the present.
func (l *Lab) window() [2]float64 {
	cfg := l.left().cfg
	if !l.zoom {
		return [2]float64{0, cfg.Duration}
	}
	span := min(zoomSpan, cfg.Duration)
	x0 := min(max(0, l.left().snap.T-span/2), cfg.Duration-span)
	return [2]float64{x0, x0 + span}
}

// zoomSpan is the seconds z shows: at 80 columns the db, svc and api pools
// fill within one column of the whole minute, and in 6 s each fills in
// its own columns.
const zoomSpan = 6.0

// latestMoment is the newest moment of the runs, wrapped in at most rows
// lines of w cells, named by the sets that met it.
func (l *Lab) latestMoment(st *widget.Styles, w, rows int) []string {
	var newest engine.Moment
	var who []string
	for _, r := range l.runs {
		ms := r.snap.Moments
		if len(ms) == 0 {
			continue
		}
		m := ms[len(ms)-1]
		switch {
		case m.Caption == newest.Caption:
			who = append(who, r.name)
		case len(who) == 0 || m.Step > newest.Step:
			newest, who = m, []string{r.name}
		}
	}
	if len(who) == 0 {
		return widget.PadLines(nil, rows)
	}
	text := newest.Caption
	if len(l.runs) > 1 {
		text = strings.Join(who, " and ") + " " + text
	}
	return widget.PadLines(newestWrapped(st.Muted, []string{text}, w, rows), rows)
}

// panel draws one run: its set, the pools over time, the breaker band and
// the event marks, the success rate and the api backlog (on the scale the
// panels share), the counters, and with room the latest moments; only
// chart only of chartNames where only >= 0.
func (l *Lab) panel(st *widget.Styles, r *run, only, w, h int, full, compact bool, backlogTop float64, win [2]float64) []string {
	s, cfg := r.snap, r.engine.Config() // the protections as switched
	name := r.name
	if len(r.cfg.Switches) > 0 {
		name += ", switched"
	}
	head := st.Title.Render(name) + st.Muted.Render(": "+brief(cfg, w-widget.Width(name)-2))
	counterRows := 3
	switch {
	case compact && full:
		counterRows = 2
	case compact:
		counterRows = 1
	}
	if compact && h < 16 {
		counterRows = 0
	}
	if compact && len(s.Journey) > 0 {
		counterRows = 0 // the journey takes the rows
	}
	counters := widget.Counters(st, w, counterRows, counterItems(s, cfg)...)
	var log []string
	if j := s.Journey; len(j) > 0 { // a followed request takes the place of the lower charts
		// as many rows in every panel, so that panels side by side stay
		// row for row in line
		room := h - 1 - 4 - 2 - len(counters) // the head, the pools at their smallest, band and marks
		if !compact {
			room = (h - 4 - len(counters)) / 2 // half, beside the pools, their caption and the marks' legend
		}
		log = widget.PadLines(journey(st, j, w, max(3, room)), max(3, room))
	} else if !compact {
		var captions []string
		for _, m := range s.Moments {
			captions = append(captions, m.Caption)
		}
		log = widget.PadLines(newestWrapped(st.Muted, captions, w, 4), 4)
	}
	fixed := 1 + 1 + 1 + len(counters) + len(log) // head, band, markers, counters, log
	if !compact {
		fixed += 2 // the pools' caption and the marks' legend
	}
	chartsH := max(10, h-fixed)
	xs := func(v float64) string { return fmt.Sprintf("%.10gs", v) }
	pcts := func(v float64) string { return fmt.Sprintf("%.0f%%", v) }
	use := widget.TimeSeries{XMin: win[0], XMax: win[1], YMin: 0, YMax: 100, XLabel: xs, YLabel: pcts}.With(widget.JoinRows)
	// Each column shows the mean of the 100 ms points under it, not one
	// of them: a pool that flickers reads as the share of time it was busy.
	half := (win[1] - win[0]) / float64(2*w)
	for i, name := range cascade.LayerNames {
		use.Lines = append(use.Lines, widget.Line{Name: name, Style: st.SeriesStyle(i), Bounded: true, End: s.T, Value: meanPercent(s.Use[i], half)})
	}
	if everBulkhead(r) {
		use.Lines = append(use.Lines,
			widget.Line{Name: "svc→db", Style: st.SeriesStyle(4), Bounded: true, End: s.T, Value: meanPercent(s.Bulkhead[0], half)},
			widget.Line{Name: "svc→aux", Style: st.SeriesStyle(5), Bounded: true, End: s.T, Value: meanPercent(s.Bulkhead[1], half)})
	}
	success := l.successChart(st, r, win, half)
	backlog := widget.TimeSeries{XMin: win[0], XMax: win[1], YMin: 0, YMax: backlogTop * 1.1, XLabel: xs,
		YLabel: func(v float64) string { return engine.Digits(int64(v)) },
		Lines:  []widget.Line{{Name: "backlog", Style: st.Warn, Bounded: true, End: s.T, Value: s.Backlog.StepAt}}}
	// One names column for the three charts and for every panel, so that
	// they share an x scale; with the bulkhead's two pools in any panel,
	// room for names that meet on a row.
	use.NamesWidth = len("svc→aux ") + 1
	if slices.ContainsFunc(l.runs, everBulkhead) {
		use.NamesWidth = len("svc→db svc→aux ") + 1
	}
	success.NamesWidth, backlog.NamesWidth = use.NamesWidth, use.NamesWidth
	switches := switchTimes(r)
	use.Switches, success.Switches, backlog.Switches = switches, switches, switches
	yw := 0
	for _, ts := range []widget.TimeSeries{use, success, backlog} {
		left, _ := ts.Area(w)
		yw = max(yw, left-1)
	}
	use.YLabelWidth, success.YLabelWidth, backlog.YLabelWidth = yw, yw, yw
	if _, plot := use.Area(w); plot < 30 { // a narrow plot: the minute numbered every 30 s (the end too), a zoom every 2 s
		step := 30.0
		if win[1]-win[0] < 30 {
			step = 2
		}
		use.XStep, success.XStep, backlog.XStep = step, step, step
	}
	use, success = use.With(widget.NoXNumbers), success.With(widget.NoXNumbers) // the backlog, lowest, numbers the shared x axis
	left, width := use.Area(w)
	lines := []string{widget.Truncate(head, w)}
	if !compact {
		lines = append(lines, st.Muted.Render(widget.FirstFit(w, "pools in use: serving, or held waiting on the layer below", "pools in use, held or serving", "pools in use")))
	}
	if len(s.Journey) > 0 {
		topH := max(4, h-len(lines)-2-len(counters)-len(log))
		lines = append(lines, strings.Split(use.Render(st, w, topH), "\n")...)
		lines = append(lines, band(st, r, left, width, win), markers(st, cfg, switches, left, width, win))
		return append(append(lines, counters...), log...)
	}
	if only >= 0 {
		chartH := max(4, h-len(lines)-len(counters)-len(log))
		switch only {
		case 0:
			lines = append(lines, strings.Split(use.Without(widget.NoXNumbers).Render(st, w, max(4, chartH-2)), "\n")...)
			lines = append(lines, band(st, r, left, width, win), markers(st, cfg, switches, left, width, win))
		case 1:
			lines = append(lines, strings.Split(success.Without(widget.NoXNumbers).Render(st, w, chartH), "\n")...)
		default:
			lines = append(lines, strings.Split(backlog.Render(st, w, chartH), "\n")...)
		}
		return append(append(lines, counters...), log...)
	}
	topH := max(3, chartsH*2/5)
	succH := max(3, (chartsH-topH)/2)
	backH := max(4, chartsH-topH-succH)
	lines = append(lines, strings.Split(use.Render(st, w, topH), "\n")...)
	lines = append(lines, band(st, r, left, width, win), markers(st, cfg, switches, left, width, win))
	if !compact {
		lines = append(lines, st.Muted.Render(legend(cfg, len(switches) > 0, w)))
	}
	lines = append(lines, strings.Split(success.Render(st, w, succH), "\n")...)
	lines = append(lines, strings.Split(backlog.Render(st, w, backH), "\n")...)
	lines = append(lines, counters...)
	return append(lines, log...)
}

// successChart is the share of requests that succeed: by default the
// lecture's 2 s samples (the handout's curve), per 100 ms on g or zoomed.
func (l *Lab) successChart(st *widget.Styles, r *run, win [2]float64, half float64) widget.TimeSeries {
	s := r.snap
	ts := widget.TimeSeries{XMin: win[0], XMax: win[1], YMin: 0, YMax: 100,
		XLabel: func(v float64) string { return fmt.Sprintf("%.10gs", v) }, YLabel: func(v float64) string { return fmt.Sprintf("%.0f%%", v) }}
	if l.fine || l.zoom {
		ts.Lines = []widget.Line{{Name: "ok/100ms", Style: st.OK, Bounded: true, End: s.T, Value: meanPercent(s.Success, 2*half)}}
		return ts
	}
	samples := r.result().Samples
	if len(samples) == 0 {
		return ts
	}
	every := cfg2s(r.cfg)
	ts.Lines = []widget.Line{{Name: "ok/2s", Style: st.OK, Bounded: true, End: samples[len(samples)-1].T, Value: func(x float64) float64 {
		// the sample at the end of x's 2 s counts what arrived in them
		i := min(len(samples)-1, int(math.Ceil(x/every-1e-9)))
		return 100 * samples[i].Success
	}}}
	return ts
}

// cfg2s is the seconds between the lecture's samples.
func cfg2s(c cascade.Config) float64 { return float64(c.SampleEvery) * c.DT }

// journey is the followed request's stages in at most rows lines of w
// cells: every stage when they fit, else its arrival, a line saying how
// many stages are left out, and the newest.
func journey(st *widget.Styles, j []cascade.Stage, w, rows int) []string {
	head := st.Accent.Render("request followed (f follows the next):")
	stages := make([][]string, len(j))
	total := 0
	for i, stage := range j {
		stages[i] = widget.Wrap(fmt.Sprintf("%6.2f s  %s", stage.At, stage.What), w)
		total += len(stages[i])
	}
	out := []string{head}
	if 1+total <= rows {
		for _, s := range stages {
			out = append(out, s...)
		}
		return styled(st, out)
	}
	out = append(out, stages[0]...)
	var newest []string
	left := rows - len(out) - 1 // the line that says what is left out
	kept := 0
	for i := len(stages) - 1; i > 0 && len(newest)+len(stages[i]) <= left; i-- {
		newest = append(stages[i], newest...)
		kept++
	}
	out = append(out, fmt.Sprintf("   ⋮ %d more stages", len(stages)-1-kept))
	return styled(st, append(out, newest...))
}

// styled writes the journey's lines after its heading as text.
func styled(st *widget.Styles, lines []string) []string {
	for i := 1; i < len(lines); i++ {
		lines[i] = st.Text.Render(lines[i])
	}
	return lines
}

// newestWrapped is the newest entries that fit whole in rows of w cells,
// wrapped, oldest first; the newest alone is cut short if it must be.
func newestWrapped(style lipgloss.Style, entries []string, w, rows int) []string {
	var out []string
	for i := len(entries) - 1; i >= 0; i-- {
		wrapped := widget.Wrap(entries[i], w)
		if len(out)+len(wrapped) > rows {
			if len(out) == 0 && rows > 0 {
				out = wrapped[:rows]
				out[rows-1] = widget.Truncate(out[rows-1]+" …", w)
			}
			break
		}
		out = append(wrapped, out...)
	}
	for i := range out {
		out[i] = style.Render(out[i])
	}
	return out
}

// counterItems are the live counters, most telling first.
func counterItems(s cascade.Snapshot, cfg cascade.Config) []widget.Counter {
	p95 := widget.Counter{Name: "p95 of successes, last 1 s", Value: "none"}
	if s.RecentOK > 0 {
		p95.Value = fmt.Sprintf("%.0f ms", s.RecentP95)
	}
	run := widget.Counter{Name: "run so far p95", Value: "none"}
	if s.OK > 0 {
		run.Value = fmt.Sprintf("%.0f ms, mean %.0f ms", s.RunP95Ms, s.RunMeanMs)
	}
	backlog := 0.0
	if p, ok := s.Backlog.Last(); ok {
		backlog = p.Y
	}
	perRequest := func(n int) float64 {
		if s.Arrived == 0 {
			return 0
		}
		return float64(n) / float64(s.Arrived)
	}
	pct := func(a, b int) string { return fmt.Sprintf("%.1f%%", textfmt.Percent(a, b)) }
	return []widget.Counter{
		{Name: "ok", Value: pct(s.OK, s.Arrived) + " of " + fmt.Sprint(s.Arrived) + " arrived"},
		{Name: fmt.Sprintf("good (ok in %.10g ms)", cfg.SLOMs), Value: pct(s.Good, s.Arrived)},
		{Name: "failed", Value: pct(s.Failed, s.Arrived)},
		p95,
		run,
		{Name: "api backlog", Value: fmt.Sprintf("%.0f", backlog)},
		{Name: "retries", Value: fmt.Sprintf("%d (%.2f attempts a request)", s.Retries, perRequest(s.Attempts))},
		{Name: "fast-fails", Value: fmt.Sprint(s.FastFail)},
		{Name: "shed", Value: fmt.Sprint(s.Shed)},
		{Name: "high priority ok", Value: pct(s.HiOK, s.HiTotal) + ", low " + pct(s.LoOK, s.LoTotal)},
		{Name: "db requests ok", Value: pct(s.DBOK, s.DBTotal) + ", aux " + pct(s.AuxOK, s.AuxTotal)},
		{Name: "dependency calls", Value: fmt.Sprintf("%.2f a request", perRequest(s.DepCalls))},
		{Name: "still in the system", Value: pct(s.Arrived-s.OK-s.Failed, s.Arrived)},
	}
}

// band is the breaker's state over the chart's x axis, a letter per
// column coloured by state: C closed, O open, H half-open, so that it
// reads without colour. left columns hold its label.
func band(st *widget.Styles, r *run, left, width int, win [2]float64) string {
	label := fmt.Sprintf("%-*s", left, "brk")
	if !r.engine.Config().Breaker {
		return st.Muted.Render(label + "breaker off (B turns it on)")
	}
	var b strings.Builder
	b.WriteString(st.Muted.Render(label))
	v := r.snap.Breaker
	for c := range max(0, width) {
		t0 := win[0] + float64(c)/float64(width)*(win[1]-win[0])
		t1 := win[0] + float64(c+1)/float64(width)*(win[1]-win[0])
		if t0 > r.snap.T || v.Before(t0) < 0 && v.Before(t1) < 0 || !breakerAt(r, t1) {
			b.WriteString(" ")
			continue
		}
		switch columnState(v, t0, t1) {
		case cascade.Open:
			b.WriteString(st.Bad.Render("O"))
		case cascade.HalfOpen:
			b.WriteString(st.Warn.Render("H"))
		default:
			b.WriteString(st.OK.Render("C"))
		}
	}
	return b.String()
}

// everBulkhead reports whether the run has a bulkhead at some time: from
// the start, or switched on.
func everBulkhead(r *run) bool {
	cfg := r.cfg
	for _, sw := range r.cfg.Switches {
		if cfg.Bulkhead {
			break
		}
		cascade.Knobs.Set(&cfg, sw.Name, sw.Value)
	}
	return cfg.Bulkhead
}

// breakerAt reports whether the run had its breaker on just before t, by
// its opening set and the switches made by then.
func breakerAt(r *run, t float64) bool {
	cfg := r.cfg
	for _, sw := range r.cfg.Switches {
		if sw.At < t {
			cascade.Knobs.Set(&cfg, sw.Name, sw.Value)
		}
	}
	return cfg.Breaker
}

// columnState is the state a band column shows for [t0, t1): half-open if
// the breaker was half-open at any point of it (it lasts only until its
// trials return, often less than a column), else open if it was open.
func columnState(v engine.SeriesView, t0, t1 float64) cascade.BreakerState {
	lo := max(v.Before(t0), 0)
	state := cascade.Closed
	for i := lo; i <= v.Before(t1) && i < v.Len(); i++ {
		switch s := cascade.BreakerState(v.At(i).Y); {
		case s == cascade.HalfOpen:
			return s
		case s == cascade.Open:
			state = s
		}
	}
	return state
}

// switchTimes are the times of the switches a run has met.
func switchTimes(r *run) []float64 {
	var out []float64
	for _, sw := range r.engine.Switched() {
		out = append(out, sw.At)
	}
	return out
}

// markers puts the timeline's events under the chart's x axis: ! the
// database slowing, S and e the surge's start and end, ┊ each switch.
func markers(st *widget.Styles, cfg cascade.Config, switches []float64, left, width int, win [2]float64) string {
	row := []rune(strings.Repeat(" ", left+max(0, width)))
	put := func(t float64, r rune) {
		if c := int((t - win[0]) / (win[1] - win[0]) * float64(width)); t >= win[0] && c >= 0 && c < width {
			row[left+c] = r
		}
	}
	for _, t := range switches {
		put(t, widget.SwitchRune)
	}
	put(cfg.DegradeAt, '!')
	put(cfg.SurgeAt, 'S')
	put(cfg.SurgeEnd, 'e')
	return st.Marker.Render(string(row))
}

// legend says what every mark under the charts means, in the longest form
// that fits w cells.
func legend(cfg cascade.Config, switched bool, w int) string {
	// each part in its long, short and shortest forms; the slowdown and
	// the surge only where the run meets them
	parts := [][3]string{}
	if switched {
		parts = append(parts, [3]string{"┊ a switch", "┊ switch", "┊ switch"})
	}
	if cfg.DegradeAt < cfg.Duration {
		parts = append(parts, [3]string{fmt.Sprintf("! db %.10gx slower at %.10g s", cfg.DBSlowdown, cfg.DegradeAt), fmt.Sprintf("! db %.10gx slower", cfg.DBSlowdown), "! slow db"})
	}
	if cfg.SurgeAt < cfg.Duration {
		parts = append(parts, [3]string{fmt.Sprintf("S..e %.10gx surge", cfg.SurgeX), fmt.Sprintf("S..e %.10gx surge", cfg.SurgeX), "S..e surge"})
	}
	parts = append(parts, [3]string{"brk: C closed, O open, H half-open", "C/O/H closed/open/half", ""})
	var forms []string
	for f := range 3 {
		var said []string
		for _, p := range parts {
			if p[f] != "" {
				said = append(said, p[f])
			}
		}
		forms = append(forms, strings.Join(said, " · "))
	}
	return widget.FirstFit(w, forms...)
}

// brief says a run's protections in at most w cells: the wait limit, the
// retries, and the switches on (and off, with room), in the longest form
// that fits.
func brief(cfg cascade.Config, w int) string {
	p := cfg.Protections
	wait := cfg.DefaultWait
	if p.Tuned {
		wait = cfg.TunedWait
	}
	retry, short := "no retry", "no retry"
	switch p.Retry {
	case cascade.Immediate:
		retry, short = fmt.Sprintf("retry x%d at once", cfg.MaxRetries), "retry"
	case cascade.Backoff:
		retry, short = fmt.Sprintf("retry x%d with backoff", cfg.MaxRetries), "backoff"
	}
	var on, off, plus, abbr []string
	for _, sw := range []struct {
		name, abbr string
		on         bool
		extra      bool // one of §MECH.4's guards: named only when on
	}{{"breaker", "brk", p.Breaker, false}, {"bulkhead", "blk", p.Bulkhead, false}, {"shed", "shed", p.Shed, false}, {"budget", "bud", p.Budget, false},
		{p.Limiter.String() + " limit", p.Limiter.String(), p.Limiter != cascade.NoLimit, true}, {"throttling", "thr", p.Throttle, true},
		{"layer retries", "layers", p.LayerRetries, true}, {"retry cap", "cap", p.RetryCap, true}} {
		switch {
		case sw.on:
			on, plus, abbr = append(on, sw.name), append(plus, "+"+sw.name), append(abbr, "+"+sw.abbr)
		case !sw.extra:
			off = append(off, sw.name)
		}
	}
	long := []string{fmt.Sprintf("%.10g s timeout", wait), retry}
	if len(on) > 0 {
		long = append(long, "on: "+strings.Join(on, " "))
	}
	if len(off) > 0 {
		long = append(long, "off: "+strings.Join(off, " "))
	}
	mid := fmt.Sprintf("%.10g s timeout · %s", wait, retry)
	if len(plus) > 0 {
		mid += " · " + strings.Join(plus, " ")
	}
	// the tightest forms keep the timeout's name, so "0.25 s" never reads
	// as a 0.25 s backoff
	tight := strings.Join(append([]string{fmt.Sprintf("timeout %.10g s", wait), short}, abbr...), " ")
	tighter := strings.Join(append([]string{fmt.Sprintf("t/o %.10gs", wait), short}, abbr...), " ")
	for _, form := range []string{strings.Join(long, " · "), mid, tight, tighter} {
		if widget.Width(form) <= w {
			return form
		}
	}
	return tighter
}

// meanPercent is 100 x the mean of the points within half of x; the
// column that holds the latest point shows that point, so that the line's
// end is the present, not an average that lags it.
func meanPercent(v engine.SeriesView, half float64) func(float64) float64 {
	return func(x float64) float64 {
		hi, lo := v.Before(x+half), v.Before(x-half)
		if hi < 0 {
			return 0
		}
		if hi == lo || hi == v.Len()-1 { // no point inside, or the present: the latest
			return 100 * v.At(hi).Y
		}
		sum := 0.0
		for i := lo + 1; i <= hi; i++ {
			sum += v.At(i).Y
		}
		return 100 * sum / float64(hi-lo)
	}
}
