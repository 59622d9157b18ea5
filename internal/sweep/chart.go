package sweep

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/loadlab/loadlab/sim/engine"
)

// Axes is a chart of a sweep's figure against the field varied: its
// ranges, how its axes are labelled, its lines (each group's figure and
// theory) and its caption.
type Axes struct {
	XMin, XMax, YMin, YMax float64
	XLabel, YLabel         func(float64) string
	Lines                  []Curve
	Caption                string
}

// Curve is one line of a chart: its name and its value at x.
type Curve struct {
	Name  string
	Value func(x float64) float64
}

// ChartOf is a key's figure of every group against the one field varied
// by values (a log2 axis where they grow by a factor 64 or more), each
// group's theory beside it, with its caption; ok is false where there is
// no axis (words, or values not rising). The TUI draws it.
func ChartOf(r Report, key string) (a Axes, ok bool) {
	i := slices.IndexFunc(r.Vary, func(v Vary) bool { return v.Follows == "" })
	field := r.Vary[i].Field
	var xs []float64
	for _, p := range r.Points {
		x, err := strconv.ParseFloat(p.At[field], 64)
		if err != nil || len(xs) > 0 && x <= xs[len(xs)-1] {
			return a, false // words, or values not rising: no axis to draw them on
		}
		xs = append(xs, x)
	}
	if len(xs) < 2 {
		return a, false
	}
	logX := slices.Min(xs) > 0 && slices.Max(xs)/slices.Min(xs) >= 64
	// A grid in decades is drawn on a decade axis, so that its ticks
	// fall on 1, 10, 100; any other on powers of 2.
	log, exp := math.Log2, math.Exp2
	if r := math.Log10(xs[1] / xs[0]); logX && r >= 1 && math.Abs(r-math.Round(r)) < 1e-9 {
		log, exp = math.Log10, func(v float64) float64 { return math.Pow(10, v) }
	}
	at := func(x float64) float64 {
		if logX {
			return log(x)
		}
		return x
	}
	top, bottom := 0.0, math.Inf(1)
	var lines []Curve
	series := func(name string, ys []float64) {
		pts := make([]float64, len(ys))
		copy(pts, ys)
		lines = append(lines, Curve{Name: name, Value: func(x float64) float64 { return interpolate(xs, pts, x, at) }})
	}
	theories := 0
	unit, per := spanScale(r, key)
	for _, group := range GroupsOf(r, key) {
		if !Everywhere(r, key, group) {
			continue // a figure some points do not give is in the table, not on a line
		}
		var ys []float64
		for _, p := range r.Points {
			s, _ := SpreadOf(p, key, group)
			ys = append(ys, s.Mean/per)
			top, bottom = max(top, s.Mean), min(bottom, s.Mean)
		}
		label := strings.TrimSpace(group)
		if label == "" { // a figure of no group: its name marks its line
			label, _ = NameOf(r, key, group)
		}
		series(label, ys)
		for _, kind := range TheoryKinds(r, key, group) {
			var ts []float64
			for _, p := range r.Points {
				t, err := strconv.ParseFloat(TheoryValue(p, key, group, kind), 64)
				if err != nil {
					ts = nil
					break
				}
				ts = append(ts, t)
				top, bottom = max(top, t), min(bottom, t)
			}
			if ts != nil {
				series(label+" "+kind, ts)
				theories++
			}
		}
	}
	if top <= 0 || len(lines) == 0 {
		return a, false
	}
	label := func(v float64) string {
		if math.Abs(v) >= 1e4 {
			return engine.Compact(v) // 65.5k, not 6.554e+04
		}
		return strconv.FormatFloat(v, 'g', 4, 64)
	}
	xl := label
	if logX {
		xl = func(v float64) string {
			x := exp(v)
			switch {
			case x < 1:
				return strconv.FormatFloat(x, 'g', 2, 64)
			case x < 1e4:
				return strconv.FormatFloat(math.Round(x), 'f', -1, 64) // 1024, not 1.02k
			}
			return engine.Compact(math.Round(x))
		}
	}
	// From 0, unless every value sits in the upper half of the axis: an
	// availability of 99 to 99.99 % from 0 is a flat line at the top.
	lo, hi := 0.0, top*1.1
	if bottom > top/2 {
		pad := (top - bottom) / 10
		if pad < top*1e-6 {
			pad = top / 20 // a flat line: an axis of distinct values about it
		}

		lo, hi = bottom-pad, top+pad
	}
	a = Axes{XMin: at(slices.Min(xs)), XMax: at(slices.Max(xs)), YMin: lo, YMax: hi, XLabel: xl, YLabel: label, Lines: lines}
	name, _ := NameOf(r, key, GroupsOf(r, key)[0])
	caption := fmt.Sprintf("%s against %s", name, field)
	if unit != "" {
		caption += " (" + unit + ")"
	}
	if theories > 0 {
		caption += ", each group's theory beside it"
	}
	a.Caption = caption
	return a, true
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
