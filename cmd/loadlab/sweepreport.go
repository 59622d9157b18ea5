package main

import (
	"io"
	"strconv"
	"strings"

	"github.com/loadlab/loadlab/internal/sweep"
	"github.com/loadlab/loadlab/tui"
)

// writeSweepText prints the sweep's tables and plots (sweep.WriteText).
func writeSweepText(w io.Writer, r sweep.Report) error {
	return sweep.WriteText(w, r, tui.SweepPlot(r))
}

// writeSweepCSV writes a row a point and figure: the sweep.Varied values, the
// figure, its spread and its theory.
func writeSweepCSV(w io.Writer, r sweep.Report) error {
	head := append(sweep.VaryFields(r), "key", "group", "name", "unit", "seeds", "mean", "median", "p5", "p95", "min", "max", "theory")
	var rows [][]string
	for _, p := range r.Points {
		for _, s := range p.Figures {
			if !s.Numeric {
				continue
			}
			row := []string{}
			for _, f := range sweep.VaryFields(r) {
				row = append(row, p.At[f])
			}
			t, kinds := "", sweep.TheoryKinds(r, s.Key, s.Group)
			for _, kind := range kinds { // "fluid limit 7.564; asymptote 4.609"
				if v := sweep.TheoryValue(p, s.Key, s.Group, kind); v != "-" {
					t = strings.TrimPrefix(t+"; "+kind+" "+v, "; ")
				}
			}
			rows = append(rows, append(row, s.Key, s.Group, s.Name, s.Unit, strconv.Itoa(s.Seeds), num(s.Mean), num(s.Median), num(s.P5), num(s.P95), num(s.Min), num(s.Max), t))
		}
	}
	return writeCSV(w, head, rows)
}
