package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/sim/bins"
	"github.com/loadlab/loadlab/sim/engine"
)

// binsCLI is "loadlab run bins": the flags and JSON fields scripts rely on (docs/headless.md).
var binsCLI = &engineCLI[bins.Spec, bins.Result]{
	about: `Each trial places --balls balls into --bins bins under every strategy at once;
trial t uses seed --seed + t. Text prints source §P2C's table, JSON every trial.`,
	run: func(ctx context.Context, s bins.Spec, env runEnv) (bins.Result, error) {
		cfg, err := s.Config()
		if err != nil {
			return bins.Result{}, err
		}
		return bins.RunAll(ctx, cfg, bins.RunOptions{Workers: env.workers, Progress: env.progress, KeepTrials: env.keepAll})
	},
	cost: func(s bins.Spec, env runEnv) engine.Cost {
		cfg, _ := s.Config() // valid: checked before
		c := cfg.Cost(env.workers, env.keepAll)
		switch env.format {
		case "csv":
			c.OutputBytes = binsCSVBytes(cfg)
		case "text":
			c.OutputBytes = 500 + 130*float64(len(cfg.Strategies)) // measured: a few lines a strategy
		}
		return c
	},
	headlines: func(s bins.Spec) int { return 3 * (1 + strings.Count(s.Strategies, ",")) },
	writers: map[string]func(context.Context, io.Writer, bins.Result, engine.Cost) error{
		"text": withHeadline(writeBinsText),
		"json": writeBinsJSON,
		"csv":  writeBinsCSV,
	},
	seeds: func(ctx context.Context, s bins.Spec, n int) ([][]engine.Figure, error) {
		cfg, err := s.Config()
		if err != nil {
			return nil, err
		}
		return bins.HeadlinesOverSeeds(ctx, cfg, n, bins.RunOptions{Workers: 1})
	},
}

func init() { register(binsCLI) }

// writeBinsText prints the per-strategy table of source §P2C (mean, median
// and p95 of the max; median p99; mean std, empty and hot), the final
// figures of a single trial, and the paired comparisons.
func writeBinsText(w io.Writer, r bins.Result) error {
	trials := r.TrialCount()
	hot := fmt.Sprintf("hot >= %g x mean", r.Hot)
	if r.HotNote != "" {
		hot = r.HotNote
	}
	fmt.Fprintf(w, "bins: %d balls into %d bins, %d trial%s from seed %d, %s stream, %s\n\n",
		r.Balls, r.Bins, trials, plural(trials), r.Seed, r.Stream, hot)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	width := textfmt.Widest(r.Strategies, len("strategy"))
	if trials == 1 {
		fmt.Fprintf(tw, "%-*s\tmax\tmin\tp99\tstd\tempty\thot\ttop 5\tfluid-limit max\t\n", width, "strategy")
		for _, name := range r.Strategies {
			f := r.Trials[0].Results[name]
			fmt.Fprintf(tw, "%-*s\t%d\t%d\t%d\t%.3f\t%d\t%s\t%s\t%s\t\n", width, name, f.Max, f.Min, f.P99, f.Std, f.Empty, hotText(f),
				textfmt.Ints(f.Top5, " "), theoryText(r.Summary[name].Theory))
		}
	} else {
		fmt.Fprintf(tw, "%-*s\tmax mean\tmax median\tmax p95\tp99 median\tstd mean\tempty mean\thot mean\tfluid-limit max\t\n", width, "strategy")
		for _, name := range r.Strategies {
			s := r.Summary[name]
			hot := "-"
			if s.HotMean != nil {
				hot = fmt.Sprintf("%.2f", *s.HotMean)
			}
			fmt.Fprintf(tw, "%-*s\t%.3f\t%g\t%d\t%g\t%.3f\t%.1f\t%s\t%s\t\n", width, name, s.MaxMean, s.MaxMedian, s.MaxP95,
				s.P99Median, s.StdMean, s.EmptyMean, hot, theoryText(s.Theory))
		}
	}
	tw.Flush()
	writeMoments(w, "the first trial", r.Moments)
	if len(r.Paired) == 0 {
		return nil
	}
	fmt.Fprintf(w, "\nmax load against %s, trial by trial:\n", r.Paired[0].B)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "%-*s\tlower\tequal\thigher\tmedian diff\t\n", width, "strategy")
	for _, p := range r.Paired {
		fmt.Fprintf(tw, "%-*s\t%d\t%d\t%d\t%+g\t\n", width, p.A, p.Lower, p.Equal, p.Higher, p.MedianDiff)
	}
	return tw.Flush()
}

// theoryText is the fluid limit's expected max. The asymptote's value is
// left to the JSON: at a classroom size two choices' m/n + ln ln n / ln d
// sits above one choice's ln n / ln ln n, which reads as two doing worse.
func theoryText(p bins.Prediction) string {
	if p.NoFluid != "" {
		return "-"
	}
	return fmt.Sprintf("%.3f", p.ExpectedMax)
}

// checkEvery is how many trials a writer writes between looks at ctrl+c.
const checkEvery = 1024

// writeBinsJSON writes the Result with the estimate, its trials one by one
// so that ctrl+c stops a long report within a few milliseconds.
func writeBinsJSON(ctx context.Context, w io.Writer, r bins.Result, est engine.Cost) error {
	trials, figs := r.Trials, r.Headline()
	r.Trials = nil
	head, err := json.MarshalIndent(struct {
		bins.Result
		Figures  []engine.Figure `json:"figures"`
		Estimate engine.Cost     `json:"estimate"`
	}{r, figs, est}, "", "  ")
	if err != nil {
		return err
	}
	before, after, found := bytes.Cut(head, []byte(`"trials": null`))
	if !found {
		return errors.New("loadlab: the JSON report has no trials field")
	}
	w.Write(before)
	io.WriteString(w, `"trials": [`)
	for t, tr := range trials {
		if t%checkEvery == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		if t > 0 {
			io.WriteString(w, ",")
		}
		b, err := json.MarshalIndent(tr, "    ", "  ")
		if err != nil {
			return err
		}
		io.WriteString(w, "\n    ")
		w.Write(b)
	}
	if len(trials) > 0 {
		io.WriteString(w, "\n  ")
	}
	io.WriteString(w, "]")
	w.Write(after)
	_, err = io.WriteString(w, "\n")
	return err
}

// hotText is a trial's hot count, "-" where it is not counted.
func hotText(f bins.Figures) string {
	if !f.HotCounted() {
		return "-"
	}
	return strconv.Itoa(f.Hot)
}

// writeBinsCSV prints one row per trial and strategy, trials numbered
// from 1 as the lab numbers them; hot is empty where it is not counted.
func writeBinsCSV(ctx context.Context, w io.Writer, r bins.Result, _ engine.Cost) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"trial", "seed", "strategy", "max", "min", "p99", "std", "empty", "hot", "gap", "top5"})
	for t, tr := range r.Trials {
		if t%checkEvery == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		for _, name := range r.Strategies {
			f := tr.Results[name]
			hot := hotText(f)
			if hot == "-" {
				hot = ""
			}
			cw.Write([]string{strconv.Itoa(t + 1), strconv.FormatInt(tr.Seed, 10), name, strconv.Itoa(f.Max), strconv.Itoa(f.Min),
				strconv.Itoa(f.P99), strconv.FormatFloat(f.Std, 'f', 6, 64), strconv.Itoa(f.Empty), hot,
				strconv.FormatFloat(f.Gap, 'f', 6, 64), textfmt.Ints(f.Top5, " ")})
		}
	}
	cw.Flush()
	return cw.Error()
}

// binsCSVBytes is the size of the CSV report: its header and a row a
// trial and strategy (the trial and its seed, the name, five counts and
// the top five, each up to the balls' digits, two six-place decimals).
func binsCSVBytes(cfg bins.Config) float64 {
	digits := float64(len(strconv.Itoa(cfg.Balls)))
	row := 0.0
	for _, s := range cfg.Strategies {
		row += float64(len(s.Name)) + 40 + 10*digits + 2*(digits+8)
	}
	return 100 + float64(cfg.Trials)*row
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// writeMoments lists moments, if any, under a heading that says whose
// they are ("the first trial", "the first counterexample").
func writeMoments(w io.Writer, of string, moments []engine.Moment) {
	if len(moments) == 0 {
		return
	}
	fmt.Fprintf(w, "\nmoments of %s:\n", of)
	for _, m := range moments {
		fmt.Fprintln(w, "  "+m.Caption)
	}
}
