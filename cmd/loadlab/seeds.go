package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/loadlab/loadlab/internal/flags"
	"github.com/loadlab/loadlab/internal/gate"
	"github.com/loadlab/loadlab/internal/sweep"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/engine"
)

// seedsReport is a config run over many seeds: each headline figure's
// spread, the seeds first..first+seeds-1.
type seedsReport struct {
	Engine    string `json:"engine"`
	FirstSeed int64  `json:"first_seed"`
	// Stride is the step from one run's seed to the next: a run of
	// several trials draws from as many seeds.
	Stride  int64           `json:"seed_stride"`
	Seeds   int             `json:"seeds"`
	Figures []engine.Spread `json:"figures"`
}

// seedsCost is a run's estimate over o.seeds seeds on o.workers
// goroutines (gate.OverSeeds), with its report of figures headline
// figures: measured, the JSON lists each figure's value a seed, the text
// and the CSV a row a figure.
func seedsCost(one engine.Cost, o options, figures int) engine.Cost {
	c := gate.OverSeeds(one, o.seeds, o.workers)
	f := float64(figures)
	switch o.format {
	case "json":
		c.OutputBytes = 200 + f*(330+14*float64(o.seeds))
	case "csv":
		c.OutputBytes = 100 + 65*f
	default:
		c.OutputBytes = 200 + 115*f
	}
	return c
}

// runsOf is how many runs a spec's one run compares, by its list of
// them (its Configs or Runs): at least one.
func runsOf[T any](list func() ([]T, error)) int {
	l, _ := list()
	return max(1, len(l))
}

// headlineCount is how many headline figures a run of spec gives.
func (c *engineCLI[S, R]) headlineCount(spec S) int {
	if c.headlines == nil {
		return 8
	}
	return c.headlines(spec)
}

// overSeeds runs spec on --seeds seeds from its own, each run on one core
// and the runs shared by --workers (so the report does not depend on
// --workers), and writes each headline figure's spread.
func (c *engineCLI[S, R]) overSeeds(ctx context.Context, spec S, o options, stdout, stderr io.Writer) error {
	fs, _ := flags.For(spec, "")
	first, err := strconv.ParseInt(fs.Current("seed"), 10, 64)
	if err != nil {
		return err
	}
	progress := newProgress(stderr)
	stride := engine.StrideOf(spec)
	over, err := sweep.OverSeeds(ctx, []scenarios.Spec{spec}, first, o.seeds, o.workers, true, c.runner(), progress.update)
	progress.finish()
	if err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("%w: no output written (stopped at %.0f%%)", errInterrupted, 100*progress.done())
		}
		return err
	}
	rep := seedsReport{Engine: c.engine(), FirstSeed: first, Stride: stride, Seeds: o.seeds, Figures: engine.Spreads(over[0])}
	var b strings.Builder
	switch o.format {
	case "json": // no estimate: its memory is the workers', and the report is the same for any
		err = writeJSON(&b, rep)
	case "csv":
		err = writeSeedsCSV(&b, rep)
	default:
		err = writeSeedsText(&b, rep)
	}
	if err != nil {
		return err
	}
	return writeReport(ctx, stdout, stderr, []byte(b.String()))
}

// seedRange writes the seeds of a run over n: "425..464", or with a
// stride "20260927, 20260977, ... 20261877 (a run's 50 trials each)".
func seedRange(first, stride int64, n int) string {
	last := first + int64(n-1)*stride
	if stride == 1 {
		return fmt.Sprintf("%d..%d", first, last)
	}
	return fmt.Sprintf("%d, %d, ... %d: a run's %d trials each", first, first+stride, last, stride)
}

// runner is the engine's runs over seeds at once if it has them, each
// spec's own Figures if not.
func (c *engineCLI[S, R]) runner() sweep.Runner {
	var r sweep.Runner
	if c.seeds != nil {
		r.Seeds = func(ctx context.Context, spec scenarios.Spec, n int) ([][]engine.Figure, error) {
			return c.seeds(ctx, spec.(S), n)
		}
	}
	return r
}

// estimate is what one run of spec costs on one core.
func (c *engineCLI[S, R]) estimate(spec scenarios.Spec) engine.Cost {
	return c.cost(spec.(S), runEnv{workers: 1, format: "text"})
}

// writeSeedsText prints each figure's spread: numbers by their mean,
// median, 5-95 % interval, least and most and a histogram from least to
// most; other figures by the values they took.
func writeSeedsText(w io.Writer, r seedsReport) error {
	fmt.Fprintf(w, "%s over %d seeds (%s): each headline figure's spread\n\n", r.Engine, r.Seeds, seedRange(r.FirstSeed, r.Stride, r.Seeds))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "figure\tmean\tmedian\t5-95 %\tleast to most\thistogram, or the values a figure that is no number took")
	for _, s := range r.Figures {
		name := s.Name
		if s.Group != "" {
			name = s.Group + ": " + s.Name
		}
		if !s.Numeric {
			var vals []string
			for _, c := range s.Counts[:min(3, len(s.Counts))] {
				vals = append(vals, fmt.Sprintf("%s (%d of %d seeds)", c.Value, c.Seeds, s.Seeds))
			}
			if len(s.Counts) > 3 {
				vals = append(vals, fmt.Sprintf("%d more values", len(s.Counts)-3))
			}
			fmt.Fprintf(tw, "%s\t\t\t\t\t%s\n", name, strings.Join(vals, ", "))
			continue
		}
		bars, _ := s.Spark(12)
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s to %s\t%s to %s\t%s\n", name, s.Number(s.Mean), s.Number(s.Median), s.Number(s.P5), s.Number(s.P95), s.Number(s.Min), s.Number(s.Max), bars)
	}
	return tw.Flush()
}

// writeSeedsCSV writes a row a figure: its spread, or its most common
// value for a figure that is no number.
func writeSeedsCSV(w io.Writer, r seedsReport) error {
	var rows [][]string
	for _, s := range r.Figures {
		if !s.Numeric {
			rows = append(rows, []string{s.Key, s.Group, s.Name, "", strconv.Itoa(s.Seeds), "", "", "", "", "", "", s.Counts[0].Value})
			continue
		}
		rows = append(rows, []string{s.Key, s.Group, s.Name, s.Unit, strconv.Itoa(s.Seeds), num(s.Mean), num(s.Median), num(s.P5), num(s.P95), num(s.Min), num(s.Max), ""})
	}
	return writeCSV(w, []string{"key", "group", "name", "unit", "seeds", "mean", "median", "p5", "p95", "min", "max", "most_common"}, rows)
}
