package main

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/placement"
)

// durabilityCLI is "loadlab run durability": the placement strategies
// holding objects over simulated years of failures and repairs.
var durabilityCLI = &engineCLI[placement.DurabilitySpec, *placement.Durability]{
	about: `--objects objects of --replicas replicas on an AZ x rack x node fleet for --years
years. Nodes lose their disks (--node-mttf-years, back empty after
--replace-hours), racks and AZs go dark for hours (--rack-outage-*, --az-outage-*),
a rack now and then is destroyed (--rack-loss-years), and every lost replica is
rebuilt in --rebuild-hours by the repair procedure of 26.3.5 (a domain holding
none of the object's replicas first). Each strategy meets the same failures,
drawn in time order, so a shorter run is the start of a longer one; the report
counts the objects that were short of a majority at some moment and those lost
for good, in all and at each whole year's end.`,
	run: func(ctx context.Context, s placement.DurabilitySpec, env runEnv) (*placement.Durability, error) {
		d, err := placement.NewDurabilityContext(ctx, s)
		if err != nil {
			return nil, err
		}
		return d, d.Run(ctx, env.progress)
	},
	cost: func(s placement.DurabilitySpec, env runEnv) engine.Cost {
		c := s.Cost()
		c.OutputBytes = s.OutputBytes(env.format)
		return c
	},
	headlines: func(s placement.DurabilitySpec) int { return 2 * (1 + strings.Count(s.Strategies, ",")) },
	writers: map[string]func(context.Context, io.Writer, *placement.Durability, engine.Cost) error{
		"text": withHeadline(func(w io.Writer, d *placement.Durability) error {
			s := d.Spec()
			fmt.Fprintf(w, "durability: %d objects of %d replicas on %d AZs x %d racks x %d nodes for %g years; seed %d\n",
				s.Objects, s.Replicas, s.AZs, s.RacksPerAZ, s.NodesPerRack, s.Years, s.Seed)
			io.WriteString(w, engine.PlainExponents(fmt.Sprintf("disks lost every %g years a node (back in %g h); racks dark %s, AZs %s; a rack destroyed %s; rebuilds take %g h\n\n",
				s.NodeMTTFYears, s.ReplaceHours, every(s.RackOutageYears, s.RackOutageHours, s), every(s.AZOutageYears, s.AZOutageHours, s), every(s.RackLossYears, 0, s), s.RebuildHours)))
			fmt.Fprintf(w, "%-11s %-28s %s\n", "strategy", "short of a majority, ever", "lost for good")
			for _, r := range d.Results() {
				fmt.Fprintf(w, "%-11s %-28s %s\n", r.Strategy, fmt.Sprintf("%d (%.2f%%)", r.LostMajority, 100*float64(r.LostMajority)/float64(r.Objects)),
					fmt.Sprintf("%d (%.2f%%)", r.Lost, 100*float64(r.Lost)/float64(r.Objects)))
			}
			for _, m := range d.Moments() {
				fmt.Fprintln(w, "  "+m.Caption)
			}
			writeByYear(w, d)
			return nil
		}),
		"csv": func(_ context.Context, w io.Writer, d *placement.Durability, _ engine.Cost) error {
			cw := csv.NewWriter(w)
			cw.Write([]string{"strategy", "objects", "lost_majority", "lost", "first_loss_years"})
			for _, r := range d.Results() {
				first := "" // no loss: an empty cell, as JSON's null
				if r.FirstLossYears != nil {
					first = strconv.FormatFloat(*r.FirstLossYears, 'f', 4, 64)
				}
				cw.Write([]string{r.Strategy, strconv.Itoa(r.Objects), strconv.Itoa(r.LostMajority), strconv.Itoa(r.Lost), first})
			}
			cw.Flush()
			return cw.Error()
		},
		"json": func(_ context.Context, w io.Writer, d *placement.Durability, est engine.Cost) error {
			s := d.Spec()
			return writeJSON(w, struct {
				Seed       int64                        `json:"seed"`
				Years      float64                      `json:"years"`
				Objects    int                          `json:"objects"`
				Strategies []placement.DurabilityResult `json:"strategies"`
				ByYear     []placement.DurabilityYear   `json:"by_year"`
				Moments    []engine.Moment              `json:"moments"`
				Figures    []engine.Figure              `json:"figures"`
				Estimate   engine.Cost                  `json:"estimate"`
			}{s.Seed, s.Years, s.Objects, d.Results(), d.ByYear(), d.Moments(), d.Headline(), est})
		},
	},
}

func init() { register(durabilityCLI) }

// writeByYear is the text report's table of the counts at each whole
// year's end, a column a strategy.
func writeByYear(w io.Writer, d *placement.Durability) {
	years := d.ByYear()
	if len(years) == 0 {
		return
	}
	fmt.Fprintln(w, "\nat each year's end: objects short of a majority so far / lost for good so far")
	line := func(cells []string) {
		var b strings.Builder
		fmt.Fprintf(&b, "%4s", cells[0])
		for _, c := range cells[1:] {
			fmt.Fprintf(&b, "  %-15s", c)
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
	cells := []string{"year"}
	for _, c := range years[0].Strategies {
		cells = append(cells, c.Strategy)
	}
	line(cells)
	for _, y := range years {
		cells = append(cells[:0], strconv.Itoa(y.Year))
		for _, c := range y.Strategies {
			cells = append(cells, fmt.Sprintf("%d / %d", c.LostMajority, c.Lost))
		}
		line(cells)
	}
}

// every says how often a failure comes, a mean time in years, and for how
// many hours (0: for good); a failure so rare that under 1 % of runs would
// meet one in the whole fleet is said to be off, as it is in effect.
func every(years, hours float64, s placement.DurabilitySpec) string {
	if s.Years*float64(s.AZs*s.RacksPerAZ)/years < 0.01 {
		return fmt.Sprintf("never in effect (every %g years)", years)
	}
	if hours > 0 {
		return fmt.Sprintf("every %g years (%g h)", years, hours)
	}
	return fmt.Sprintf("every %g years", years)
}
