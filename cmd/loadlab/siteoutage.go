package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"

	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/sim/avail"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/siteoutage"
)

// siteOutageCLI is "loadlab run site-outage": §26.2.9's building that went
// dark, and what it did to its customers' year by where they had placed
// their servers.
var siteOutageCLI = &engineCLI[siteoutage.Spec, siteoutage.Report]{
	about: `The lecture's timeline (The Planet, H1 in Houston, 2008): May 31, 5:55 PM a
transformer shorts, the fire sets off the UPS batteries, an explosion blows out
three walls of floor one; no server is damaged, but 9,000 servers of 7,500
customers go dark. The fire department evacuates the building and forbids the
backup generators; staff are let in at 10 PM. Some critical servers are carried
by pickup truck to the other data centres (H2 in Houston, 4 in Dallas), as far as
their power and cooling allow. June 2, 5 PM: power back to floor two. June 4:
floor one's servers back rack by rack. The Planet posts updates every 15 to 60
minutes. Three days down is 99.18 % for the year.

The lecture's numbers: 9,000 servers, 7,500 customers, the times above. The
model's: 2 floors x --racks-per-floor x --servers-per-rack servers dealt one or
two to each of --customers; --one-city of the customers keep a standby in H2
(H1's city, on its power feed), --cross-provider at another provider, the rest
none (one-site). A standby runs only on power its site has to spare: --spare of
it as it was, --reserved with capacity reserved for failover (the set
"reserve"); without drills --broken of failovers fail when tried (the set
"drills" tests them first); a failover takes --failover-min. From --entry-min
after the explosion trucks carry --truck-rate servers an hour to Dallas,
--drive-min on the road, until Dallas has no power to spare. Floor two's power
comes --floor2-min after the explosion, floor one's racks from --floor1-min,
--racks-per-hour (the lecture gives the day, June 4; the hour is ours).
--fault site darkens H1 alone, as it was; city cuts the feed H1 shares with H2.
Each customer's downtime is its year's availability (1 - down / 8760), set
against --target, the availability bought. --runs compares protection sets on
one seed: none, reserve, drills, both.`,
	run:       runSpec[siteoutage.Spec, siteoutage.Report],
	cost:      costSpec[siteoutage.Spec],
	headlines: func(siteoutage.Spec) int { return 8 },
	writers: map[string]func(context.Context, io.Writer, siteoutage.Report, engine.Cost) error{
		"text": withHeadline(writeSiteOutageText),
		"json": func(_ context.Context, w io.Writer, r siteoutage.Report, est engine.Cost) error {
			s := r.Spec
			return writeJSON(w, struct {
				Seed      int64               `json:"seed"`
				Customers int                 `json:"customers"`
				Servers   int                 `json:"servers"`
				Fault     string              `json:"fault"`
				Target    float64             `json:"target"`
				BudgetH   float64             `json:"budget_h"`
				ThreeDays avail.Outage        `json:"three_days"`
				Runs      []siteoutage.Result `json:"runs"`
				Figures   []engine.Figure     `json:"figures"`
				Estimate  engine.Cost         `json:"estimate"`
			}{s.Seed, s.Customers, 2 * s.RacksPerFloor * s.ServersPerRack, s.Fault, s.Target, avail.TargetDowntimeHoursPerYear(s.Target), r.Reference, r.Runs, r.Figures, est})
		},
		"csv": func(_ context.Context, w io.Writer, r siteoutage.Report, _ engine.Cost) error {
			var rows [][]string
			for _, run := range r.Runs {
				for _, row := range run.Series {
					rows = append(rows, []string{run.Set, strconv.Itoa(row.Minute), row.Clock, num(row.OneSite), num(row.OneCity), num(row.CrossProvider),
						strconv.Itoa(row.Dark), strconv.Itoa(row.Standby), strconv.Itoa(row.Moved), strconv.Itoa(row.Waiting)})
				}
			}
			return writeCSV(w, []string{"set", "minute", "clock", "one_site", "one_city", "cross_provider", "dark_servers", "standby_servers", "moved_servers", "waiting_servers"}, rows)
		},
	},
}

func init() { register(siteOutageCLI) }

// siteSetWords names a protection set in the report's words.
var siteSetWords = map[string]string{"none": "as it was: no capacity reserved, failover never tested", "reserve": "capacity reserved for failover",
	"drills": "failover drilled", "both": "capacity reserved and failover drilled"}

// writeSiteOutageText prints each run: each placement's customers, their
// downtime and their year against the availability bought, the failover
// and the trucks, the moments, and the days every six hours.
func writeSiteOutageText(w io.Writer, r siteoutage.Report) error {
	s := r.Spec
	o := r.Reference
	fmt.Fprintf(w, "site outage: H1 dark from %s (%s fault); %s customers on %s servers; seed %d\n",
		siteoutage.Clock(siteoutage.LeadMin), s.Fault, textfmt.Int(s.Customers), textfmt.Int(2*s.RacksPerFloor*s.ServersPerRack), s.Seed)
	fmt.Fprintf(w, "bought: %s, %s of downtime a year; three days down is %.2f %% for the year, %.1f times that\n",
		avail.TargetPercent(s.Target), avail.Duration(o.BudgetH), 100*o.Availability, o.Budgets)
	for _, run := range r.Runs {
		fmt.Fprintf(w, "\n%s\n", siteSetWords[run.Set])
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "  placement\tcustomers\tservers\tdown: mean\tmedian\tmost\tyear (mean)\tworst\tover budget\tall back\t")
		for _, g := range run.Groups {
			back := "not within the run"
			if g.BackAt != "" {
				back = fmt.Sprintf("%s (%s)", g.BackAt, avail.Duration(g.RecoveryH))
			}
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\t%s\t%.2f %%\t%.2f %%\t%s\t%s\t\n", g.Placement, textfmt.Int(g.Customers), textfmt.Int(g.Servers),
				avail.Duration(g.MeanDownH), avail.Duration(g.MedianDownH), avail.Duration(g.MaxDownH), 100*g.YearAvailability, 100*g.WorstYear,
				textfmt.Int(g.OverBudget), back)
		}
		tw.Flush()
		fmt.Fprintf(w, "  failover: %s servers moved to standbys, %s of them ran (%.0f %%); %s customers' failovers failed untested\n",
			textfmt.Int(run.FailoverServers), textfmt.Int(run.FailoverRunning), 100*run.FailoverRunShare, textfmt.Int(run.BrokenFailovers))
		full := "Dallas never ran out of power to spare"
		if run.DallasFullAt != "" {
			full = "Dallas ran out of power to spare at " + run.DallasFullAt
		}
		fmt.Fprintf(w, "  trucks: %s servers of %s customers carried to Dallas; %s\n", textfmt.Int(run.MovedServers), textfmt.Int(run.MovedCustomers), full)
		for _, m := range run.Moments {
			fmt.Fprintln(w, "  "+m.Caption)
		}
		tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "  time\tone-site running\tone-city\tcross-provider\tH1 dark\ton standbys\tin Dallas\twaiting\t")
		for i, row := range run.Series {
			if row.Minute%360 != 0 && i != len(run.Series)-1 {
				continue
			}
			fmt.Fprintf(tw, "  %s\t%.0f%%\t%.0f%%\t%.0f%%\t%d\t%d\t%d\t%d\t\n", row.Clock, 100*row.OneSite, 100*row.OneCity, 100*row.CrossProvider,
				row.Dark, row.Standby, row.Moved, row.Waiting)
		}
		tw.Flush()
	}
	return nil
}
