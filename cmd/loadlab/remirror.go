package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/remirror"
)

// remirrorCLI is "loadlab run remirror": §26.2.7's re-mirroring storm, the
// EBS zone that stayed stuck for days after a network change of minutes.
var remirrorCLI = &engineCLI[remirror.Spec, remirror.Report]{
	about: `The lecture's timeline (AWS, US East, 2011-04-21):
` + remirrorTimeline() + `
The lecture's figures are the times above and the shares: 13 % of the zone's
volumes stuck, all but 1.04 % back by noon on April 24, 0.07 % lost for good;
customers who used several zones were not affected. Every count, rate and
chance is the model's, set so that the night as it was (no backoff, no cap,
cut at 8:20 AM, fixed at 11:30 AM) gives the lecture's shares on average over
seeds 400-439 (12.96 %, 1.05 %, 0.068 %); one night's race varies by several
points (seed 425: 13.94 %, 1.16 %, 0.090 %).

The model: --volumes volumes on --nodes nodes, a primary and a mirror each. At
12:47 AM --cut-share of the nodes are cut off: their volumes lose their mirror
and are stuck until they have a new one. A stuck volume searches --tries times
a minute (with backoff it waits 1, 2, 4 ... up to --backoff-max-min minutes;
with the cap at most --max-remirrors volumes search at once). Searches use the
spare network, which carries --capacity a minute; what they leave re-mirrors
volumes, oldest first, each costing --remirror-cost searches: more than
capacity / tries stuck volumes (1,500) and nothing is re-mirrored, ever. Above
--race-rate searches a minute a race fails nodes (each with chance
--race-chance a minute at twice that rate), and their volumes lose a copy. The
control plane serves --control-rate requests a minute: the region's
--region-rate, the searches, and --creates create-volume calls into the zone
that hang --hang-cost times as long (until 2:40 AM); over capacity the
region's calls fail too, unless the bulkhead serves them first (up to all but
--bulkhead-share) and the zone takes what they leave. --cut-at the zone is cut
off from the control plane; --fix-at the futile searching stops and each
volume still stuck comes back with chance --tail-per-hour an hour, stranded
ones lost with chance --lost-chance. --runs compares protection sets on one
seed: none, or any of backoff, cap, bulkhead and spread (customers in several
zones) joined by +.
Recovery is the time from 12:47 AM until no volume is stuck.`,
	run:       runSpec[remirror.Spec, remirror.Report],
	cost:      costSpec[remirror.Spec],
	headlines: func(s remirror.Spec) int { return 6 * runsOf(s.Configs) },
	writers: map[string]func(context.Context, io.Writer, remirror.Report, engine.Cost) error{
		"text": withHeadline(writeRemirrorText),
		"json": func(_ context.Context, w io.Writer, r remirror.Report, est engine.Cost) error {
			s := r.Spec
			return writeJSON(w, struct {
				Seed       int64              `json:"seed"`
				Volumes    int                `json:"volumes"`
				Nodes      int                `json:"nodes"`
				Threshold  float64            `json:"threshold"`
				RowEvery   int                `json:"row_every_min"`
				Timeline   []remirror.Event   `json:"timeline"`
				Runs       []remirror.Result  `json:"runs"`
				Figures    []engine.Figure    `json:"figures"`
				Estimate   engine.Cost        `json:"estimate"`
				LectureFig map[string]float64 `json:"lecture"`
			}{s.Seed, s.Volumes, s.Nodes, s.Capacity / float64(s.Tries), remirror.RowEveryMin, remirror.Timeline(), r.Runs, r.Figures, est,
				map[string]float64{"stuck": remirror.LectureStuck, "left_apr24": remirror.LectureLeft, "lost": remirror.LectureLost}})
		},
		"csv": func(_ context.Context, w io.Writer, r remirror.Report, _ engine.Cost) error {
			var rows [][]string
			for _, run := range r.Runs {
				switches := engine.FormatSwitches(run.Switches)
				for _, row := range run.Series {
					rows = append(rows, []string{run.Set, strconv.Itoa(row.Minute), row.Clock, num(row.Stuck), num(row.Lost), num(row.CustomersDown),
						strconv.Itoa(row.Searches), num(row.Network), num(row.Remirror), num(row.Control), num(row.APIErrors), num(row.Unshielded),
						strconv.Itoa(row.FailedNodes), switches})
				}
			}
			return writeCSV(w, []string{"set", "minute", "clock", "stuck", "lost", "customers_down", "searches", "network", "remirror",
				"control_load", "api_errors", "api_errors_without_bulkhead", "failed_nodes", "switches"}, rows)
		},
	},
}

func init() { register(remirrorCLI) }

// remirrorTimeline is the lecture's timeline, an event a paragraph, its
// words wrapped under their column.
func remirrorTimeline() string {
	var b strings.Builder
	const indent = 2 + 11 + 1 + 1 + 2
	for _, e := range remirror.Timeline() {
		line := fmt.Sprintf("  %-11s %s ", e.Clock, e.Phase)
		for _, w := range strings.Fields(e.What) {
			if len(line)+1+len(w) > 78 {
				b.WriteString(line + "\n")
				line = strings.Repeat(" ", indent-1)
			}
			line += " " + w
		}
		b.WriteString(line + "\n")
	}
	return b.String()
}

// remirrorSetWords names a protection set in the report's words.
func remirrorSetWords(set string) string {
	if set == "none" {
		return "no protection"
	}
	return strings.ReplaceAll(set, "+", " + ")
}

// writeRemirrorText prints each run: what it came to, its moments, and
// its rows, hourly to noon and then every twelve hours.
func writeRemirrorText(w io.Writer, r remirror.Report) error {
	s := r.Spec
	fmt.Fprintf(w, "re-mirroring storm: %s volumes on %s nodes; %.1f%% of the nodes cut off at 12:47 AM; a stuck volume searches %d times a minute; seed %d\n",
		textfmt.Int(s.Volumes), textfmt.Int(s.Nodes), 100*s.CutShare, s.Tries, s.Seed)
	cfgs, err := s.Configs()
	if err != nil {
		return err
	}
	c := cfgs[0]
	when := func(minute int) string {
		switch {
		case minute < 0:
			return "never"
		case minute >= c.Minutes():
			return "never (" + remirror.Clock(minute) + " is after the run's end)"
		}
		return remirror.Clock(minute)
	}
	fmt.Fprintf(w, "the spare network carries %s searches a minute (the searches of %s stuck volumes); the zone cut off %s, fixed %s\n",
		textfmt.Int(int(s.Capacity)), textfmt.Int(int(s.Capacity/float64(s.Tries))), atWords(when(c.CutAt)), atWords(when(c.FixAt)))
	fmt.Fprintf(w, "the lecture: 13%% stuck, all but 1.04%% back by noon on April 24, 0.07%% lost for good\n")
	for _, run := range r.Runs {
		fmt.Fprintf(w, "\n%s\n", remirrorSetWords(run.Set))
		for _, sw := range run.Switches {
			fmt.Fprintf(w, "  switched %s to %s at %s\n", sw.Name, sw.Value, remirror.Clock(int(sw.At)))
		}
		recovery := fmt.Sprintf("not recovered in the %s after 12:47 AM", engine.Duration(float64(60*run.RunAfterMin)))
		if run.RecoveryMin >= 0 {
			recovery = fmt.Sprintf("recovered at %s, %s after 12:47 AM", run.RecoveredClock, engine.Duration(float64(60*run.RecoveryMin)))
		}
		noon := ""
		if c.Minutes() > remirror.Noon {
			noon = fmt.Sprintf("; %.2f%% at noon", 100*run.StuckAtNoon)
		}
		fmt.Fprintf(w, "  wave %s volumes (%.2f%%); peak %.2f%% stuck at %s%s; %.2f%% at the end, %.3f%% lost\n",
			textfmt.Int(run.Wave), 100*run.WaveShare, 100*run.PeakStuck, run.PeakClock, noon, 100*run.FinalStuck, 100*run.Lost)
		api := fmt.Sprintf("%.0f%%", 100*run.PeakAPIErrors)
		if strings.Contains(run.Set, "bulkhead") {
			api += fmt.Sprintf(" (%.0f%% without the bulkhead)", 100*run.PeakUnshielded)
		}
		fmt.Fprintf(w, "  %s; %d nodes failed in the race; peak %s searches a minute; the region's API calls failing at worst %s; customers down at worst %.2f%%\n",
			recovery, run.FailedNodes, textfmt.Int(run.PeakSearches), api, 100*run.PeakCustomersDown)
		for _, m := range run.Moments {
			fmt.Fprintln(w, "  "+m.Caption)
		}
		fmt.Fprintln(w, "  the minute ending at each time below: every hour to noon, then every 12 hours (the peaks above are over every minute)")
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "  time\tstuck\tlost\tsearches/min\tnetwork\tcontrol plane\tAPI errors\tnodes failed\t")
		for i, row := range run.Series {
			end := row.Minute + 1
			if !textRow(end) && i != len(run.Series)-1 {
				continue
			}
			fmt.Fprintf(tw, "  %s\t%.2f%%\t%.3f%%\t%d\t%.0f%%\t%.0f%%\t%.0f%%\t%d\t\n", row.Clock, 100*row.Stuck, 100*row.Lost, row.Searches,
				100*row.Network, 100*row.Control, 100*row.APIErrors, row.FailedNodes)
		}
		tw.Flush()
	}
	return nil
}

// textRow says whether the text report prints the row ending at minute
// end: every hour to noon on April 21, then every twelve hours.
func textRow(end int) bool {
	if end <= remirror.Noon {
		return end%60 == 0
	}
	return (end-remirror.Noon)%(12*60) == 0
}

// atWords puts "at" before a time of day, and nothing before never.
func atWords(when string) string {
	if strings.HasPrefix(when, "never") {
		return when
	}
	return "at " + when
}
