package main

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/sim/cascade"
	"github.com/loadlab/loadlab/sim/engine"
)

// cascadeCLI is "loadlab run cascade": lecture 26.4.1's simulator, every
// constant a flag.
var cascadeCLI = &engineCLI[cascade.Spec, cascade.Report]{
	about: `api (120 threads) -> svc (60) -> db (10 connections) / aux (5): the database slows
down 20x at 15 s and a 6x surge runs from 25 s to 40 s. --configs runs the
lecture's protection sets S1-S6 and "custom", the set the switches describe
(--timeout --retry --breaker --bulkhead --shed --budget). Each run starts from
--seed. With --arrivals lecture (the default, and the lecture's figures) one
random stream feeds everything, so the sets' arrivals part once their draws
do; --arrivals paired draws the arrivals from their own stream, so every set
meets the same requests at the same times. --follow's journey is in the text
and the JSON; the CSV, one comparison row per set, does not carry it.`,
	run: func(ctx context.Context, s cascade.Spec, env runEnv) (cascade.Report, error) {
		return s.RunAll(ctx, env.workers, env.progress)
	},
	cost:      func(s cascade.Spec, env runEnv) engine.Cost { return s.Cost(env.workers, env.format) },
	headlines: func(s cascade.Spec) int { return 11 * runsOf(s.Runs) },
	writers: map[string]func(context.Context, io.Writer, cascade.Report, engine.Cost) error{
		"text": withHeadline(writeCascadeText),
		"json": func(_ context.Context, w io.Writer, r cascade.Report, est engine.Cost) error {
			type run struct {
				cascade.Result
				Follow *[]cascade.Stage `json:"follow,omitempty"` // [] when the request followed never came
			}
			runs := map[string]run{}
			for i, name := range r.Names {
				rn := run{Result: r.Results[i]}
				if r.Spec.FollowAt != "" {
					j := append([]cascade.Stage{}, r.Journeys[i]...)
					rn.Follow = &j
				}
				runs[name] = rn
			}
			return writeJSON(w, struct {
				Seed     int64           `json:"seed"`
				Arrivals string          `json:"arrivals"`
				Order    []string        `json:"order"`
				Runs     map[string]run  `json:"runs"`
				Figures  []engine.Figure `json:"figures"`
				Estimate engine.Cost     `json:"estimate"`
			}{r.Spec.Seed, r.Spec.Arrivals, r.Names, runs, r.Headline(), est})
		},
		"csv": writeCascadeCSV,
	},
}

func init() { register(cascadeCLI) }

// writeCascadeText prints lecture 26.4.1's tables in English: a block per
// run, the first run's timeline, the comparison and the priority and class
// tables, and a success-rate chart per run.
func writeCascadeText(w io.Writer, rep cascade.Report) error {
	c := rep.Spec.Config
	fmt.Fprintf(w, "cascade: api(%d) -> svc(%d) -> db(%d)/aux(%d), %g req/s, seed %d; db %gx slower at %g s; %gx surge %g-%g s\n",
		c.APISlots, c.SvcSlots, c.DBSlots, c.AuxSlots, c.Rate, c.Seed, c.DBSlowdown, c.DegradeAt, c.SurgeX, c.SurgeAt, c.SurgeEnd)
	var after []string
	if c.DegradeAt >= c.Duration {
		after = append(after, "the database's slowdown")
	}
	if c.SurgeAt >= c.Duration {
		after = append(after, "the surge")
	}
	switch len(after) {
	case 1:
		fmt.Fprintf(w, "note: %s comes after the run's %g s, so this run never meets it\n", after[0], c.Duration)
	case 2:
		fmt.Fprintf(w, "note: %s come after the run's %g s, so this run never meets them\n", strings.Join(after, " and "), c.Duration)
	}
	if c.BreakerCounts == "guarded" {
		fmt.Fprintln(w, "breaker guarded: it counts only the db calls it guards, and half-open only its trial calls (the textbook breaker, not 26.4.1's program)")
	}
	if c.Arrivals == "paired" {
		fmt.Fprintln(w, "arrivals paired: every set meets the same requests at the same times (service times drawn from seed + 1)")
	}
	if rep.Spec.Switch != "" {
		fmt.Fprintf(w, "switched from a time on, in every run: %s\n", engine.FormatSwitches(rep.Results[0].Switches))
	}
	titles := map[string]string{"custom": "your protections"}
	for _, p := range cascade.Presets {
		titles[p.Name] = p.Title
	}
	for i, name := range rep.Names {
		r := rep.Results[i]
		named := titles[name]
		if len(r.Switches) > 0 {
			named += ", then " + engine.FormatSwitches(r.Switches)
		}
		fmt.Fprintf(w, "\n%s (%s)\n  success %.1f%% (%d/%d)  good (ok and <= %g ms) %.1f%%  failed %d\n", name, named,
			textfmt.Percent(r.OK, r.Arrived), r.OK, r.Arrived, c.SLOMs, textfmt.Percent(r.Good, r.Arrived), r.Failed)
		fmt.Fprintf(w, "  mean latency %.0f ms  p95 %.0f ms  entry amplification %.2fx  downstream %.2fx  fast-fails %d  shed %d\n",
			r.MeanLatencyMs, r.P95LatencyMs, float64(r.Attempts)/float64(max(1, r.Arrived)), float64(r.DepCalls)/float64(max(1, r.Arrived)), r.FastFail, r.Shed)
		fmt.Fprintf(w, "  high priority %.1f%%  low %.1f%%  db class %.1f%%  aux class %.1f%%\n",
			textfmt.Percent(r.HiOK, r.HiTotal), textfmt.Percent(r.LoOK, r.LoTotal), textfmt.Percent(r.DBOK, r.DBTotal), textfmt.Percent(r.AuxOK, r.AuxTotal))
		for _, m := range r.Moments {
			fmt.Fprintln(w, "  "+m.Caption)
		}
		if j := rep.Journeys[i]; rep.Spec.FollowAt != "" && len(j) == 0 {
			fmt.Fprintf(w, "  no request to follow: --follow %s asks for one that never arrived in this run\n", rep.Spec.FollowAt)
		} else if len(j) > 0 {
			fmt.Fprintf(w, "  request followed (--follow %s; the clock moves in %g ms ticks and reads a tick's start):\n", rep.Spec.FollowAt, 1000*c.DT)
			for _, st := range j {
				fmt.Fprintf(w, "    %7.2f s  %s\n", st.At, st.What)
			}
		}
	}
	if len(rep.Results) > 0 {
		writeTable(w, rep.Timeline(0))
	}
	writeTable(w, rep.Comparison())
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "\nsuccess by priority and by dependency")
	fmt.Fprintln(tw, "set\thigh priority\tlow priority\tdb class\taux class\t")
	for i, name := range rep.Names {
		r := rep.Results[i]
		fmt.Fprintf(tw, "%s\t%d/%d %.1f%%\t%d/%d %.1f%%\t%d/%d %.1f%%\t%d/%d %.1f%%\t\n", name,
			r.HiOK, r.HiTotal, textfmt.Percent(r.HiOK, r.HiTotal), r.LoOK, r.LoTotal, textfmt.Percent(r.LoOK, r.LoTotal),
			r.DBOK, r.DBTotal, textfmt.Percent(r.DBOK, r.DBTotal), r.AuxOK, r.AuxTotal, textfmt.Percent(r.AuxOK, r.AuxTotal))
	}
	tw.Flush()
	fmt.Fprintf(w, "\nsuccess rate over time: the %g s samples, about %.2f s a column\n", float64(c.SampleEvery)*c.DT, c.Duration/chartWidth)
	for i, name := range rep.Names {
		fmt.Fprintf(w, "\n%s\n", name)
		for _, line := range successChart(rep.Results[i].Samples, c) {
			fmt.Fprintln(w, line)
		}
	}
	return nil
}

// writeCascadeCSV prints the comparison, one row per run.
func writeCascadeCSV(_ context.Context, w io.Writer, rep cascade.Report, _ engine.Cost) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"set", "arrived", "attempts", "ok", "failed", "good", "dep_calls", "fast_fail", "shed", "mean_latency_ms", "p95_latency_ms", "backlog_peak", "stuck_at_end", "switches"})
	for i, name := range rep.Names {
		r := rep.Results[i]
		cw.Write([]string{name, strconv.Itoa(r.Arrived), strconv.Itoa(r.Attempts), strconv.Itoa(r.OK), strconv.Itoa(r.Failed),
			strconv.Itoa(r.Good), strconv.Itoa(r.DepCalls), strconv.Itoa(r.FastFail), strconv.Itoa(r.Shed),
			strconv.FormatFloat(r.MeanLatencyMs, 'f', 3, 64), strconv.FormatFloat(r.P95LatencyMs, 'f', 3, 64),
			strconv.Itoa(r.BacklogPeak), strconv.Itoa(r.StuckAtEnd), engine.FormatSwitches(r.Switches)})
	}
	cw.Flush()
	return cw.Error()
}
