package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"

	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/netmanager"
)

// netManagerCLI is "loadlab run network-manager": §26.2.10's Network
// Manager, overwhelmed by the new leases' network state from 5:28 AM.
var netManagerCLI = &engineCLI[netmanager.Spec, netmanager.Report]{
	about: `The lecture's times, 20 October 2025: 5:28 AM DWFM has recovered and the flood of
new leases' network state overwhelms EC2's Network Manager; 6:21 AM its latency
is seen rising, slowing EC2's instances; 10:36 AM latency is normal; 11:23 AM
engineers start to relax the throttles, step by step; 1:50 PM EC2 is back. Every
count is the model's: the run starts at 5:28 AM; --droplets updates arrive over
--flood-min minutes; the Network Manager propagates --rate a minute, in order;
customers ask for --launches new instances a minute, and since 4:14 AM a
throttle lets --throttle a minute through, holding the rest. A new instance has
no network until its update is done: the updates ahead of it over the rate are
its wait. From --relax-at-min engineers raise the throttle by --step-up every
--step-min minutes while a new instance waits at most --normal-min, and lower
it a step while it waits longer. --runs
compares steps (the lecture's), at-once (the throttle lifted in one go: the
held launches flood the Network Manager again, a new instance waiting over an
hour and a half), priority (new instances' updates before the flood's: the flood
is as far behind, but while it lasts a launch gets its network in the minute)
and at-once+priority. The run is a flow, nothing drawn at random; the defaults
put the model's moments at 6:20 AM, 10:37 AM and 1:52 PM.`,
	run:  runSpec[netmanager.Spec, netmanager.Report],
	cost: costSpec[netmanager.Spec],
	writers: map[string]func(context.Context, io.Writer, netmanager.Report, engine.Cost) error{
		"text": withHeadline(writeNetManagerText),
		"json": func(_ context.Context, w io.Writer, r netmanager.Report, est engine.Cost) error {
			return writeJSON(w, struct {
				Droplets int                 `json:"droplets"`
				Rate     float64             `json:"rate"`
				Runs     []netmanager.Result `json:"runs"`
				Figures  []engine.Figure     `json:"figures"`
				Estimate engine.Cost         `json:"estimate"`
			}{r.Spec.Droplets, r.Spec.Rate, r.Runs, r.Figures, est})
		},
		"csv": func(_ context.Context, w io.Writer, r netmanager.Report, _ engine.Cost) error {
			var rows [][]string
			for _, run := range r.Runs {
				for _, row := range run.Series {
					rows = append(rows, []string{run.Set, strconv.Itoa(row.Minute), row.Clock, num(row.Waiting), num(row.WaitMin), num(row.LagMin), num(row.Admitted), num(row.Held)})
				}
			}
			return writeCSV(w, []string{"set", "minute", "clock", "waiting", "wait_min", "lag_min", "admitted", "held"}, rows)
		},
	},
}

func init() { register(netManagerCLI) }

// writeNetManagerText prints each run: its waits, its moments, and its
// minutes every ten.
func writeNetManagerText(w io.Writer, r netmanager.Report) error {
	s := r.Spec
	fmt.Fprintf(w, "the Network Manager: %s updates over %s, propagated at %s a minute; %s launches a minute asked for, %s let through\n",
		engine.Digits(int64(s.Droplets)), netmanager.Minutes(float64(s.FloodMin)), engine.Compact(s.Rate), engine.Compact(s.Launches), engine.Compact(s.Throttle))
	for _, run := range r.Runs {
		set, _ := engine.SetNamed(netmanager.Sets, run.Set)
		fmt.Fprintf(w, "\nthe throttle %s\n", netmanager.SetWords(set))
		relaxed := netmanager.Minutes(run.PeakWaitRelaxedMin) + " once the throttle was being relaxed"
		if run.Relaxed == "" {
			relaxed = "the throttle never relaxed in this run"
		}
		fmt.Fprintf(w, "  a new instance waited at most %s for its network, %s; the Network Manager was up to %s behind\n",
			netmanager.Minutes(run.PeakWaitMin), relaxed, netmanager.Minutes(run.PeakLagMin))
		back := "EC2 not back by the end"
		if run.Back != "" {
			back = "EC2 back at " + run.Back
		}
		fmt.Fprintf(w, "  %s; at most %s launches held\n", back, engine.Digits(int64(run.PeakHeld+0.5)))
		for _, m := range run.Moments {
			fmt.Fprintln(w, "  "+m.Caption)
		}
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "  time\twaiting\twait min\tlet through/min\theld\t")
		for j, row := range run.Series {
			if j%10 != 0 && j != len(run.Series)-1 {
				continue
			}
			fmt.Fprintf(tw, "  %s\t%.0f\t%.1f\t%.0f\t%.0f\t\n", row.Clock, row.Waiting, row.WaitMin, row.Admitted, row.Held)
		}
		tw.Flush()
	}
	return nil
}
