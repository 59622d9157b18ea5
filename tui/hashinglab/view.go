package hashinglab

import (
	"fmt"
	"github.com/charmbracelet/x/ansi"
	"slices"
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
		for _, c := range sd.Counts {
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

// shares is each weight's share of the keys beside its share of the
// weight: "w1 14.2 % (14.3) · w2 28.5 % (28.6)".
func (l *Lab) shares(sd *side) string {
	keysBy, weightBy, total := map[float64]int{}, map[float64]float64{}, 0.0
	nodes := sd.Mapping().Nodes()
	for i, n := range nodes {
		keysBy[n.Weight] += sd.Counts[i]
		weightBy[n.Weight] += n.Weight
		total += n.Weight
	}
	var ws []float64
	for w := range keysBy {
		ws = append(ws, w)
	}
	slices.Sort(ws)
	var parts []string
	for _, w := range ws {
		parts = append(parts, fmt.Sprintf("w%g %.1f %% (%.1f)", w, 100*float64(keysBy[w])/float64(len(l.hashes)), 100*weightBy[w]/total))
	}
	return "keys (their weight's share): " + strings.Join(parts, " · ")
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
	sp := hashing.SpreadOf(sd.Counts, len(l.hashes))
	stats := fmt.Sprintf("keys a node: mean %.0f, spread %.1f %%, %d-%d, %d empty", sp.Mean, sp.StdPct, sp.Min, sp.Max, sp.Zero)
	if sd.scheme == hashing.WeightedHRW || l.weighted() && l.spec.Weights != "1" && sd.scheme != hashing.Ring {
		stats = l.shares(sd)
	}
	lines := []string{
		st.Title.Render(widget.Truncate(what, w)),
		st.Text.Render(widget.Truncate(stats, w)),
	}
	if sd.Churn.Moved > 0 {
		stray := "between stayers"
		if sd.Churn.Joined {
			stray = "not to the new node"
		}
		lines = append(lines, st.Accent.Render(widget.Truncate(fmt.Sprintf("moved %d keys (%.2f %%), %d %s", sd.Churn.Moved, 100*float64(sd.Churn.Moved)/float64(sd.Keys()), sd.Churn.Strays, stray), w)))
	} else {
		lines = append(lines, "")
	}
	var labels []string
	values := make([]float64, len(sd.Counts))
	marked := make([]bool, len(sd.Counts))
	nodes := sd.Mapping().Nodes()
	for i, c := range sd.Counts {
		values[i] = float64(c)
		marked[i] = sd.Churn.MovedIn[i] > 0
		labels = append(labels, strings.TrimPrefix(nodes[i].Name, "node-"))
	}
	bars := widget.Bars{Labels: labels, Values: values, YMax: top * 1.05, Style: st.SeriesStyle(0).UnsetBold(), Marked: marked, MarkStyle: st.Marker}
	lines = append(lines, strings.Split(bars.Render(st, w, max(5, h-len(lines)-1)), "\n")...)
	bar := "keys a node (x: node)"
	if l.spec.Weights != "1" {
		bar = fmt.Sprintf("keys a node (weights %s in turn)", l.spec.Weights)
	}
	moved := widget.Key{Mark: "▲", Style: st.Marker, Meaning: "took moved keys"}
	legend := widget.Legend(st, w, widget.Key{Mark: "█", Style: st.SeriesStyle(0).UnsetBold(), Meaning: bar}, moved)
	if strings.HasSuffix(ansi.Strip(legend), "…") { // the short form, whole
		legend = widget.Legend(st, w, widget.Key{Mark: "█", Style: st.SeriesStyle(0).UnsetBold(), Meaning: "keys a node"}, moved)
	}
	return append(lines, legend)
}
