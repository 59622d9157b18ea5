package main

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"

	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/sim/bins"
)

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// writeBinsText prints the per-strategy table of source 000 (mean, median
// and p95 of the max; median p99; mean std, empty and hot), the final
// figures of a single trial, and the paired comparisons.
func writeBinsText(w io.Writer, r bins.Result) {
	trials := len(r.Trials)
	fmt.Fprintf(w, "bins: %d balls into %d bins, %d trial%s from seed %d, %s stream, hot >= %g x mean\n\n",
		r.Balls, r.Bins, trials, plural(trials), r.Seed, r.Stream, r.Hot)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	width := textfmt.Widest(r.Strategies, len("strategy"))
	if trials == 1 {
		fmt.Fprintf(tw, "%-*s\tmax\tmin\tp99\tstd\tempty\thot\ttop 5\ttheory max\t\n", width, "strategy")
		for _, name := range r.Strategies {
			f := r.Trials[0].Results[name]
			fmt.Fprintf(tw, "%-*s\t%d\t%d\t%d\t%.3f\t%d\t%d\t%s\t%s\t\n", width, name, f.Max, f.Min, f.P99, f.Std, f.Empty, f.Hot,
				textfmt.Ints(f.Top5, " "), theoryText(r.Summary[name].Theory))
		}
	} else {
		fmt.Fprintf(tw, "%-*s\tmax mean\tmax median\tmax p95\tp99 median\tstd mean\tempty mean\thot mean\ttheory max\t\n", width, "strategy")
		for _, name := range r.Strategies {
			s := r.Summary[name]
			fmt.Fprintf(tw, "%-*s\t%.3f\t%g\t%d\t%g\t%.3f\t%.1f\t%.2f\t%s\t\n", width, name, s.MaxMean, s.MaxMedian, s.MaxP95,
				s.P99Median, s.StdMean, s.EmptyMean, s.HotMean, theoryText(s.Theory))
		}
	}
	tw.Flush()
	if len(r.Paired) == 0 {
		return
	}
	fmt.Fprintf(w, "\nmax load against %s, trial by trial:\n", r.Paired[0].B)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "%-*s\tlower\tequal\thigher\tmedian diff\t\n", width, "strategy")
	for _, p := range r.Paired {
		fmt.Fprintf(tw, "%-*s\t%d\t%d\t%d\t%+g\t\n", width, p.A, p.Lower, p.Equal, p.Higher, p.MedianDiff)
	}
	tw.Flush()
}

func theoryText(p bins.Prediction) string {
	if p.Max == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f", p.Max)
}

// writeBinsCSV prints one row per trial and strategy.
func writeBinsCSV(w io.Writer, r bins.Result) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"trial", "seed", "strategy", "max", "min", "p99", "std", "empty", "hot", "gap", "top5"})
	for t, tr := range r.Trials {
		for _, name := range r.Strategies {
			f := tr.Results[name]
			cw.Write([]string{strconv.Itoa(t), strconv.FormatInt(tr.Seed, 10), name, strconv.Itoa(f.Max), strconv.Itoa(f.Min),
				strconv.Itoa(f.P99), strconv.FormatFloat(f.Std, 'f', 6, 64), strconv.Itoa(f.Empty), strconv.Itoa(f.Hot),
				strconv.FormatFloat(f.Gap, 'f', 6, 64), textfmt.Ints(f.Top5, " ")})
		}
	}
	cw.Flush()
	return cw.Error()
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
