package main

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"

	"github.com/loadlab/loadlab/sim/avail"
	"github.com/loadlab/loadlab/sim/bins"
	"github.com/loadlab/loadlab/sim/cascade"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/hashing"
)

// writeCSV writes one table: a header and rows of its width. A row of
// another width is a bug in the report, refused before anything is written.
func writeCSV(w io.Writer, header []string, rows [][]string) error {
	for i, r := range rows {
		if len(r) != len(header) {
			return fmt.Errorf("csv row %d has %d columns, the header %d", i+1, len(r), len(header))
		}
	}
	cw := csv.NewWriter(w)
	cw.Write(header)
	cw.WriteAll(rows)
	return cw.Error()
}

func num(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// enumCSV is the exact distribution of the max load: a row per rule and
// max load it reaches, with the rule's E[max] on each.
func enumCSV(w io.Writer, r bins.ExactReport) error {
	var rows [][]string
	for i, name := range r.Names {
		ex := r.Exact[i]
		e := ex.Expected()
		ef, _ := e.Float64()
		for k, p := range ex.Prob {
			if p.Sign() == 0 {
				continue
			}
			pf, _ := p.Float64()
			rows = append(rows, []string{name, strconv.Itoa(k), p.String(), num(pf), e.String(), num(ef)})
		}
	}
	return writeCSV(w, []string{"strategy", "max", "probability", "probability_float", "expected_max", "expected_max_float"}, rows)
}

// hashingCSV is a row per scheme: its spread and its churn.
func hashingCSV(w io.Writer, studies []hashing.Study) error {
	var rows [][]string
	for _, st := range studies {
		p := st.PerNode
		rows = append(rows, []string{st.Scheme, num(p.Mean), num(p.StdPct), strconv.Itoa(p.Min), strconv.Itoa(p.Max), strconv.Itoa(p.Zero),
			strconv.Itoa(len(st.Removed)), num(st.MovedFraction), strconv.FormatBool(st.MovedOnlyFromRemoved),
			strconv.Itoa(st.Added), num(st.AddedFraction), strconv.FormatBool(st.MovedOnlyToAdded),
			strconv.Itoa(st.Table), strconv.Itoa(st.TableMin), strconv.Itoa(st.TableMax), strconv.Itoa(st.Capacity)})
	}
	return writeCSV(w, []string{"scheme", "mean", "std_pct", "min", "max", "zero", "removed", "moved_fraction", "moved_only_from_removed",
		"added", "added_moved_fraction", "moved_only_to_added", "table", "table_min", "table_max", "capacity"}, rows)
}

// stormCSV is the retries sent in each millisecond, a row per jitter mode
// and millisecond up to its last retry (under the occ model, a row a mode:
// its writes a run and when its last client is done). The rows are written as they are
// made, as encoding/csv writes them (no field needs quotes), so that
// millions of them neither wait in memory nor hold up ctrl+c.
func stormCSV(ctx context.Context, w io.Writer, storms cascade.Storms, _ engine.Cost) error {
	if len(storms) > 0 && storms[0].Model == "occ" { // the post's table: a row a mode
		var rows [][]string
		for _, s := range storms {
			rows = append(rows, []string{s.Jitter, num(s.Calls), num(s.TimeMs), strconv.Itoa(s.Runs), strconv.Itoa(s.Clients)})
		}
		return writeCSV(w, []string{"jitter", "writes_a_run", "done_ms", "runs", "clients"}, rows)
	}
	buf := []byte("jitter,ms,retries\n")
	for _, s := range storms {
		for ms, n := range s.Histogram {
			if ms%checkRows == 0 {
				if ctx.Err() != nil {
					return ctx.Err()
				}
				if _, err := w.Write(buf); err != nil {
					return err
				}
				buf = buf[:0]
			}
			buf = append(buf, s.Jitter...)
			buf = append(strconv.AppendInt(append(buf, ','), int64(ms), 10), ',')
			buf = append(strconv.AppendInt(buf, int64(n), 10), '\n')
		}
	}
	_, err := w.Write(buf)
	return err
}

// availCSV is the MTTF x MTTR grid, the report's main table.
func availCSV(w io.Writer, r avail.Report) error {
	var rows [][]string
	for _, c := range r.Grid {
		rows = append(rows, []string{num(c.MTTFH), num(c.MTTRH), num(c.Availability), num(c.DowntimeYearH)})
	}
	return writeCSV(w, []string{"mttf_h", "mttr_h", "availability", "downtime_year_h"}, rows)
}
