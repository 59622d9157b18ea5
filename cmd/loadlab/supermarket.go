package main

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"

	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/queue"
)

// supermarketCLI is "loadlab run supermarket": source §SM's servers at
// 90 % load, one choice against the shorter of two.
var supermarketCLI = &engineCLI[queue.Spec, queue.Outcome]{
	about: `--servers FIFO servers, Poisson arrivals at --load x servers, exponential service
of rate 1, simulated event by event to --time, measured after --warmup. --policy
random, jsq-d (the shorter of --d servers drawn at random: power of d choices on
outstanding jobs), jsq (the shortest of all: least outstanding), round-robin,
stale-d (jsq-d on a load board refreshed every --refresh), wrr (round robin
weighted by speed) or peak-ewma (of --d drawn, the least peak-sensitive average
response time, decaying over --decay, times outstanding jobs + 1); --against runs
a second policy on the same arrivals. --slow servers serve at --slow-speed, and
--load is then a share of the fleet's capacity. Beside each measure, the
mean-field value for equal servers: the share of servers with at least i jobs is
load^((d^i - 1)/(d - 1)).`,
	run: runSpec[queue.Spec, queue.Outcome],
	cost: func(s queue.Spec, env runEnv) engine.Cost {
		c := s.Cost()
		c.OutputBytes = s.ReportBytes(env.format)
		return c
	},
	headlines: func(queue.Spec) int { return 6 },
	writers: map[string]func(context.Context, io.Writer, queue.Outcome, engine.Cost) error{
		"text": withHeadline(writeQueueText),
		"json": func(_ context.Context, w io.Writer, o queue.Outcome, est engine.Cost) error {
			type run struct {
				Policy string `json:"policy"`
				D      int    `json:"d"`
				queue.Result
				Moments []engine.Moment `json:"moments"`
			}
			runs := make([]run, len(o.Results))
			for i, r := range o.Results {
				d := 1 // a policy that draws no candidates looks at one server
				if o.Configs[i].Draws() {
					d = o.Configs[i].D
				}
				runs[i] = run{o.Configs[i].Label(), d, r, o.Moments[i]}
			}
			out := struct {
				run
				Against  *run            `json:"against,omitempty"`
				Figures  []engine.Figure `json:"figures"`
				Estimate engine.Cost     `json:"estimate"`
			}{run: runs[0], Figures: o.Headline(), Estimate: est}
			if len(runs) > 1 {
				out.Against = &runs[1]
			}
			return writeJSON(w, out)
		},
		"csv": func(_ context.Context, w io.Writer, o queue.Outcome, _ engine.Cost) error {
			cw := csv.NewWriter(w)
			cw.Write([]string{"policy", "jobs", "fraction", "tail", "theory_fraction", "theory_tail", "switches"})
			for i, r := range o.Results {
				for j := range r.Fractions {
					tf, tt := "", ""
					if r.Theory != nil && j < len(r.Theory.Fractions) {
						tf, tt = strconv.FormatFloat(r.Theory.Fractions[j], 'g', 6, 64), strconv.FormatFloat(r.Theory.Tail[j], 'g', 6, 64)
					}
					cw.Write([]string{o.Configs[i].Label(), strconv.Itoa(j), strconv.FormatFloat(r.Fractions[j], 'g', 6, 64),
						strconv.FormatFloat(r.Tail[j], 'g', 6, 64), tf, tt, engine.FormatSwitches(r.Switches)})
				}
			}
			cw.Flush()
			return cw.Error()
		},
	},
}

func init() { register(supermarketCLI) }

// writeQueueText prints, per policy, the share of servers at each queue
// length against the mean field, the means, and the supermarket excerpt's statements checked.
func writeQueueText(w io.Writer, o queue.Outcome) error {
	c0 := o.Configs[0]
	fmt.Fprintf(w, "supermarket: %d servers at load %g, seed %d, measured after t = %g\n", c0.Servers, c0.Load, c0.Seed, c0.Warmup)
	for i, r := range o.Results {
		c := o.Configs[i]
		theory, against := func(j int) string { return "-" }, "no mean field: not a d-choice rule"
		switch {
		case len(c.Switches) > 0:
			against = "no mean field: switched mid-run, " + engine.FormatSwitches(c.Switches)
		case c.Slow > 0:
			against = "no mean field: the servers' speeds differ"
		case c.Gray > 0 || c.Eject || c.Unhealthy > 0:
			against = "no mean field: some servers fail or are left out"
		}
		if r.Theory != nil {
			th := r.Theory
			theory = func(j int) string {
				if j == 7 {
					return fmt.Sprintf("%.2f %%", 100*th.Tail[7])
				}
				return fmt.Sprintf("%.2f %%", 100*th.Fractions[j])
			}
			against = fmt.Sprintf("mean field %.3f", th.MeanQueue)
			if c.Policy == queue.StaleD {
				against = fmt.Sprintf("mean field of a fresh board %.3f", th.MeanQueue)
			}
		}
		fmt.Fprintf(w, "\n%s: mean queue %.3f (%s), mean response %.3f, longest queue %d, %d events\n",
			queue.SwitchedLabel(c, r.Switches), r.MeanQueue, against, r.MeanResponse, r.MaxQueue, r.Events)
		fmt.Fprintf(w, "  %-6s %-12s %-12s %s\n", "jobs", "servers", "mean field", "")
		for j := 0; j < len(r.Fractions) && j <= 7; j++ {
			label, frac := fmt.Sprint(j), r.Fractions[j]
			if j == 7 { // the rest together
				label, frac = "7+", r.Tail[7]
			}
			fmt.Fprintf(w, "  %-6s %-12s %-12s %s\n", label, fmt.Sprintf("%.2f %%", 100*frac), theory(j), bar(frac, 40))
		}
		at := func(j int) float64 {
			if j < len(r.Fractions) {
				return r.Fractions[j]
			}
			return 0
		}
		tail7 := 0.0
		if len(r.Tail) > 7 {
			tail7 = r.Tail[7]
		}
		fmt.Fprintf(w, "  idle %.1f %%; at 2 or 3 jobs %.1f %%; at 7 or more %.2f %%\n", 100*at(0), 100*(at(2)+at(3)), 100*tail7)
		if c.Slow > 0 {
			fmt.Fprintf(w, "  the %d slow servers (speed %g) hold %.2f jobs each on average\n", c.Slow, c.SlowSpeed, r.SlowQueue)
		}
		for _, m := range o.Moments[i] {
			fmt.Fprintln(w, "  "+m.Caption)
		}
	}
	return nil
}
