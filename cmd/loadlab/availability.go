package main

import (
	"context"
	"fmt"
	"io"

	"github.com/loadlab/loadlab/sim/avail"
	"github.com/loadlab/loadlab/sim/engine"
)

// availabilityCLI is "loadlab run availability": lecture 26.4.3's
// availability arithmetic.
var availabilityCLI = &engineCLI[avail.Spec, avail.Report]{
	about: `A = MTTF / (MTTF + MTTR). The nines and the downtime they allow (a month is a
twelfth of a year, 730 h), the MTTF x MTTR grid, the two paths to --target
(a longer MTTF or a shorter MTTR), the scale table (a fleet of n machines of
--unit-mttf-years each fails n times as often, so its repairs must be n times
faster), and --need of --replicas replicas up with a --correlated share of
downtime common to all. --outage-hours sets one outage of a year against the
target (§26.2.9: The Planet's customers were down for days; three days is
99.18 % for the year). Times are hours.`,
	run:       func(_ context.Context, s avail.Spec, _ runEnv) (avail.Report, error) { return s.Run() },
	cost:      costSpec[avail.Spec],
	headlines: func(avail.Spec) int { return 9 },
	writers: map[string]func(context.Context, io.Writer, avail.Report, engine.Cost) error{
		"text": withHeadline(writeAvailText),
		"json": func(_ context.Context, w io.Writer, r avail.Report, est engine.Cost) error {
			return writeJSON(w, struct {
				avail.Report
				Figures  []engine.Figure `json:"figures"`
				Estimate engine.Cost     `json:"estimate"`
			}{r, r.Headline(), est})
		},
		"csv": func(_ context.Context, w io.Writer, r avail.Report, _ engine.Cost) error { return availCSV(w, r) },
	},
}

func init() { register(availabilityCLI) }

func percent(a float64) string { return avail.Percent(a) }

// writeAvailText prints the lecture's six parts in English, in columns
// that do not run together.
func writeAvailText(w io.Writer, r avail.Report) error {
	s := r.Spec
	fmt.Fprintf(w, "availability: A = MTTF / (MTTF + MTTR); a year is %d h, a month %g h\n", avail.HoursPerYear, avail.HoursPerMonth)
	fmt.Fprintf(w, "\nthe nines and the downtime they allow\n  %-14s %-14s %-14s %s\n", "availability", "a year", "a month", "nines")
	for _, n := range r.Nines {
		fmt.Fprintf(w, "  %-14s %-14s %-14s %.0f\n", fmt.Sprintf("%.4f %%", n.Availability*100), avail.Duration(n.DowntimeYearH), avail.Duration(n.DowntimeMonthH), avail.Nines(n.Availability))
	}
	grid := r.GridTable()
	fmt.Fprintf(w, "\n%s", grid.Title)
	for _, row := range append([][]string{grid.Header}, grid.Rows...) {
		fmt.Fprintf(w, "\n  %-10s", row[0])
		for _, cell := range row[1:] {
			fmt.Fprintf(w, " %-25s", cell)
		}
	}
	si := r.Single
	fmt.Fprintf(w, "\n\nMTTF %s, MTTR %s: %s, %.2f nines, %s down a year, %s a month\n", mttf(si.MTTFH), avail.Duration(si.MTTRH), percent(si.Availability), si.Nines, avail.Duration(si.DowntimeYearH), avail.Duration(si.DowntimeMonthH))
	fmt.Fprintf(w, "two paths to %s: repairs within %s with this MTTF, or an MTTF of %s with this MTTR (%s); A depends on MTTR / MTTF alone\n",
		avail.TargetPercent(r.Target), avail.Duration(si.MTTRForTargetH), mttf(si.MTTFForTargetH), ratio(si.MTTFForTargetH/si.MTTFH))
	writeTable(w, avail.ThreeToFive())
	fmt.Fprintf(w, "\nscale: machines of MTTF %g years (%g h); the fleet fails n times as often\n  %-12s %-22s %s\n", s.UnitMTTFYears, s.UnitMTTFYears*avail.HoursPerYear, "machines", "a failure every", "repairs within, for "+avail.TargetPercent(r.Target))
	for _, f := range r.Scale {
		fmt.Fprintf(w, "  %-12d %-22s %s\n", f.Machines, avail.Duration(f.SystemMTTFH), avail.Duration(f.MTTRForTargetS/3600))
	}
	fmt.Fprintf(w, "\nthe MTTR path with MTTF %g h: each tenth of the repair time buys one more nine\n", si.MTTFH)
	for _, p := range r.Paths {
		fmt.Fprintf(w, "  MTTR %8s  %-14s %s %.2f nines\n", fmt.Sprintf("%g h", p.MTTRH), percent(p.Availability), bar(p.Nines/6, 24), p.Nines)
	}
	rep := r.Replicated
	fmt.Fprintf(w, "\n%d of %d replicas up, each %s: %s with independent failures, %s when %.0f %% of each one's downtime is shared by all\n",
		rep.Need, rep.Replicas, percent(si.Availability), percent(rep.Independent), percent(rep.Correlated), rep.Share*100)
	fmt.Fprintln(w, "replication multiplies the nines only while failures are independent: downtime the replicas share (a bug, a config push) no number of them divides")
	me := r.Measured
	fmt.Fprintf(w, "\none machine watched for %d x (MTTF + MTTR) of simulated time (seed %d): %s, %s measured against the formula's %s; it crossed the %s target %s\n",
		me.Cycles, me.Seed, avail.Failures(me.Failures), percent(me.Availability), percent(si.Availability), avail.TargetPercent(r.Target), times(len(me.Moments)))
	if o := r.Outage; o != nil {
		fmt.Fprintf(w, "\none outage of %s in a year: %.2f %% for the year (%.2f nines), against the %s bought, which allows %s a year: %.1f times that\n",
			avail.Duration(o.Hours), 100*o.Availability, o.Nines, avail.TargetPercent(o.Target), avail.Duration(o.BudgetH), o.Budgets)
	}
	return nil
}

// mttf writes an MTTF in hours, as the lecture's tables do: 100000 h;
// past a billion hours in three figures (3.2e+15 h).
func mttf(h float64) string {
	if h >= 1e9 {
		return fmt.Sprintf("%.3g h", h)
	}
	if h >= 100 {
		return fmt.Sprintf("%.0f h", h)
	}
	return avail.Duration(h)
}

// ratio writes how many times longer: 10.0x, 3.2e+15x; past 1e300 (an
// MTTF of a few ms against a repair of years) "over 1e300x".
func ratio(x float64) string {
	switch {
	case !(x < 1e300):
		return "over 1e300x"
	case x >= 1e6:
		return fmt.Sprintf("%.3gx", x)
	}
	return fmt.Sprintf("%.1fx", x)
}

// times writes a count of occasions: never, once, 3 times.
func times(n int) string {
	switch n {
	case 0:
		return "never"
	case 1:
		return "once"
	}
	return fmt.Sprintf("%d times", n)
}
