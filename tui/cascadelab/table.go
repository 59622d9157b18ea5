package cascadelab

import (
	"context"
	"fmt"
	"runtime"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/sim/cascade"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// The lab's views, in the order v shows them: the runs' charts, the
// lecture's table of every set, and the first set's timeline.
const (
	chartsView = iota
	tableView
	timelineView
	views
)

var viewNames = [views]string{"the charts", "the lecture's table of S1-S6", "S1's timeline"}

// sixSets are the runs of the lecture's table (26.4.1), worked out off
// the UI loop: every preset on the left run's constants and seed, and the
// left run's own set when it is none of them.
type sixSets struct {
	key     string // the spec the report is for
	report  *cascade.Report
	err     error
	cancel  context.CancelFunc
	pending string // the spec under way
}

// reportMsg is a six-set report worked out off the loop.
type reportMsg struct {
	lab    *Lab
	key    string
	report cascade.Report
	err    error
}

// tableSpec is the spec of the lecture's table for the run on the left.
func (l *Lab) tableSpec() cascade.Spec {
	left := l.left()
	s := cascade.DefaultSpec()
	s.Config = left.cfg
	if left.name == "custom" {
		p := left.cfg.Protections
		s.Configs += ",custom"
		s.Timeout = map[bool]string{false: "default", true: "tuned"}[p.Tuned]
		s.RetryPolicy = [...]string{"off", "immediate", "backoff"}[p.Retry]
		s.UseBreaker, s.UseBulkhead, s.UseShed, s.UseBudget = p.Breaker, p.Bulkhead, p.Shed, p.Budget
	}
	return s
}

func specKey(s cascade.Spec) string { return fmt.Sprintf("%+v", s) }

// Init starts the lecture's table when a view shows it and it is not for
// the runs on screen.
func (l *Lab) Init() tea.Cmd {
	if l.view == chartsView {
		return nil
	}
	spec := l.tableSpec()
	key := specKey(spec)
	if key == l.sets.key || key == l.sets.pending {
		return nil
	}
	l.Leave()
	ctx, cancel := context.WithCancel(context.Background())
	l.sets.cancel, l.sets.pending = cancel, key
	return func() tea.Msg {
		rep, err := spec.RunAll(ctx, runtime.GOMAXPROCS(0), nil)
		return reportMsg{lab: l, key: key, report: rep, err: err}
	}
}

// Update takes a table worked out off the loop, if it is still wanted.
func (l *Lab) Update(msg tea.Msg) tea.Cmd {
	m, ok := msg.(reportMsg)
	if !ok || m.lab != l || m.key != l.sets.pending {
		return nil
	}
	l.sets.cancel, l.sets.pending = nil, ""
	l.sets.key, l.sets.report, l.sets.err = m.key, &m.report, m.err
	return nil
}

// Busy says the table is under way.
func (l *Lab) Busy() bool { return l.sets.cancel != nil }

// Leave stops the table under way.
func (l *Lab) Leave() {
	if l.sets.cancel != nil {
		l.sets.cancel()
		l.sets.cancel, l.sets.pending = nil, ""
	}
}

// nextView moves v to the next view, starting the table it needs.
func (l *Lab) nextView() lab.Outcome {
	l.view = (l.view + 1) % views
	note := "v: " + viewNames[l.view]
	switch l.view {
	case tableView:
		note += ", every set run to the end on this seed, as loadlab run cascade prints it; v: the timeline"
	case timelineView:
		note += ": queues and pools every 4 s, as 26.4.1 prints it; v: the charts"
	default:
		note += "; v: the lecture's table"
	}
	return lab.Outcome{Handled: true, Note: note, Cmd: l.Init()}
}

// renderTable draws the lecture's table, or S1's timeline, of the runs on
// screen's constants and seed.
func (l *Lab) renderTable(f lab.Frame) string {
	st := f.St
	want := specKey(l.tableSpec())
	switch {
	case l.sets.err != nil && l.sets.key == want:
		return st.Bad.Render(strings.Join(widget.Wrap(l.sets.err.Error(), f.W), "\n"))
	case l.sets.report == nil || l.sets.key != want:
		return st.Muted.Render(strings.Join(widget.Wrap("running S1-S6 to the end on seed "+fmt.Sprint(l.Seed())+"…", f.W), "\n"))
	}
	rep := *l.sets.report
	var lines []string
	if l.view == tableView {
		t := rep.Comparison()
		t.Title = fmt.Sprintf("26.4.1's six sets, seed %d, each run to %.10g s (the charts' runs: %s)", l.Seed(), l.left().cfg.Duration, l.names())
		lines = widget.Table(st, f.W, t, l.left().name)
		if key := widget.Wrap(tableKey, f.W); len(lines)+1+len(key) <= f.H {
			lines = append(lines, "", st.Muted.Render(strings.Join(key, "\n")))
		}
	} else {
		lines = widget.Table(st, f.W, rep.Timeline(0), "")
	}
	return widget.FitLines(lines, f.W, f.H)
}

// tableKey says what the table's columns mean.
const tableKey = "success and good (ok within 100 ms) of the requests that arrived; latency of the successes; entry amp: attempts a request; passed 1k: when the api backlog first passed 1,000; svc used: svc's mean share of threads taken; high, low, db, aux: success by priority and by dependency."
