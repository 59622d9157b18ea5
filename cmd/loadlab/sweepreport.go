package main

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/charmbracelet/x/ansi"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/themes"
	"github.com/loadlab/loadlab/tui/widget"
)

// sweepPlotW and sweepPlotH are the text report's plots.
const sweepPlotW, sweepPlotH = 78, 16

// writeSweepText prints, for each numeric headline figure, a table of its
// mean (and 5-95 % over the seeds) at each point, with the engine's
// theory beside it; where one field was varied, a plot of every group's
// figure against it, its theory drawn too.
func writeSweepText(w io.Writer, r sweepReport) error {
	var fields []string
	for _, v := range r.Vary {
		if v.Follows != "" {
			fields = append(fields, fmt.Sprintf("%s (= %s)", v.Field, v.Follows))
			continue
		}
		fields = append(fields, fmt.Sprintf("%s (%d values)", v.Field, len(v.Values)))
	}
	seeds := "one run a point"
	if r.Seeds > 1 {
		seeds = fmt.Sprintf("%d seeds a point from %d", r.Seeds, r.FirstSeed)
	}
	fmt.Fprintf(w, "%s swept over %s, %d points, %s\n", r.Engine, strings.Join(fields, " x "), len(r.Points), seeds)
	for _, key := range figureKeys(r) {
		for _, group := range groupsOf(r, key) {
			name, unit := nameOf(r, key, group)
			title := name
			if group != "" {
				title = group + ": " + name
			}
			fmt.Fprintf(w, "\n%s\n", title)
			tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
			head := "  " + strings.Join(varyFields(r), "\t") + "\tmean"
			if r.Seeds > 1 {
				head += "\t5-95 %"
			}
			theory := theoryName(r, key, group)
			if theory != "" {
				head += "\ttheory: " + theory
			}
			fmt.Fprintln(tw, head+"\t")
			for _, p := range r.Points {
				s, ok := spreadOf(p, key, group)
				if !ok {
					continue
				}
				row := "  "
				for _, f := range varyFields(r) {
					row += p.At[f] + "\t"
				}
				row += s.Number(s.Mean)
				if r.Seeds > 1 {
					row += "\t" + s.Number(s.P5) + " to " + s.Number(s.P95)
				}
				if theory != "" {
					row += "\t" + theoryValue(p, key, group) + unitAfter(unit)
				}
				fmt.Fprintln(tw, row+"\t")
			}
			tw.Flush()
		}
		if varied(r) == 1 {
			for _, line := range sweepPlot(r, key) {
				fmt.Fprintln(w, line)
			}
		}
	}
	for _, p := range r.Points {
		if len(p.Theory) > 0 {
			fmt.Fprintf(w, "\n%s\n", theoryCaveat)
			break
		}
	}
	return nil
}

// varied is how many fields a sweep varies by values of their own.
func varied(r sweepReport) int {
	n := 0
	for _, v := range r.Vary {
		if v.Follows == "" {
			n++
		}
	}
	return n
}

// unitAfter writes a unit as Spread.Number does after a number.
func unitAfter(u string) string {
	if u == "" || u == "%" || u == "x" || strings.HasPrefix(u, "/") {
		return u
	}
	return " " + u
}

// figureKeys are the keys of the figures some point gives a number, in
// the order the points first give them.
func figureKeys(r sweepReport) []string {
	var keys []string
	for _, p := range r.Points {
		for _, s := range p.Figures {
			if s.Numeric && !slices.Contains(keys, s.Key) {
				keys = append(keys, s.Key)
			}
		}
	}
	return keys
}

// groupsOf are the groups some point gives a key a number in (a sweep of
// the strategies gives each point its own).
func groupsOf(r sweepReport, key string) []string {
	var out []string
	for _, p := range r.Points {
		for _, s := range p.Figures {
			if s.Key == key && s.Numeric && !slices.Contains(out, s.Group) {
				out = append(out, s.Group)
			}
		}
	}
	return out
}

// everywhere reports whether every point gives a group's figure a
// number: only such a line is drawn whole.
func everywhere(r sweepReport, key, group string) bool {
	for _, p := range r.Points {
		if _, ok := spreadOf(p, key, group); !ok {
			return false
		}
	}
	return true
}

func nameOf(r sweepReport, key, group string) (string, string) {
	for _, p := range r.Points {
		if s, ok := spreadOf(p, key, group); ok {
			return s.Name, s.Unit
		}
	}
	return key, ""
}

func varyFields(r sweepReport) []string {
	var out []string
	for _, v := range r.Vary {
		out = append(out, v.Field)
	}
	return out
}

func spreadOf(p sweepPoint, key, group string) (engine.Spread, bool) {
	i := slices.IndexFunc(p.Figures, func(s engine.Spread) bool { return s.Key == key && s.Group == group && s.Numeric })
	if i < 0 {
		return engine.Spread{}, false
	}
	return p.Figures[i], true
}

// theoryName is what the theory column is, "" where the engine has no
// theory for a group's figure: its formula where every point has one,
// else "asymptote" (the formula changes with the point, as one choice's
// does where m passes n).
func theoryName(r sweepReport, key, group string) string {
	name := ""
	for _, p := range r.Points {
		for _, f := range p.Theory {
			if f.Key != key || f.Group != group {
				continue
			}
			if name != "" && name != f.Name {
				return "asymptote"
			}
			name = f.Name
		}
	}
	return name
}

func theoryValue(p sweepPoint, key, group string) string {
	for _, f := range p.Theory {
		if f.Key == key && f.Group == group {
			return f.Value
		}
	}
	return "-"
}

// theoryCaveat is said under a sweep with a theory: an asymptote is a
// leading term as n grows, not a prediction at every point.
const theoryCaveat = "theory: the asymptote's leading term as n grows (for one choice ln n / ln ln n while m <= n, m/n + sqrt(2 (m/n) ln n) past it); at small n, or with m far below n, it is a trend to read against, not a prediction (the JSON gives each point's formula)"

// sweepPlot draws a key's figure of every group against the one varied
// field (a log2 axis where its values grow by a factor), each group's
// theory beside it, with the chart of the TUI's widgets, without colour.
func sweepPlot(r sweepReport, key string) []string {
	i := slices.IndexFunc(r.Vary, func(v vary) bool { return v.Follows == "" })
	field := r.Vary[i].Field
	var xs []float64
	for _, p := range r.Points {
		x, err := strconv.ParseFloat(p.At[field], 64)
		if err != nil || len(xs) > 0 && x <= xs[len(xs)-1] {
			return nil // words, or values not rising: no axis to draw them on
		}
		xs = append(xs, x)
	}
	if len(xs) < 2 {
		return nil
	}
	logX := slices.Min(xs) > 0 && slices.Max(xs)/slices.Min(xs) >= 64
	at := func(x float64) float64 {
		if logX {
			return math.Log2(x)
		}
		return x
	}
	top := 0.0
	var lines []widget.Line
	st := widget.NewStyles(themes.All[len(themes.All)-1])
	series := func(name string, ys []float64) {
		pts := make([]float64, len(ys))
		copy(pts, ys)
		lines = append(lines, widget.Line{Name: name, Style: st.Text, Value: func(x float64) float64 { return interpolate(xs, pts, x, at) }})
	}
	theories := 0
	for _, group := range groupsOf(r, key) {
		if !everywhere(r, key, group) {
			continue // a figure some points do not give is in the table, not on a line
		}
		var ys, ts []float64
		theory := theoryName(r, key, group) != ""
		for _, p := range r.Points {
			s, _ := spreadOf(p, key, group)
			ys = append(ys, s.Mean)
			top = max(top, s.Mean)
			if theory {
				t, err := strconv.ParseFloat(theoryValue(p, key, group), 64)
				if err != nil {
					theory = false
				}
				ts = append(ts, t)
				top = max(top, t)
			}
		}
		series(strings.TrimSpace(group), ys)
		if theory {
			series(strings.TrimSpace(group)+" theory", ts)
			theories++
		}
	}
	if top <= 0 || len(lines) == 0 {
		return nil
	}
	label := func(v float64) string { return strconv.FormatFloat(v, 'g', 4, 64) }
	xl := label
	if logX {
		xl = func(v float64) string { return engine.Compact(math.Round(math.Exp2(v))) }
	}
	ts := widget.TimeSeries{XMin: at(slices.Min(xs)), XMax: at(slices.Max(xs)), YMin: 0, YMax: top * 1.1, XLabel: xl, YLabel: label, Lines: lines}
	name, _ := nameOf(r, key, groupsOf(r, key)[0])
	caption := fmt.Sprintf("%s against %s", name, field)
	if len(lines) > 1 {
		caption += ", a letter marking each line (the key under the plot)"
	}
	if theories > 0 {
		caption += "; \"theory\" lines are the asymptotes"
	}
	out := []string{"", caption}
	for _, l := range strings.Split(ansi.Strip(ts.Render(st, sweepPlotW, sweepPlotH)), "\n") {
		out = append(out, strings.TrimRight(l, " "))
	}
	return out
}

// interpolate is the piecewise-linear curve through (at(xs), ys) at x.
func interpolate(xs, ys []float64, x float64, at func(float64) float64) float64 {
	for i := 1; i < len(xs); i++ {
		a, b := at(xs[i-1]), at(xs[i])
		if x <= b || i == len(xs)-1 {
			if b == a {
				return ys[i]
			}
			t := max(0, min(1, (x-a)/(b-a)))
			return ys[i-1] + t*(ys[i]-ys[i-1])
		}
	}
	return ys[0]
}

// writeSweepCSV writes a row a point and figure: the varied values, the
// figure, its spread and its theory.
func writeSweepCSV(w io.Writer, r sweepReport) error {
	head := append(varyFields(r), "key", "group", "name", "unit", "seeds", "mean", "median", "p5", "p95", "min", "max", "theory")
	var rows [][]string
	for _, p := range r.Points {
		for _, s := range p.Figures {
			if !s.Numeric {
				continue
			}
			row := []string{}
			for _, f := range varyFields(r) {
				row = append(row, p.At[f])
			}
			t := theoryValue(p, s.Key, s.Group)
			if t == "-" {
				t = ""
			}
			rows = append(rows, append(row, s.Key, s.Group, s.Name, s.Unit, strconv.Itoa(s.Seeds), num(s.Mean), num(s.Median), num(s.P5), num(s.P95), num(s.Min), num(s.Max), t))
		}
	}
	return writeCSV(w, head, rows)
}
