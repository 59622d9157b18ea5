package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/loadlab/loadlab/internal/sweep"
)

// writeSweepText prints, for each numeric headline figure, a table of its
// mean (and 5-95 % over the seeds) at each point, with the engine's
// theory beside it; where one field was sweep.Varied, a plot of every group's
// figure against it, its theory drawn too.
func writeSweepText(w io.Writer, r sweep.Report) error {
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
	for _, key := range sweep.FigureKeys(r) {
		for _, group := range sweep.GroupsOf(r, key) {
			name, unit := sweep.NameOf(r, key, group)
			title := name
			if group != "" {
				title = group + ": " + name
			}
			fmt.Fprintf(w, "\n%s\n", title)
			tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
			head := "  " + strings.Join(sweep.VaryFields(r), "\t") + "\tmean"
			if r.Seeds > 1 {
				head += "\t5-95 %"
			}
			theory := sweep.TheoryName(r, key, group)
			if theory != "" {
				head += "\ttheory: " + theory
			}
			fmt.Fprintln(tw, head+"\t")
			for _, p := range r.Points {
				s, ok := sweep.SpreadOf(p, key, group)
				if !ok {
					continue
				}
				row := "  "
				for _, f := range sweep.VaryFields(r) {
					row += p.At[f] + "\t"
				}
				row += s.Number(s.Mean)
				if r.Seeds > 1 {
					row += "\t" + s.Number(s.P5) + " to " + s.Number(s.P95)
				}
				if theory != "" {
					row += "\t" + sweep.TheoryValue(p, key, group) + unitAfter(unit)
				}
				fmt.Fprintln(tw, row+"\t")
			}
			tw.Flush()
		}
		if sweep.Varied(r) == 1 {
			for _, line := range sweep.Plot(r, key, 78, 16) {
				fmt.Fprintln(w, line)
			}
		}
	}
	for _, p := range r.Points {
		if len(p.Theory) > 0 {
			fmt.Fprintf(w, "\n%s\n", sweep.TheoryCaveat)
			break
		}
	}
	return nil
}

// unitAfter writes a unit as Spread.Number does after a number.
func unitAfter(u string) string {
	if u == "" || u == "%" || u == "x" || strings.HasPrefix(u, "/") {
		return u
	}
	return " " + u
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
			t := sweep.TheoryValue(p, s.Key, s.Group)
			if t == "-" {
				t = ""
			}
			rows = append(rows, append(row, s.Key, s.Group, s.Name, s.Unit, strconv.Itoa(s.Seeds), num(s.Mean), num(s.Median), num(s.P5), num(s.P95), num(s.Min), num(s.Max), t))
		}
	}
	return writeCSV(w, head, rows)
}
