package hashinglab

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/loadlab/loadlab/sim/hashing"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// Render draws each scheme's keys per node side by side on one scale, the
// nodes that took keys in the latest change marked, and what moved.
func (l *Lab) Render(f lab.Frame) string {
	top := 1.0
	for _, sd := range l.sides {
		for _, c := range sd.counts {
			top = max(top, float64(c))
		}
	}
	note := l.note
	if note == "" {
		note = "x: a node leaves; a: a node joins; the keys that move are counted, the nodes that take them marked ▲"
	}
	foot := widget.Wrap(note, f.W)
	for i := range foot {
		foot[i] = f.St.Text.Render(foot[i])
	}
	h := f.H - len(foot)
	var panels []string
	w := (f.W - (len(l.sides) - 1)) / len(l.sides)
	for _, sd := range l.sides {
		panels = append(panels, widget.FitLines(l.panel(f.St, sd, w, h, top), w, h))
	}
	spaced := []string{}
	for i, p := range panels {
		if i > 0 {
			spaced = append(spaced, " ")
		}
		spaced = append(spaced, p)
	}
	body := strings.Split(lipgloss.JoinHorizontal(lipgloss.Top, spaced...), "\n")
	return widget.FitLines(append(body, foot...), f.W, f.H)
}

// panel is one scheme: what it is, its spread, and a bar a node.
func (l *Lab) panel(st *widget.Styles, sd *side, w, h int, top float64) []string {
	what := sd.scheme.String()
	switch sd.scheme {
	case hashing.Ring:
		what = fmt.Sprintf("ring, %d point%s a node (v/V)", l.spec.VNodes, map[bool]string{true: "", false: "s"}[l.spec.VNodes == 1])
	case hashing.HRW:
		what = "HRW: owner = the node of highest hash(key, node)"
	case hashing.WeightedHRW:
		what = fmt.Sprintf("weighted HRW, weights %s (w)", l.spec.Weights)
	case hashing.Skeleton:
		what = fmt.Sprintf("skeleton HRW, fanout %d", l.spec.Fanout)
	}
	sp := hashing.SpreadOf(sd.counts, len(l.hashes))
	lines := []string{
		st.Title.Render(widget.Truncate(what, w)),
		st.Text.Render(widget.Truncate(fmt.Sprintf("keys a node: mean %.0f, spread %.1f %%, %d-%d, %d empty", sp.Mean, sp.StdPct, sp.Min, sp.Max, sp.Zero), w)),
	}
	if sd.moved > 0 {
		lines = append(lines, st.Accent.Render(widget.Truncate(fmt.Sprintf("moved %d keys (%.2f %%), %d between stayers", sd.moved, 100*float64(sd.moved)/float64(len(l.hashes)), sd.strays), w)))
	} else {
		lines = append(lines, "")
	}
	var labels []string
	values := make([]float64, len(sd.counts))
	marked := make([]bool, len(sd.counts))
	nodes := sd.m.Nodes()
	for i, c := range sd.counts {
		values[i] = float64(c)
		marked[i] = sd.movedIn[i] > 0
		labels = append(labels, strings.TrimPrefix(nodes[i].Name, "node-"))
	}
	bars := widget.Bars{Labels: labels, Values: values, YMax: top * 1.05, Style: st.SeriesStyle(0).UnsetBold(), Marked: marked, MarkStyle: st.Marker}
	lines = append(lines, strings.Split(bars.Render(st, w, max(5, h-len(lines)-1)), "\n")...)
	return append(lines, st.Muted.Render(widget.Truncate("keys a node (x: node; ▲ took moved keys)", w)))
}
