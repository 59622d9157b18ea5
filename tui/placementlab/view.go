package placementlab

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/placement"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// Render draws the topology with the object shown and its verdict, and
// the table's bars: beside each other when there is room, else stacked.
func (l *Lab) Render(f lab.Frame) string {
	view, _ := l.render(f)
	return view
}

// render is Render, and whether the bars are paged (not every failure's
// group fits).
func (l *Lab) render(f lab.Frame) (string, bool) {
	if l.tableView {
		return l.renderTable(f), false
	}
	view, paged := l.renderBars(f)
	// Wide and tall enough, the lecture's whole table goes under the bars.
	if used := len(strings.Split(strings.TrimRight(view, "\n "), "\n")); f.W >= tableCols {
		if table := l.fitTable(f.St, f.W, f.H-used-1); table != nil {
			lines := append(strings.Split(view, "\n")[:used], "")
			return widget.FitLines(append(lines, table...), f.W, f.H), paged
		}
	}
	return view, paged
}

// fitTable is the lecture's table in w x h, giving up its note and then
// its title where they do not fit; nil where its rows do not.
func (l *Lab) fitTable(st *widget.Styles, w, h int) []string {
	return widget.FitTables(st, w, h, l.cellsTitled())
}

// tableCols is the width from which the lecture's table has its rows
// whole, each on one line.
const tableCols = 120

// cellsTitled is the lecture's table under a title that says how many
// objects each row places.
func (l *Lab) cellsTitled() engine.Table {
	t := l.table.Cells()
	t.Title = fmt.Sprintf("the lecture's table (26.4.2): %s objects at each place of each failure, seed %d", engine.Digits(int64(l.spec.Trials)), l.spec.Seed)
	return t
}

// renderTable draws the lecture's whole table, or says the size it needs.
func (l *Lab) renderTable(f lab.Frame) string {
	if table := l.fitTable(f.St, f.W, f.H); table != nil {
		return widget.FitLines(table, f.W, f.H)
	}
	t := l.cellsTitled()
	t.Note, t.Title = "", ""
	return f.St.Muted.Render(strings.Join(widget.Wrap(fmt.Sprintf("the lecture's table needs %d rows here, or %d columns: v shows the bars",
		widget.TableRows(f.W, t), tableCols), f.W), "\n"))
}

// renderBars draws the topology and the bars.
func (l *Lab) renderBars(f lab.Frame) (string, bool) {
	st := f.St
	o := l.shown()
	topo := strings.Split(l.topology(st, o, f.W), "\n")
	topoW := 50 // the column's width: the boxes', or room for the verdict
	for _, line := range topo {
		topoW = max(topoW, widget.Width(line))
	}
	topoW = min(topoW, f.W)
	left := append([]string{l.heading(st, o, topoW)}, topo...)
	verdictW := topoW
	if f.W-topoW-2 < 60 { // stacked: the verdict has the width
		verdictW = f.W
	}
	for _, line := range widget.Wrap(l.verdict(o), verdictW) {
		left = append(left, st.Text.Render(line))
	}
	marks := []widget.Key{{Mark: "●", Style: st.OK, Meaning: "replica"}, {Mark: "✖", Style: st.Bad, Meaning: "replica lost"},
		{Mark: "x", Style: st.Bad, Meaning: "node down"}, {Mark: "·", Style: st.Muted, Meaning: "node up"}}
	if l.spec.Versions > 1 {
		letters, names := make([]string, l.spec.Versions), make([]string, l.spec.Versions)
		for v := range l.spec.Versions {
			letters[v], names[v] = string(rune('a'+v)), fmt.Sprintf("v%d", v)
		}
		marks = append(marks, widget.Key{Mark: strings.Join(letters, " "), Style: st.Accent, Meaning: "versions " + strings.Join(names, " ")})
	}
	left = append(left, widget.LegendLines(st, topoW, marks...)...)
	if f.W-topoW-2 >= 60 { // side by side
		barsW := f.W - topoW - 2
		bars, paged := l.bars(st, barsW, f.H)
		return widget.FitLines(strings.Split(lipgloss.JoinHorizontal(lipgloss.Top,
			lipgloss.NewStyle().Width(topoW+2).Render(strings.Join(left, "\n")), bars), "\n"), f.W, f.H), paged
	}
	lines := append(left, "")
	bars, paged := l.bars(st, f.W, f.H-len(lines))
	lines = append(lines, strings.Split(bars, "\n")...)
	return widget.FitLines(lines, f.W, f.H), paged
}

// page is how many failure groups fit in h rows (of strategies bars
// each, cols groups a row) and the first shown: the page e chose, else the
// one that holds the row being filled.
func (l *Lab) page(events []placement.Event, strategies, cols, h int) (fit, first int) {
	groups := len(events)
	fit = min(groups, max(1, (h-2)/(strategies+2))*cols) // the title and the legend
	if fit == groups {
		return fit, 0
	}
	rows := l.table.Rows()
	if l.pageAt >= 0 {
		first = l.pageAt * fit % groups
	} else if cur := l.table.Current(); cur < len(rows) {
		first = slices.Index(events, rows[cur].Event)
	}
	return fit, min(first, groups-fit)
}

// heading says whose object is shown.
func (l *Lab) heading(st *widget.Styles, o *object, w int) string {
	if o == nil {
		return st.Title.Render(widget.FirstFit(w, "the lecture's table: step (n) or play (space) to place objects; 1-5 places one of your own",
			"step (n) or play (space) to fill the table; 1-5: an object of your own", "n steps, space plays; 1-5: your own object", "n steps, space plays"))
	}
	if l.mine != nil {
		return st.Title.Render(widget.Truncate(fmt.Sprintf("your object: %s placement (0: the table's)", o.strategy), w))
	}
	return st.Title.Render(widget.Truncate(fmt.Sprintf("the table's latest object: %s placement", o.strategy), w))
}

// topology draws each AZ as a box of its racks, a rack a row of its nodes:
// numbers and glyphs when they fit, glyphs alone when not. With the site
// level, a site a line (see sites).
func (l *Lab) topology(st *widget.Styles, o *object, w int) string {
	t := l.spec.Topology
	if t.HasSites() {
		return l.sites(st, o, w)
	}
	numbered := true
	boxW := func() int {
		cell := 2
		if numbered {
			cell = len(fmt.Sprint(t.Nodes()-1)) + 2
		}
		if t.Versions > 1 {
			cell++
		}
		return 2 + len(fmt.Sprintf("r%d ", t.Racks()-1)) + cell*t.NodesPerRack
	}
	if boxW()*min(t.AZs, 3) > w {
		numbered = false
	}
	var boxes []string
	for a := range t.AZs {
		var rows []string
		for r := a * t.RacksPerAZ; r < (a+1)*t.RacksPerAZ; r++ {
			var b strings.Builder
			b.WriteString(st.Muted.Render(fmt.Sprintf("r%-*d ", len(fmt.Sprint(t.Racks()-1)), r)))
			for n := r * t.NodesPerRack; n < (r+1)*t.NodesPerRack; n++ {
				if numbered {
					b.WriteString(st.Muted.Render(fmt.Sprintf("%*d", len(fmt.Sprint(t.Nodes()-1)), n)))
				}
				if t.Versions > 1 { // the version it runs, as a letter
					b.WriteString(st.Accent.Render(string(rune('a' + t.VersionOf(n)))))
				}
				b.WriteString(l.glyph(st, o, n) + " ")
			}
			rows = append(rows, b.String())
		}
		title := fmt.Sprintf("AZ %d", a)
		box := lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).BorderForeground(st.Muted.GetForeground()).Render(strings.Join(rows, "\n"))
		boxes = append(boxes, st.Accent.Render(title)+"\n"+box)
	}
	// as many boxes a row as fit
	var rows []string
	for i := 0; i < len(boxes); {
		j, width := i, 0
		for j < len(boxes) && (j == i || width+widget.Width(boxes[j])+1 <= w) {
			width += widget.Width(boxes[j]) + 1
			j++
		}
		row := boxes[i:j]
		spaced := make([]string, 0, 2*len(row))
		for k, b := range row {
			if k > 0 {
				spaced = append(spaced, " ")
			}
			spaced = append(spaced, b)
		}
		rows = append(rows, lipgloss.JoinHorizontal(lipgloss.Top, spaced...))
		i = j
	}
	return strings.Join(rows, "\n")
}

// sites draws a site a line, its AZs apart and its racks split by |, as
// many sites a row as fit, under a line naming the cities and providers.
func (l *Lab) sites(st *widget.Styles, o *object, w int) string {
	t := l.spec.Topology
	label := len(fmt.Sprint(t.NumSites() - 1))
	var cells []string
	for site := range t.NumSites() {
		var b strings.Builder
		b.WriteString(st.Accent.Render(fmt.Sprintf("s%-*d ", label, site)))
		for a := site * t.AZs; a < (site+1)*t.AZs; a++ {
			if a > site*t.AZs {
				b.WriteString("  ")
			}
			for r := a * t.RacksPerAZ; r < (a+1)*t.RacksPerAZ; r++ {
				if r > a*t.RacksPerAZ {
					b.WriteString(st.Muted.Render("|"))
				}
				for n := r * t.NodesPerRack; n < (r+1)*t.NodesPerRack; n++ {
					b.WriteString(l.glyph(st, o, n))
				}
			}
		}
		cells = append(cells, b.String())
	}
	cellW := widget.Width(cells[0])
	cols := max(1, min(len(cells), (w+3)/(cellW+3)))
	rows := (len(cells) + cols - 1) / cols
	out := []string{st.Muted.Render(widget.FirstFit(w, groupsLine(t, true), groupsLine(t, false)))}
	for r := range rows {
		var line []string
		for c := range cols {
			if i := c*rows + r; i < len(cells) { // down the columns, so a city's sites stand together
				line = append(line, cells[i])
			}
		}
		out = append(out, strings.Join(line, "   "))
	}
	return strings.Join(out, "\n")
}

// groupsLine names the sites' cities and providers.
func groupsLine(t placement.Topology, long bool) string {
	span := func(per int) string {
		var parts []string
		for first := 0; first < t.NumSites(); first += per {
			if per == 1 {
				parts = append(parts, fmt.Sprintf("s%d", first))
			} else {
				parts = append(parts, fmt.Sprintf("s%d-%d", first, first+per-1))
			}
		}
		return strings.Join(parts, " ")
	}
	line := fmt.Sprintf("%d sites", t.NumSites())
	if t.CitySites() > 1 {
		line += fmt.Sprintf(" · cities (one power feed each) %s", span(t.CitySites()))
	}
	if t.NumProviders() > 1 {
		line += fmt.Sprintf(" · providers %s", span(t.SitesPerProvider()))
	}
	if !long {
		return fmt.Sprintf("%d sites, cities of %d, %d providers", t.NumSites(), t.CitySites(), t.NumProviders())
	}
	return line
}

// glyph is node n under object o: a replica that survives or is lost, a
// node down, or a node up; shapes that read without colour.
func (l *Lab) glyph(st *widget.Styles, o *object, n int) string {
	if o == nil {
		return st.Muted.Render("·")
	}
	down := o.loc >= 0 && o.event.Down(l.spec.Topology, o.loc, n)
	replica := slices.Contains(o.replicas, n)
	switch {
	case replica && down:
		return st.Bad.Render("✖")
	case replica:
		return st.OK.Render("●")
	case down:
		return st.Bad.Render("x")
	}
	return st.Muted.Render("·")
}

// verdict says what the failure shown does to the object.
func (l *Lab) verdict(o *object) string {
	if o == nil {
		return ""
	}
	t := l.spec.Topology
	var where []string
	for _, n := range o.replicas {
		where = append(where, fmt.Sprintf("%d (rack %d, AZ %d", n, t.RackOf(n), t.AZOf(n)))
		if t.HasSites() {
			where[len(where)-1] += fmt.Sprintf(", site %d", t.SiteOf(n))
		}
		if t.Versions > 1 {
			where[len(where)-1] += fmt.Sprintf(", v%d", t.VersionOf(n))
		}
		where[len(where)-1] += ")"
	}
	reps := "replicas on nodes " + strings.Join(where, ", ")
	if o.loc < 0 {
		return reps + ". f fails a domain under it."
	}
	lost := 0
	for _, n := range o.replicas {
		if o.event.Down(t, o.loc, n) {
			lost++
		}
	}
	r := len(o.replicas)
	verdict := fmt.Sprintf("%d of %d survive: the majority (%d) holds", r-lost, r, r/2+1)
	switch {
	case lost == r:
		verdict = fmt.Sprintf("all %d replicas lost: the data is gone", r)
	case r-lost < r/2+1:
		verdict = fmt.Sprintf("%d of %d survive: MAJORITY LOST (it needs %d)", r-lost, r, r/2+1)
	}
	return fmt.Sprintf("%s fails. %s. %s", o.event.Where(t, o.loc), reps, verdict)
}

// bars are the table so far: for each event a group of bars, one per
// strategy, of the share of objects that lost their majority (every
// replica, the darker part), the exact chance marked; groups side by side
// as the width allows, all on one 0-100 % scale.
func (l *Lab) bars(st *widget.Styles, w, h int) (view string, paged bool) {
	if h < 1 || w < 1 {
		return "", false
	}
	rows := l.table.Rows()
	var events []placement.Event
	for _, r := range rows {
		if !slices.Contains(events, r.Event) {
			events = append(events, r.Event)
		}
	}
	strategies := len(rows) / max(1, len(events))
	nameW := 10 // the lecture's names; the site level's are longer
	for _, r := range rows {
		nameW = max(nameW, len(r.Strategy.String()))
	}
	cols := max(1, min(len(events), w/38))
	for cols > 1 && (len(events)+cols-2)/(cols-1)*(strategies+2)+2 <= h {
		cols-- // wider bars while the groups still fit the height
	}
	groupW := (w - (cols - 1)) / cols
	var groups []string
	cur := l.table.Current()
	for _, e := range events {
		var bars []widget.HBar
		for i, r := range rows {
			if r.Event != e {
				continue
			}
			label := fmt.Sprintf("%-*s %7s", nameW, r.Strategy, "-")
			var parts []widget.HBarPart
			mark := math.NaN()
			if r.Total > 0 {
				maj, all := float64(r.LoseMajority)/float64(r.Total), float64(r.LoseAll)/float64(r.Total)
				label = fmt.Sprintf("%-*s %6.2f%%", nameW, r.Strategy, maj*100)
				if i == cur { // a running estimate, said so
					label = fmt.Sprintf("%-*s ~%5.1f%%", nameW, r.Strategy, maj*100)
				}
				parts = []widget.HBarPart{{Value: all, Rune: '█', Style: st.Bad}, {Value: maj - all, Rune: '▒', Style: st.Warn}}
			}
			if r.Exact.LoseMajority != nil {
				mark, _ = r.Exact.LoseMajority.Float64()
			}
			bars = append(bars, widget.HBar{Label: label, Parts: parts, Mark: mark})
		}
		hb := widget.HBars{Bars: bars, Max: 1, MarkRune: '┃', MarkStyle: st.Marker}
		head := st.Accent.Render(widget.Truncate(fmt.Sprintf("%s failure (%s)", e, e.Nodes(l.spec.Topology)), groupW))
		group := head + "\n" + hb.Render(st, groupW) + "\n" + hb.Axis(st, groupW, func(v float64) string { return fmt.Sprintf("%.0f%%", v*100) })
		groups = append(groups, group)
	}
	// Too short a window for every group: as many as fit, from the one
	// being filled.
	fit, first := l.page(events, strategies, cols, h)
	groups = groups[first : first+fit]
	per := engine.Digits(int64(l.spec.Trials))
	title := widget.FirstFit(w, "objects that lost their majority, by failure and strategy: "+per+" objects at each of a failure's places",
		"objects that lost their majority ("+per+" at each place of a failure)", "objects that lost their majority")
	switch {
	case cur < len(rows):
		r := rows[cur]
		done, all := engine.Digits(int64(r.Total)), engine.Digits(int64(l.spec.Trials*r.Event.Locations(l.spec.Topology)))
		title = widget.FirstFit(w,
			fmt.Sprintf("lost majority; ~ so far: %s under %s failures, after %s of %s objects", r.Strategy, r.Event, done, all),
			fmt.Sprintf("lost majority · ~ %s, %s: after %s of %s objects", r.Strategy, r.Event, done, all),
			fmt.Sprintf("~ %s, %s: %s of %s", r.Strategy, r.Event, done, all))
	case l.table.Done():
		title = widget.FirstFit(w, "lost majority, final: "+per+" objects at each of a failure's places",
			"lost majority, final: "+per+" objects a place", "lost majority, final")
	}
	foot := "█ lost every replica · ▒ lost the majority · ┃ the exact chance"
	if fit < len(events) {
		var others []string
		for k, e := range events {
			if k < first || k >= first+fit {
				others = append(others, e.String())
			}
		}
		foot = widget.FirstFit(w, foot+" · e: "+strings.Join(others, ", "), "█ every replica ▒ majority ┃ exact · e: "+strings.Join(others, ", "), "e: "+strings.Join(others, ", "))
	}
	var lines []string
	for _, t := range widget.Wrap(title, w) {
		lines = append(lines, st.Text.Render(t))
	}
	for i := 0; i < len(groups); i += cols {
		row := groups[i:min(i+cols, len(groups))]
		spaced := make([]string, 0, 2*len(row))
		for k, g := range row {
			if k > 0 {
				spaced = append(spaced, " ")
			}
			spaced = append(spaced, lipgloss.NewStyle().Width(groupW).Render(g))
		}
		lines = append(lines, strings.Split(lipgloss.JoinHorizontal(lipgloss.Top, spaced...), "\n")...)
	}
	lines = append(lines, st.Muted.Render(widget.FirstFit(w, foot, "█ all lost ▒ majority lost ┃ exact")))
	return strings.Join(widget.PadLines(lines, max(0, min(h, len(lines)))), "\n"), fit < len(events)
}
