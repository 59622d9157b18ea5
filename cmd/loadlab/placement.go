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

// placementCLI is "loadlab run placement": lecture 26.4.2's table of
// placement strategies against failure events, with the exact chances.
var placementCLI = &engineCLI[placement.Spec, *placement.Table]{
	about: `--azs AZs x --racks racks x --nodes nodes (numbered rack by rack), --replicas
replicas under a majority quorum. Each strategy (random, greedy = the lowest
numbers, rack-aware, az-aware) places --trials objects at each location of each
failure event (a node, a rack, an AZ, every node at once); the table counts the
objects that lose their majority and all their replicas, with the exact chance
beside each count. Seed 425 and 4000 trials give the lecture's table. Beyond it:
--versions software versions (node n runs n mod versions), the event "version"
(a bug in one version takes all its nodes) and the strategy "diverse" (distinct
AZs and distinct versions). The site level (§26.2.9): --sites buildings, each
--azs x --racks x --nodes on its own power, --sites-per-city of them sharing a
city's power feed, --providers owning as many each; --sites 1 (the default) is
the level absent, with the lecture's draws and figures. Its events: "site" (one
building dark) and "city" (a shared feed: every site of a city); its
strategies: site-aware (distinct sites) and the customers' one-site (distinct
racks of one building), one-city (a city's sites, replica i on its site i mod
sites-per-city) and cross-provider (replica i with provider i mod providers,
on distinct sites of it). "struck" counts the objects an event reached.`,
	run: func(ctx context.Context, s placement.Spec, env runEnv) (*placement.Table, error) {
		t, err := placement.NewTableContext(ctx, s)
		if err != nil {
			return nil, err
		}
		return t, t.Run(ctx, env.progress)
	},
	cost: func(s placement.Spec, env runEnv) engine.Cost {
		return reportOf(s.Cost(), env.format, map[string]float64{"text": 2900, "csv": 1000})
	},
	headlines: func(placement.Spec) int { return 16 },
	writers: map[string]func(context.Context, io.Writer, *placement.Table, engine.Cost) error{
		"text": withHeadline(writePlacementText),
		"json": func(_ context.Context, w io.Writer, t *placement.Table, est engine.Cost) error {
			s := t.Spec()
			// The site level's figures appear with the level only.
			var sites *placementSites
			if s.HasSites() {
				sites = &placementSites{s.NumSites(), s.CitySites(), s.NumProviders(), s.Nodes()}
			}
			return writeJSON(w, struct {
				Seed     int64 `json:"seed"`
				Trials   int   `json:"trials"`
				AZs      int   `json:"azs"`
				Racks    int   `json:"racks"`
				Nodes    int   `json:"nodes"`
				Replicas int   `json:"replicas"`
				*placementSites
				Rows     []placementRow  `json:"rows"`
				Figures  []engine.Figure `json:"figures"`
				Estimate engine.Cost     `json:"estimate"`
			}{s.Seed, s.Trials, s.AZs, s.RacksPerAZ, s.NodesPerRack, s.Replicas, sites, placementRows(t), t.Headline(), est})
		},
		"csv": func(_ context.Context, w io.Writer, t *placement.Table, _ engine.Cost) error {
			cw := csv.NewWriter(w)
			cw.Write([]string{"strategy", "event", "lose_majority", "lose_all", "lose_majority_count", "lose_all_count", "total", "exact_lose_majority", "exact_lose_all", "struck"})
			for _, r := range placementRows(t) {
				cw.Write([]string{r.Strategy, r.Event, strconv.FormatFloat(r.LoseMajority, 'g', -1, 64), strconv.FormatFloat(r.LoseAll, 'g', -1, 64),
					strconv.Itoa(r.LoseMajorityCount), strconv.Itoa(r.LoseAllCount), strconv.Itoa(r.Total), r.ExactLoseMajority, r.ExactLoseAll, strconv.Itoa(r.Struck)})
			}
			cw.Flush()
			return cw.Error()
		},
	},
}

func init() { register(placementCLI) }

// placementSites is the site level in the JSON report: the sites, the
// sites of a city, the providers, and every site's nodes together.
type placementSites struct {
	Sites        int `json:"sites"`
	SitesPerCity int `json:"sites_per_city"`
	Providers    int `json:"providers"`
	AllNodes     int `json:"all_nodes"`
}

// placementRow is a row of the JSON and CSV reports; lose_majority and
// lose_all are fractions (count / total, as the lecture divides), struck
// the objects the event reached (a replica or more on a node it took).
type placementRow struct {
	Strategy          string  `json:"strategy"`
	Event             string  `json:"event"`
	LoseMajority      float64 `json:"lose_majority"`
	LoseAll           float64 `json:"lose_all"`
	LoseMajorityCount int     `json:"lose_majority_count"`
	LoseAllCount      int     `json:"lose_all_count"`
	Total             int     `json:"total"`
	ExactLoseMajority string  `json:"exact_lose_majority"`
	ExactLoseAll      string  `json:"exact_lose_all"`
	Struck            int     `json:"struck"`
}

func placementRows(t *placement.Table) []placementRow {
	var out []placementRow
	for _, r := range t.Rows() {
		out = append(out, placementRow{r.Strategy.String(), r.Event.String(),
			float64(r.LoseMajority) / float64(r.Total), float64(r.LoseAll) / float64(r.Total),
			r.LoseMajority, r.LoseAll, r.Total, r.Exact.Fraction(r.Exact.LoseMajority), r.Exact.Fraction(r.Exact.LoseAll), r.Struck})
	}
	return out
}

// writePlacementText prints the lecture's table in English: per strategy
// and event the share of objects that lost their majority and all their
// replicas, the exact chances beside them, and a bar of the first.
func writePlacementText(w io.Writer, t *placement.Table) error {
	s := t.Spec()
	if s.HasSites() {
		fmt.Fprintf(w, "placement: %d sites x %d AZs x %d racks x %d nodes = %d nodes (numbered rack by rack, site by site); %d replicas, majority %d; %d objects at each location of each event; seed %d\n",
			s.NumSites(), s.AZs, s.RacksPerAZ, s.NodesPerRack, s.Nodes(), s.Replicas, s.Replicas/2+1, s.Trials, s.Seed)
		fmt.Fprintf(w, "%d cities of %d site%s sharing a power feed; %d provider%s of %d sites each\n",
			s.NumCities(), s.CitySites(), plural(s.CitySites()), s.NumProviders(), plural(s.NumProviders()), s.SitesPerProvider())
	} else {
		fmt.Fprintf(w, "placement: %d AZs x %d racks x %d nodes = %d nodes (numbered rack by rack); %d replicas, majority %d; %d objects at each location of each event; seed %d\n",
			s.AZs, s.RacksPerAZ, s.NodesPerRack, s.Nodes(), s.Replicas, s.Replicas/2+1, s.Trials, s.Seed)
	}
	if s.Versions > 1 {
		fmt.Fprintf(w, "%d software versions: node n runs version n mod %d\n", s.Versions, s.Versions)
	}
	fmt.Fprintln(w)
	// The cells are the TUI's (placement.Table.Cells); text adds a bar of
	// the first share and a blank line between strategies.
	cells := t.Cells()
	strategyW := 11
	for _, row := range cells.Rows {
		strategyW = max(strategyW, len(row[0])+1)
	}
	struck := func(row []string) string {
		if len(row) > 6 {
			return fmt.Sprintf("%13s  ", row[6])
		}
		return ""
	}
	h := cells.Header
	fmt.Fprintf(w, "%-*s %-22s %13s %23s %10s %23s  %s%s\n", strategyW, h[0], h[1], h[2], h[3], h[4], h[5], struck(h), "lose majority, 0-100 %")
	for i, r := range t.Rows() {
		row := cells.Rows[i]
		if i > 0 && r.Strategy != t.Rows()[i-1].Strategy {
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "%-*s %-22s %13s %23s %10s %23s  %s%s\n", strategyW, row[0], row[1], row[2], row[3], row[4], row[5], struck(row),
			bar(float64(r.LoseMajority)/float64(max(1, r.Total)), 28))
	}
	fmt.Fprintln(w, "\n"+cells.Note)
	return nil
}

// bar is p of width cells as #, the rest as dots.
func bar(p float64, width int) string {
	n := min(width, max(0, int(p*float64(width)+0.5)))
	return strings.Repeat("#", n) + strings.Repeat(".", width-n)
}
