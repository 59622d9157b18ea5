package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"

	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/flipflop"
)

// flipFlopCLI is "loadlab run health-flip-flop": §26.2.10's health checks
// flipping instances in and out of DNS.
var flipFlopCLI = &engineCLI[flipflop.Spec, flipflop.Report]{
	about: `The lecture's times: from 5:30 AM new instances' network state propagated slowly,
NLB health checks flipped instances between failed and healthy, and each flip
rewrote DNS; 10:36 AM network latency back to normal; 9:36 AM engineers
switched the automated health checks off. Every count is the model's: the run
starts at 5:00 AM; --instances instances are checked every --interval-s
seconds; a check fails when its latency passes the threshold, latency being
log-normal (--noise) about the instance's median, --quiet-median of the
threshold when the network is well and about --slow-median (--spread) in the
slow window (--slow-from-min for --slow-min minutes); --dead instances die in
it. Each change of an instance's state is one DNS write; DNS applies
--dns-capacity writes a minute, in the order they were made. A write waiting
has not happened: what DNS serves lags the automation by the oldest write's
wait, for dead instances' removals and put-backs alike. --runs compares
protection sets on one seed (the same check results): none, hysteresis (--k
results in a row to change), cap (at most --cap-per-min changes a minute) and
both. At --disable-at-min
the automation is switched off (at or past --duration-min: never); its
put-backs wait behind the writes DNS has not applied yet.`,
	run:       runSpec[flipflop.Spec, flipflop.Report],
	cost:      costSpec[flipflop.Spec],
	headlines: func(s flipflop.Spec) int { return 5 * runsOf(s.Configs) },
	writers: map[string]func(context.Context, io.Writer, flipflop.Report, engine.Cost) error{
		"text": withHeadline(writeFlipFlopText),
		"json": func(_ context.Context, w io.Writer, r flipflop.Report, est engine.Cost) error {
			return writeJSON(w, struct {
				Seed      int64             `json:"seed"`
				Instances int               `json:"instances"`
				Runs      []flipflop.Result `json:"runs"`
				WritesCut []flipflop.Cut    `json:"writes_cut"`
				Figures   []engine.Figure   `json:"figures"`
				Estimate  engine.Cost       `json:"estimate"`
			}{r.Spec.Seed, r.Spec.Instances, r.Runs, flipflop.Cuts(r), r.Figures, est})
		},
		"csv": func(_ context.Context, w io.Writer, r flipflop.Report, _ engine.Cost) error {
			var rows [][]string
			for _, run := range r.Runs {
				switches := engine.FormatSwitches(run.Switches)
				for _, row := range run.Series {
					rows = append(rows, []string{run.Set, strconv.Itoa(row.Minute), row.Clock, strconv.Itoa(row.Flips), strconv.Itoa(row.DNSWrites),
						strconv.Itoa(row.InService), strconv.FormatInt(row.DNSBacklog, 10), num(row.DNSLagMin), strconv.Itoa(row.DeadInDNS), switches})
				}
			}
			return writeCSV(w, []string{"set", "minute", "clock", "flips", "dns_writes", "in_service", "dns_backlog", "dns_lag_min", "dead_in_dns", "switches"}, rows)
		},
	},
}

func init() { register(flipFlopCLI) }

// flipSetWords names a protection set in the report's words.
var flipSetWords = map[string]string{"none": "no protection", "hysteresis": "hysteresis", "cap": "a cap on changes a minute", "both": "hysteresis and a cap"}

// writeFlipFlopText prints each run: its writes against the first run's,
// its moments, and its minutes every ten.
func writeFlipFlopText(w io.Writer, r flipflop.Report) error {
	s := r.Spec
	fmt.Fprintf(w, "health-check flip-flop: %d instances checked every %d s; DNS applies %d writes a minute; seed %d\n",
		s.Instances, s.IntervalS, s.DNSCapacity, s.Seed)
	for i, run := range r.Runs {
		name := flipSetWords[run.Set]
		switch {
		case run.Set == "hysteresis" || run.Set == "both":
			name += fmt.Sprintf(" (%d results in a row)", run.K)
		}
		if run.CapPerMin > 0 {
			name += fmt.Sprintf(" (at most %d changes a minute)", run.CapPerMin)
		}
		fmt.Fprintf(w, "\n%s\n", name)
		for _, sw := range run.Switches {
			fmt.Fprintf(w, "  switched %s to %s at %s\n", sw.Name, sw.Value, flipflop.ClockOf(sw.At))
		}
		fmt.Fprintf(w, "  %s check results flipped; %s DNS writes", engine.Digits(run.Flips), engine.Digits(run.DNSWrites))
		if i > 0 {
			fmt.Fprintf(w, ", %.1fx fewer than %s", flipflop.WritesCut(r.Runs[0], run), flipSetWords[r.Runs[0].Set])
		}
		fmt.Fprintf(w, "\n  at most %d writes in a minute against the %d DNS applies", run.PeakWrites, run.DNSCapacity)
		if run.PeakBacklog > 0 {
			fmt.Fprintf(w, "; up to %s writes waited for DNS, the oldest up to %s", engine.Digits(run.PeakBacklog), flipflop.Minutes(run.PeakLagMin))
		}
		fmt.Fprintln(w)
		if run.FinalBacklog > 0 {
			fmt.Fprintf(w, "  at the end %s writes still wait: %s of DNS's work\n", engine.Digits(run.FinalBacklog), flipflop.Minutes(run.DrainMin))
		}
		fmt.Fprintf(w, "  in DNS (its writes applied): %.1f of %d instances on average, %d at the fewest; dead instances spent %.1f minutes in DNS before the switch-off\n",
			run.MeanInService, run.Instances, run.MinInService, run.DeadMinutes)
		if run.Deferred > 0 {
			fmt.Fprintf(w, "  the cap held back %s changes\n", engine.Digits(run.Deferred))
		}
		for _, m := range run.Moments {
			fmt.Fprintln(w, "  "+m.Caption)
		}
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "  time\tflips\tDNS writes\twaiting\tDNS lag min\tin DNS\tdead in DNS\t")
		for j, row := range run.Series {
			if j%10 != 0 && j != len(run.Series)-1 {
				continue
			}
			fmt.Fprintf(tw, "  %s\t%d\t%d\t%d\t%.0f\t%d\t%d\t\n", row.Clock, row.Flips, row.DNSWrites, row.DNSBacklog, row.DNSLagMin, row.InService, row.DeadInDNS)
		}
		tw.Flush()
	}
	return nil
}
