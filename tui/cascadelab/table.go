package cascadelab

import (
	"context"
	"fmt"
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
	return l.sets.StartShared(specKey(spec), func(ctx context.Context, _ func(float64)) (cascade.Report, error) {
		return spec.RunAll(ctx, l.sets.Share.Workers(), nil)
	})
}

// Update takes a table worked out off the loop, if it is still wanted.
func (l *Lab) Update(msg tea.Msg) tea.Cmd { l.sets.Take(msg); return nil }

// Busy says the table is under way.
func (l *Lab) Busy() bool { return l.sets.Busy() }

// Leave stops the table under way.
func (l *Lab) Leave() { l.sets.Stop() }

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
	rep, ok, err := l.sets.For(specKey(l.tableSpec()))
	switch {
	case !ok:
		return st.Muted.Render(strings.Join(widget.Wrap("running S1-S6 to the end on seed "+fmt.Sprint(l.Seed())+": a moment", f.W), "\n"))
	case err != nil:
		return st.Bad.Render(strings.Join(widget.Wrap(err.Error(), f.W), "\n"))
	}
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
