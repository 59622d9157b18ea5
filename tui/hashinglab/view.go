package hashinglab

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/loadlab/loadlab/sim/hashing"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// Render draws each scheme's keys per node side by side on one scale
// against their mean, the nodes that took keys in the latest change
// marked, the ring as its arcs, and what to press.
func (l *Lab) Render(f lab.Frame) string {
	top := 1.0
	for _, sd := range l.c.Sides {
		for _, c := range sd.Counts {
			top = max(top, float64(c))
		}
	}
	foot := widget.Wrap(l.footText(f.W), f.W)
	for i := range foot {
		foot[i] = f.St.Muted.Render(foot[i])
	}
	circled := l.arcs != nil && f.W >= 3*minPanel+2 && f.H >= minCircleH
	cols := len(l.c.Sides)
	var strip []string
	switch {
	case circled:
		cols++
	case l.arcs != nil && f.H-len(foot) >= minStripH:
		strip = ringStrip(f.St, f.W, l.arcs, l.handed, l.c.Last)
	}
	h := f.H - len(foot) - len(strip)
	w := (f.W - (cols - 1)) / cols
	var panels []string
	for i, sd := range l.c.Sides {
		p := widget.FitLines(l.panel(f.St, sd, w, h, top), w, h)
		if i < cols-1 {
			p = lipgloss.NewStyle().Width(w + 1).Render(p)
		}
		panels = append(panels, p)
	}
	if circled {
		cw := f.W - len(l.c.Sides)*(w+1)
		panels = append(panels, widget.FitLines(ringCircle(f.St, cw, h, l.arcs, l.handed, l.c.Last), cw, h))
	}
	body := strings.Split(lipgloss.JoinHorizontal(lipgloss.Top, panels...), "\n")
	return widget.FitLines(slices.Concat(body, strip, foot), f.W, f.H)
}

// The circle goes beside the bars when the body has room for three
// panels of minPanel cells (the bars of 30 nodes) and minCircleH rows;
// else the strip goes below them when there are minStripH rows, so that
// the bars keep a few.
const minPanel, minCircleH, minStripH = 36, 28, 15

// footText says what to press, or what the latest change was, in a line
// of w cells if it can (wrapped if not).
func (l *Lab) footText(w int) string {
	if l.c.Last == nil {
		if long := "x: a node leaves; a: a node joins. The keys that move are counted against the ideal share, the nodes that take them marked ▲."; widget.Width(long) <= w {
			return long
		}
		return "x: a node leaves; a: one joins; the nodes that take moved keys are marked ▲"
	}
	if l.c.Last.Joined {
		return fmt.Sprintf("%s joined: ▲ marks the node that took keys.", l.c.Last.Node.Name)
	}
	return fmt.Sprintf("%s left (chosen at random): ▲ marks the nodes that took its keys.", l.c.Last.Node.Name)
}

// titles are a scheme's title lines, longest first.
func (l *Lab) titles(sc hashing.Scheme) []string {
	points := fmt.Sprintf("%d point%s a node", l.spec.VNodes, plural(l.spec.VNodes))
	switch sc {
	case hashing.Ring:
		return []string{"ring, " + points + " (p/P)", "ring, " + points, "ring"}
	case hashing.HRW:
		return []string{"HRW: owner = the node of highest hash(key, node)", "HRW: highest hash(key, node) wins", "HRW"}
	case hashing.WeightedHRW:
		return []string{fmt.Sprintf("weighted HRW, weights %s (w)", l.spec.Weights), "weighted HRW (w)", "weighted HRW"}
	case hashing.Skeleton:
		return []string{fmt.Sprintf("skeleton HRW, fanout %d", l.spec.Fanout), "skeleton HRW"}
	}
	return []string{hashing.SchemeName(sc)}
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// stats are a scheme's spread, or with weights each weight's share of
// the keys beside its share of the weight, a line each, in w cells.
func (l *Lab) stats(sd *hashing.Side, w int) []string {
	if sd.Scheme != hashing.WeightedHRW && (!l.weighted() || l.spec.Weights == "1" || sd.Scheme == hashing.Ring) {
		sp := hashing.SpreadOf(sd.Counts, len(l.c.Hashes))
		return []string{widget.FirstFit(w-1, // a column apart from the panel beside
			fmt.Sprintf("keys a node: spread %.1f %% of the mean, %d to %d, %d empty", sp.StdPct, sp.Min, sp.Max, sp.Zero),
			fmt.Sprintf("spread %.1f %%, %d to %d keys, %d empty", sp.StdPct, sp.Min, sp.Max, sp.Zero),
			fmt.Sprintf("spread %.1f %%, %d to %d keys", sp.StdPct, sp.Min, sp.Max),
			fmt.Sprintf("spread %.1f %%", sp.StdPct))}
	}
	shares := l.shares(sd)
	forms := func(sh weightShare) []string {
		pct, of := fmt.Sprintf("%.2f %%", 100*sh.Share), hashing.Ratio(sh.Weight, sh.Total)
		f, _ := hashing.Fraction(sh.Weight, sh.Total)
		return []string{
			fmt.Sprintf("weight %.10g: %s of the keys, %s of the weight", sh.Class, pct, of),
			fmt.Sprintf("weight %.10g: %s of keys, %s of weight", sh.Class, pct, of),
			fmt.Sprintf("w%.10g: %s, weight %s", sh.Class, pct, of),
			fmt.Sprintf("w%.10g: %s (%s)", sh.Class, pct, f),
		}
	}
	form := 0 // the longest form every line fits in
	for _, sh := range shares {
		for form < 3 && widget.Width(forms(sh)[form]) > w {
			form++
		}
	}
	var out []string
	for _, sh := range shares {
		out = append(out, widget.FirstFit(w, forms(sh)[form:]...))
	}
	return out
}

// weightShare is the keys of the nodes of one weight (Class): their
// share of the keys, and of the weight Weight/Total.
type weightShare struct {
	Class, Share  float64
	Weight, Total float64
}

// shares is each weight's share of the keys on the nodes as they are now.
func (l *Lab) shares(sd *hashing.Side) []weightShare {
	nodes := sd.Mapping().Nodes()
	weightBy, total := hashing.WeightClasses(nodes)
	keysBy := map[float64]int{}
	for i, n := range nodes {
		keysBy[n.Weight] += sd.Counts[i]
	}
	var out []weightShare
	for w, k := range keysBy {
		out = append(out, weightShare{Class: w, Share: float64(k) / float64(len(l.c.Hashes)), Weight: weightBy[w], Total: total})
	}
	slices.SortFunc(out, func(a, b weightShare) int { return cmp.Compare(a.Class, b.Class) })
	return out
}

// panel is one scheme: what it is, its spread or shares, what the latest
// change moved, and a bar a node against the mean.
func (l *Lab) panel(st *widget.Styles, sd *hashing.Side, w, h int, top float64) []string {
	lines := []string{st.Title.Render(widget.FirstFit(w, l.titles(sd.Scheme)...))}
	for _, s := range l.stats(sd, w) {
		lines = append(lines, st.Text.Render(s))
	}
	if l.c.Last != nil {
		who, where := l.c.WhereText(sd)
		both := where
		if who != "" {
			both = who + ", " + where
		}
		lines = append(lines,
			st.Accent.Render(widget.FirstFit(w, l.c.MovedText(sd)...)),
			st.Text.Render(widget.FirstFit(w, both, where)))
	} else {
		lines = append(lines, "", "")
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
	mean := float64(len(l.c.Hashes)) / float64(len(nodes))
	bar := widget.Key{Mark: "█", Style: st.SeriesStyle(0).UnsetBold(), Meaning: "keys a node"}
	line := widget.Key{Mark: "╌", Style: st.Text, Meaning: fmt.Sprintf("mean %.0f", mean)}
	moved := widget.Key{Mark: "▲", Style: st.Marker, Meaning: "took moved keys"}
	legend := l.legend(st, w, bar, line, moved)
	bars := widget.Bars{Labels: labels, Values: values, YMax: top * 1.05, Style: st.SeriesStyle(0).UnsetBold(), Marked: marked, MarkStyle: st.Marker, Line: mean}
	bh := max(5, h-len(lines)-len(legend))
	if shown := bars.Shown(w, bh); shown < len(values) && bh > widget.ReadableRows+1 { // say which nodes the columns leave out, where a row is to spare
		legend = append(legend, st.Muted.Render(widget.FirstFit(w,
			fmt.Sprintf("the first %d of %d nodes drawn (%d to %d): a wider screen draws more", shown, len(values), 0, shown-1),
			fmt.Sprintf("the first %d of %d nodes drawn", shown, len(values)), fmt.Sprintf("%d of %d nodes", shown, len(values)))))
		bh = max(5, bh-1)
	}
	lines = append(lines, strings.Split(bars.Render(st, w, bh), "\n")...)
	return append(lines, legend...)
}

// legend is the bars' legend in its longest form that fits one line, else
// the shortest over two.
func (l *Lab) legend(st *widget.Styles, w int, bar, line, moved widget.Key) []string {
	long := bar
	if l.spec.Weights != "1" {
		long.Meaning = fmt.Sprintf("keys a node (weights %s in turn)", l.spec.Weights)
	}
	short := moved
	short.Meaning = "took keys"
	for _, keys := range [][]widget.Key{{long, line, moved}, {bar, line, moved}, {bar, line, short}} {
		if one := widget.LegendLines(st, w, keys...); len(one) == 1 {
			return one
		}
	}
	return widget.LegendLines(st, w, bar, line, short)
}
