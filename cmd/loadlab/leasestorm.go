package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"

	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/leasestorm"
)

// leaseStormCLI is "loadlab run lease-storm": §26.2.10's lease storm, the
// night DWFM stayed down after DynamoDB came back.
var leaseStormCLI = &engineCLI[leasestorm.Spec, leasestorm.Report]{
	about: `The lecture's times: DynamoDB unreachable from 11:48 PM, back at 2:25 AM; DWFM
overwhelmed (congestive collapse); engineers throttle and restart at 4:14 AM;
DWFM recovered at 5:28 AM. Every count and rate is the model's: --droplets
droplets hold leases of --lease-min minutes, renewed every --renew-min (in its
last quarter, at random); the manager serves --rate requests a second, first
come first served, its queue holding --queue-limit; a droplet waits
--timeout-s for an answer, then asks again, and the request it gave up on stays
queued. During the --outage-min outage (from 11:48 PM) every request is refused
and leases run out. --runs compares protection sets on one seed: none,
throttle (from --throttle-after-min after the outage, at most --cap requests
in flight, the queue flushed), drop-stale (requests older than the timeout
dropped unserved) and both; and two of the lecture's design fixes: stagger
(the droplets waiting when DynamoDB returns ask again at random times over
--stagger-min minutes) and renew-expired (a lease that ran out during the
outage stays renewable, so its droplet keeps running). The report gives each run's minutes: goodput
(leases granted a second), the share of work wasted on droplets that gave up,
the queue, and the droplets without a lease.`,
	run:       runSpec[leasestorm.Spec, leasestorm.Report],
	cost:      costSpec[leasestorm.Spec],
	headlines: func(s leasestorm.Spec) int { return 4 * runsOf(s.Configs) },
	writers: map[string]func(context.Context, io.Writer, leasestorm.Report, engine.Cost) error{
		"text": withHeadline(writeLeaseText),
		"json": func(_ context.Context, w io.Writer, r leasestorm.Report, est engine.Cost) error {
			s := r.Spec
			return writeJSON(w, struct {
				Seed      int64               `json:"seed"`
				Droplets  int                 `json:"droplets"`
				Rate      float64             `json:"rate"`
				TimeoutS  int                 `json:"timeout_s"`
				Threshold float64             `json:"threshold"`
				Runs      []leasestorm.Result `json:"runs"`
				Figures   []engine.Figure     `json:"figures"`
				Estimate  engine.Cost         `json:"estimate"`
			}{s.Seed, s.Droplets, s.Rate, s.TimeoutS, s.Rate * float64(s.TimeoutS), r.Runs, r.Figures, est})
		},
		"csv": func(_ context.Context, w io.Writer, r leasestorm.Report, _ engine.Cost) error {
			var rows [][]string
			for _, run := range r.Runs {
				switches := engine.FormatSwitches(run.Switches)
				for _, row := range run.Series {
					rows = append(rows, []string{run.Set, strconv.Itoa(row.Minute), row.Clock, num(row.Goodput), num(row.Wasted), num(row.WastedShare),
						strconv.Itoa(row.Queue), strconv.Itoa(row.WithoutLease), strconv.Itoa(row.Waiting), num(row.Refused), switches})
				}
			}
			return writeCSV(w, []string{"set", "minute", "clock", "goodput", "wasted", "wasted_share", "queue", "without_lease", "waiting", "refused", "switches"}, rows)
		},
	},
}

func init() { register(leaseStormCLI) }

// leaseSetWords names a protection set in the report's words.
var leaseSetWords = map[string]string{"none": "no protection", "throttle": "the throttle", "drop-stale": "dropping stale requests", "both": "the throttle and dropping stale requests",
	"stagger": "staggered renewal (the lecture's fix)", "renew-expired": "expired leases renewable (the lecture's fix)"}

// writeLeaseText prints each run: what it came to, its moments, and its
// minutes every ten.
func writeLeaseText(w io.Writer, r leasestorm.Report) error {
	s := r.Spec
	fmt.Fprintf(w, "lease storm: %s droplets, leases of %d min renewed every %d min; the manager serves %g a second, a droplet waits %d s; seed %d\n",
		textfmt.Int(s.Droplets), s.LeaseMin, s.RenewMin, s.Rate, s.TimeoutS, s.Seed)
	fmt.Fprintf(w, "DynamoDB unreachable from %s for %d min; the manager serves %.0f droplets within one timeout (rate x timeout)\n",
		leasestorm.Clock(leasestorm.LeadMin), s.OutageMin, s.Rate*float64(s.TimeoutS))
	for _, run := range r.Runs {
		fmt.Fprintf(w, "\n%s\n", leaseSetWords[run.Set])
		for _, sw := range run.Switches {
			fmt.Fprintf(w, "  switched %s to %s at %s\n", sw.Name, sw.Value, leasestorm.ClockOf(sw.At))
		}
		fmt.Fprintf(w, "  at the return: %s droplets want a lease, %s of them lost theirs\n", textfmt.Int(run.ReturnWaiting), textfmt.Int(run.ReturnWithout))
		fmt.Fprintf(w, "  after it: %.1f%% of the manager's work wasted on droplets that had given up; the queue peaked at %s\n",
			100*run.WastedShareAfter, textfmt.Int(run.PeakQueue))
		recovered := "never recovered"
		if run.RecoveredClock != "" {
			recovered = "recovered at " + run.RecoveredClock
		}
		fmt.Fprintf(w, "  %s; at the end goodput %.1f a second, %s droplets without a lease\n", recovered, run.FinalGoodput, textfmt.Int(run.FinalWithout))
		for _, m := range run.Moments {
			fmt.Fprintln(w, "  "+m.Caption)
		}
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "  time\tgoodput/s\twasted\tqueue\twithout a lease\trefused/s\t")
		for i, row := range run.Series {
			if i%10 != 0 && i != len(run.Series)-1 {
				continue
			}
			fmt.Fprintf(tw, "  %s\t%.1f\t%.0f%%\t%d\t%d\t%.0f\t\n", row.Clock, row.Goodput, 100*row.WastedShare, row.Queue, row.WithoutLease, row.Refused)
		}
		tw.Flush()
	}
	return nil
}
