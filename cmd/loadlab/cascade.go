package main

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"math"
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
	bind: bindCascade,
	run: func(ctx context.Context, s cascade.Spec, env runEnv) (cascade.Report, error) {
		return s.RunAll(ctx, env.workers, env.progress)
	},
	cost: func(s cascade.Spec, env runEnv) engine.Cost { return s.Cost(env.workers, env.format) },
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

func bindCascade(fs *flagSet, s *cascade.Spec) {
	c := &s.Config
	fs.Int64(&c.Seed, "seed", 0, math.MaxInt64, "seed of every run, as CPython's random.seed")
	floats := []struct {
		p           *float64
		name, usage string
	}{ // what each accepts is in cascadeAccepts
		{&c.DT, "dt", "tick, s"}, {&c.Duration, "duration", "simulated time, s"},
		{&c.DegradeAt, "degrade-at", "when the database slows down, s"}, {&c.DBSlowdown, "db-slowdown", "how many times slower"},
		{&c.SurgeAt, "surge-at", "start of the surge, s"}, {&c.SurgeEnd, "surge-end", "end of the surge, s"}, {&c.SurgeX, "surge-x", "the surge's multiple of the rate"},
		{&c.Rate, "rate", "arrivals per second"},
		{&c.APIMs, "api-ms", "mean api service time, ms"}, {&c.SvcMs, "svc-ms", "mean svc service time, ms"},
		{&c.DBMs, "db-ms", "mean db service time, ms"}, {&c.AuxMs, "aux-ms", "mean aux service time, ms"},
		{&c.DepProb, "dep-prob", "share of requests that call the database"}, {&c.PrioHigh, "prio-high", "share of high priority"},
		{&c.DefaultWait, "default-wait", "the library's default queue wait limit, s"}, {&c.TunedWait, "tuned-wait", "the tuned wait limit, s"},
		{&c.ClientTimeout, "client-timeout", "when a user gives up, s"},
		{&c.BreakerWindow, "breaker-window", "the breaker's window, s"}, {&c.BreakerErrRatio, "breaker-err", "error ratio above which it opens"},
		{&c.BreakerCoolDown, "breaker-cool", "open time before half-open, s"},
		{&c.RetryBase, "retry-base", "backoff base, s"}, {&c.RetryBudgetRatio, "retry-budget", "no retries at or above this error ratio"},
		{&c.SLOMs, "slo-ms", "latency of a good request, ms"},
	}
	for _, f := range floats {
		fs.Float(f.p, f.name, cascadeAccepts[f.name], f.usage)
	}
	ints := []struct {
		p           *int
		name, usage string
	}{
		{&c.APISlots, "api-slots", "api threads"}, {&c.SvcSlots, "svc-slots", "svc threads"},
		{&c.DBSlots, "db-slots", "db connections"}, {&c.AuxSlots, "aux-slots", "aux connections"},
		{&c.BulkheadDB, "bulkhead-db", "svc threads for db calls under the bulkhead"}, {&c.BulkheadAux, "bulkhead-aux", "svc threads for aux calls"},
		{&c.BreakerMinCalls, "breaker-min", "calls in the window before the breaker judges"}, {&c.BreakerTrials, "breaker-trials", "half-open trial calls"},
		{&c.MaxRetries, "max-retries", "retries per request"}, {&c.ShedHigh, "shed-high", "api queue above which low priority is shed"},
		{&c.ShedLow, "shed-low", "api queue at which shedding stops"}, {&c.Scan, "scan", "queue entries a tick looks at"},
		{&c.HeadCheck, "head-check", "queue entries checked for their wait limit"}, {&c.SampleEvery, "sample-every", "ticks between samples"},
	}
	for _, f := range ints {
		r := cascadeInts[f.name]
		fs.Int(f.p, f.name, r[0], r[1], f.usage)
	}
	fs.Text(&s.Configs, "configs", "a comma-separated list of S1 S2 S3 S4 S5 S6 custom", "the protection sets to run, comma-separated")
	fs.Text(&s.Timeout, "timeout", "default or tuned", "custom: default or tuned wait limit")
	fs.Text(&s.RetryPolicy, "retry", "off, immediate or backoff", "custom: off, immediate or backoff")
	fs.Bool(&s.UseBreaker, "breaker", "custom: a circuit breaker on db calls")
	fs.Bool(&s.UseBulkhead, "bulkhead", "custom: split svc's threads between db and aux")
	fs.Bool(&s.UseShed, "shed", "custom: shed low priority when the api queue is long")
	fs.Bool(&s.UseBudget, "budget", "custom: no retries while the database's error ratio is high (the breaker's window, or its own without a breaker)")
	fs.Text(&c.Arrivals, "arrivals", "lecture or paired", "lecture: one random stream, as the lecture; paired: the same arrivals for every set")
	fs.Text(&c.BreakerCounts, "breaker-counts", "lecture or guarded", "lecture: the breaker counts every call svc makes, aux too, as 26.4.1's program; guarded: only the db calls it guards, and half-open only its trials (the textbook breaker)")
	fs.Text(&s.FollowAt, "follow", "t:k, such as 16:0", "t:k follows the k-th request (from 0) to arrive at or after t s through each run (text and JSON, not CSV)")
}

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
	titles := map[string]string{"custom": "your protections"}
	for _, p := range cascade.Presets {
		titles[p.Name] = p.Title
	}
	for i, name := range rep.Names {
		r := rep.Results[i]
		fmt.Fprintf(w, "\n%s (%s)\n  success %.1f%% (%d/%d)  good (ok and <= %g ms) %.1f%%  failed %d\n", name, titles[name],
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
	cw.Write([]string{"set", "arrived", "attempts", "ok", "failed", "good", "dep_calls", "fast_fail", "shed", "mean_latency_ms", "p95_latency_ms", "backlog_peak", "stuck_at_end"})
	for i, name := range rep.Names {
		r := rep.Results[i]
		cw.Write([]string{name, strconv.Itoa(r.Arrived), strconv.Itoa(r.Attempts), strconv.Itoa(r.OK), strconv.Itoa(r.Failed),
			strconv.Itoa(r.Good), strconv.Itoa(r.DepCalls), strconv.Itoa(r.FastFail), strconv.Itoa(r.Shed),
			strconv.FormatFloat(r.MeanLatencyMs, 'f', 3, 64), strconv.FormatFloat(r.P95LatencyMs, 'f', 3, 64),
			strconv.Itoa(r.BacklogPeak), strconv.Itoa(r.StuckAtEnd)})
	}
	cw.Flush()
	return cw.Error()
}

// cascadeAccepts and cascadeInts are the ranges of the cascade's numeric
// flags, as cascade.Config.Validate checks them.
var cascadeAccepts = map[string]string{
	"dt":             "a number in (0, 1]",
	"duration":       "a number in (0, 3600]",
	"degrade-at":     "a number in [0, 1e6]",
	"db-slowdown":    "a number in (0, 1e6]",
	"surge-at":       "a number in [0, 1e6]",
	"surge-end":      "a number in [0, 1e6]",
	"surge-x":        "a number in (0, 1000]",
	"rate":           "a number in (0, 1e6]",
	"api-ms":         "a number in (0, 1e6]",
	"svc-ms":         "a number in (0, 1e6]",
	"db-ms":          "a number in (0, 1e6]",
	"aux-ms":         "a number in (0, 1e6]",
	"dep-prob":       "a number in [0, 1]",
	"prio-high":      "a number in [0, 1]",
	"default-wait":   "a number in (0, 1e6]",
	"tuned-wait":     "a number in (0, 1e6]",
	"client-timeout": "a number in (0, 1e6]",
	"breaker-window": "a number in (0, 1e6]",
	"breaker-err":    "a number in [0, 1]",
	"breaker-cool":   "a number in (0, 1e6]",
	"retry-base":     "a number in [0, 1000]",
	"retry-budget":   "a number in [0, 1]",
	"slo-ms":         "a number in (0, 1e6]",
}

var cascadeInts = map[string][2]int{
	"api-slots":      {1, 100000},
	"svc-slots":      {1, 100000},
	"db-slots":       {1, 100000},
	"aux-slots":      {1, 100000},
	"bulkhead-db":    {1, 100000},
	"bulkhead-aux":   {1, 100000},
	"breaker-min":    {1, 1000000},
	"breaker-trials": {1, 1000000},
	"max-retries":    {0, 100},
	"scan":           {1, 1000000},
	"head-check":     {1, 64},
	"shed-high":      {0, math.MaxInt},
	"shed-low":       {0, math.MaxInt},
	"sample-every":   {1, math.MaxInt},
	"workers":        {1, math.MaxInt},
}
