package engine

import (
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Spread is one headline figure over the runs of many seeds. A figure
// written as a plain number (with a unit: "12.26%", "1,116", "9.0/s",
// "27 min") is Numeric: its mean, median, 5-95 % interval (linear
// interpolation between order statistics), least and most, and each
// seed's value in seed order. Any other figure (a time of day, a span
// in hours and minutes, a state, a fraction) is counted by its values,
// the most common first.
type Spread struct {
	Key     string  `json:"key"`
	Group   string  `json:"group,omitempty"`
	Name    string  `json:"name"`
	Seeds   int     `json:"seeds"`
	Numeric bool    `json:"numeric"`
	Unit    string  `json:"unit,omitempty"`
	Mean    float64 `json:"mean"`
	Median  float64 `json:"median"`
	P5      float64 `json:"p5"`
	P95     float64 `json:"p95"`
	Min     float64 `json:"min"`
	Max     float64 `json:"max"`
	// Values are each seed's, in seed order (numeric figures).
	Values []float64 `json:"values,omitempty"`
	// Counts are the values a non-numeric figure took, most common first
	// (ties in the order they first came).
	Counts []ValueCount `json:"counts,omitempty"`
}

// ValueCount is how many seeds gave a figure one value.
type ValueCount struct {
	Value string `json:"value"`
	Seeds int    `json:"seeds"`
}

// plainNumber is a figure written as a number and an optional unit, and
// perhaps a remark in parentheses after it ("1.01% (1/n 3.33%)").
var plainNumber = regexp.MustCompile(`^([+-]?[0-9][0-9,]*(?:\.[0-9]+)?)\s?(%|/s|/min|ms|s|min|h|days|x|q/s)?(?: \([^()]*\))?$`)

// hoursMinutes is a span written in hours and minutes, "1 h 51 min".
var hoursMinutes = regexp.MustCompile(`^([0-9]+) h ([0-9]{1,2}) min$`)

// ParseNumber reads a figure written as a plain number with an optional
// unit ("12.26%" is 12.26 and "%"), or a span in hours and minutes ("1 h
// 51 min" is 111 and "min"); ok is false for anything else.
func ParseNumber(value string) (x float64, unit string, ok bool) {
	value = strings.TrimSpace(value)
	if x, err := strconv.ParseFloat(value, 64); err == nil && !math.IsInf(x, 0) && !math.IsNaN(x) && value[len(value)-1] >= '0' && value[len(value)-1] <= '9' {
		return x, "", true // a bare number, most figures: no pattern to match
	}
	if hm := hoursMinutes.FindStringSubmatch(value); hm != nil {
		h, _ := strconv.Atoi(hm[1])
		m, _ := strconv.Atoi(hm[2])
		return float64(60*h + m), "min", true
	}
	m := plainNumber.FindStringSubmatch(value)
	if m == nil {
		return 0, "", false
	}
	x, err := strconv.ParseFloat(strings.ReplaceAll(m[1], ",", ""), 64)
	if err != nil || math.IsInf(x, 0) || math.IsNaN(x) {
		return 0, "", false
	}
	if per, ok := minutesPer[m[2]]; ok { // spans in one unit, whatever each was written in
		return x * per, "min", true
	}
	return x, m[2], true
}

// minutesPer are the minutes in each unit a span is written in: a figure
// of spans is read in minutes, so that 6 min, 1 h and 10 h line up.
var minutesPer = map[string]float64{"ms": 1.0 / 60000, "s": 1.0 / 60, "min": 1, "h": 60, "days": 1440}

// Spreads gathers each headline figure over runs, each run's figures in
// one order (a seed's run); a figure is matched by its key and group.
func Spreads(runs [][]Figure) []Spread {
	if len(runs) == 0 {
		return nil
	}
	var out []Spread
	for i, f := range runs[0] {
		nth := occurrence(runs[0], i)
		s := Spread{Key: f.Key, Group: f.Group, Name: f.Name, Seeds: len(runs), Numeric: true}
		if nth > 0 || slices.ContainsFunc(runs[0][i+1:], func(g Figure) bool { return g.Key == f.Key && g.Group == f.Group }) {
			// figures told apart by their names alone (a fleet's sizes):
			// the name is the group, the group the name
			s.Group, s.Name = f.Name, f.Group
		}
		var texts []string
		for _, run := range runs {
			v := "—"
			if j := nthFigure(run, f.Key, f.Group, nth); j >= 0 {
				v = run[j].Value
			}
			texts = append(texts, v)
			x, unit, ok := ParseNumber(v)
			if !ok || len(s.Values) > 0 && unit != s.Unit {
				s.Numeric = false
				continue
			}
			s.Unit = unit
			s.Values = append(s.Values, x)
		}
		if s.Numeric {
			s.describe()
		} else {
			s.Unit, s.Values, s.Counts = "", nil, counts(texts)
		}
		out = append(out, s)
	}
	return out
}

// occurrence is how many figures before figs[i] share its key and group.
func occurrence(figs []Figure, i int) int {
	n := 0
	for _, g := range figs[:i] {
		if g.Key == figs[i].Key && g.Group == figs[i].Group {
			n++
		}
	}
	return n
}

// nthFigure is the index of the nth figure of key and group in figs, -1
// where there are fewer.
func nthFigure(figs []Figure, key, group string, nth int) int {
	for i, g := range figs {
		if g.Key == key && g.Group == group {
			if nth == 0 {
				return i
			}
			nth--
		}
	}
	return -1
}

// describe works out a numeric spread's figures from its values.
func (s *Spread) describe() {
	sorted := slices.Sorted(slices.Values(s.Values))
	sum := 0.0
	for _, x := range sorted {
		sum += x
	}
	s.Mean = round12(sum / float64(len(sorted)))
	q := Quantile
	if whole(sorted) { // counts: a quantile is a count some seed gave
		q = NearestRank
	}
	s.Median, s.P5, s.P95 = round12(q(sorted, 0.5)), round12(q(sorted, 0.05)), round12(q(sorted, 0.95))
	s.Min, s.Max = sorted[0], sorted[len(sorted)-1]
}

// round12 rounds to 12 significant digits: a sum's last bits
// (15.114999999999998) are no part of a figure read to four.
func round12(x float64) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'g', 12, 64), 64)
	return v
}

// whole reports whether every value is a whole number.
func whole(xs []float64) bool {
	for _, x := range xs {
		if x != math.Trunc(x) {
			return false
		}
	}
	return true
}

// NearestRank is the q-quantile of sorted values as one of them: the
// value at rank ceil(q x n) (the first for q = 0).
func NearestRank(sorted []float64, q float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[max(0, min(len(sorted)-1, int(math.Ceil(q*float64(len(sorted))))-1))]
}

// Quantile is the q-quantile of sorted values, interpolated linearly
// between the order statistics around position q x (n - 1).
func Quantile(sorted []float64, q float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	pos := q * float64(len(sorted)-1)
	lo := int(math.Floor(pos))
	hi := min(lo+1, len(sorted)-1)
	return sorted[lo] + (pos-float64(lo))*(sorted[hi]-sorted[lo])
}

// counts are the texts' values and how many of each, most common first.
func counts(texts []string) []ValueCount {
	var out []ValueCount
	for _, t := range texts {
		if i := slices.IndexFunc(out, func(c ValueCount) bool { return c.Value == t }); i >= 0 {
			out[i].Seeds++
			continue
		}
		out = append(out, ValueCount{Value: t, Seeds: 1})
	}
	slices.SortStableFunc(out, func(a, b ValueCount) int { return b.Seeds - a.Seeds })
	return out
}

// Rank places the first seed's value among the others: how many seeds
// gave less and how many the same (itself included).
func (s Spread) Rank() (below, equal int) {
	if len(s.Values) == 0 {
		return 0, 0
	}
	for _, x := range s.Values {
		switch {
		case x < s.Values[0]:
			below++
		case x == s.Values[0]:
			equal++
		}
	}
	return below, equal
}

// Histogram is a numeric spread's values counted into n equal bins from
// Min to Max (all in one when every value is one).
func (s Spread) Histogram(n int) []int {
	bins := make([]int, max(1, n))
	for _, x := range s.Values {
		i := 0
		if s.Max > s.Min {
			i = min(n-1, int((x-s.Min)/(s.Max-s.Min)*float64(n)))
		}
		bins[i]++
	}
	return bins
}

// Number writes one of a numeric spread's values with its unit: two
// decimals at most from 1 up ("101.95", "12.49%", "41 min"), three
// significant digits below ("0.0638%").
func (s Spread) Number(x float64) string {
	if s.Unit == "min" {
		return span(x)
	}
	v := strconv.FormatFloat(x, 'f', 2, 64)
	if math.Abs(x) < 1 {
		v = strconv.FormatFloat(x, 'g', 3, 64)
	}
	if strings.Contains(v, ".") && !strings.Contains(v, "e") {
		v = strings.TrimRight(strings.TrimRight(v, "0"), ".")
	}
	if strings.Contains(v, "e") {
		v = strconv.FormatFloat(x, 'f', 4, 64)
	}
	if u := s.Unit; u == "" || u == "%" || u == "x" || strings.HasPrefix(u, "/") {
		return v + u
	}
	return v + " " + s.Unit
}

// sparkBars draw a histogram in a line, eighths of the tallest bin.
var sparkBars = []rune("▁▂▃▄▅▆▇█")

// Spark is a numeric spread's histogram in n cells from least to most,
// the tallest bin █, and the cell the first seed's value falls in.
func (s Spread) Spark(n int) (bars string, first int) {
	h := s.Histogram(n)
	top := 0
	for _, c := range h {
		top = max(top, c)
	}
	out := make([]rune, len(h))
	for i, c := range h {
		out[i] = ' '
		if c > 0 {
			out[i] = sparkBars[min(len(sparkBars)-1, (c*len(sparkBars)-1)/max(1, top))]
		}
	}
	if s.Max > s.Min && len(s.Values) > 0 {
		first = min(n-1, int((s.Values[0]-s.Min)/(s.Max-s.Min)*float64(n)))
	}
	return string(out), first
}

// span writes minutes in the unit that reads best: seconds under a
// minute, minutes under two hours, hours under two days, then days; two
// decimals at most ("8.76 h", "40.98 min", "0.32 s").
func span(min float64) string {
	x, unit := min, "min"
	switch a := math.Abs(min); {
	case a > 0 && a < 1:
		x, unit = min*60, "s"
	case a >= 2*1440:
		x, unit = min/1440, "days"
	case a >= 120:
		x, unit = min/60, "h"
	}
	v := strconv.FormatFloat(x, 'f', 2, 64)
	if math.Abs(x) < 1 && x != 0 {
		v = strconv.FormatFloat(x, 'g', 3, 64)
	}
	if strings.Contains(v, ".") && !strings.Contains(v, "e") {
		v = strings.TrimRight(strings.TrimRight(v, "0"), ".")
	}
	return v + " " + unit
}
