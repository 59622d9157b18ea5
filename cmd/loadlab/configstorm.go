package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"strconv"
	"text/tabwriter"

	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/sim/configstorm"
	"github.com/loadlab/loadlab/sim/engine"
)

// configStormCLI is "loadlab run config-storm": §26.2.8's configuration
// storm, the afternoon Facebook's clients kept their database down after
// the invalid value was fixed.
var configStormCLI = &engineCLI[configstorm.Spec, configstorm.Report]{
	about: `The lecture's account (2010-09-23; it gives the order of events, not their
times): a change writes an invalid configuration value; every client sees it
and queries the database to fix it, and the database is overwhelmed by
hundreds of thousands of queries a second; the team fixes the value, and the
storm goes on: a client reads the database's error as an invalid value,
deletes its cache entry and queries again, without backoff; the site is
turned off, the database recovers, users are let back slowly; Facebook was
down 2.5 hours. The timeline at the model's times (h:mm after the bad value):
  0:00  T  the invalid value; every client queries the database to fix it
  0:00  S  the database is overwhelmed (300,000 queries a second)
  0:15  S  the value is fixed (--fix-at-min); the storm goes on
  1:45  R  the site is turned off (--cut-at-min) for --off-min (15 min)
  2:00  R  users are let back over --ramp-min (30 min)
  2:30  R  the site is back: the lecture's 2.5 hours
The lecture's numbers are the 2.5 hours and "hundreds of thousands of queries
a second"; every other number is the model's. --clients read --entries cache
entries --reads times a second in all; a read that finds its entry invalid or
empty queries the database, which answers --capacity a second: the rest time
out after a second, and the client deletes the entry and queries again at
once, up to --attempts tries. The default database answers a twentieth of the
reads, so once the entries are empty it cannot refill them: the storm keeps
itself going (5% of reads served, hit ratio 0) until something ends it.
--runs compares protection sets on one seed, none or switches joined by +:
cut (the lecture's: the site off and users let back slowly), backoff (a
client whose query fails waits twice its last wait, from --backoff-base-s up
to --backoff-max-s, with jitter), keep-on-error (an error no longer read as
an invalid value) and coalesce (one client queries for an entry that misses
while its other readers wait on the answer: the coordination the lecture finds
missing). On seed 2010: none never recovers; cut at 2:29:42; with
backoff the site is back within 60 s of the fix (3 s), keeping entries on
errors within seconds (2 s), one client repairing a second after the fix with
the database never past 1,000 queries a second. Backoff must wait long enough: capped at
--backoff-max-s 5, the clients still send the database 24,000 queries a
second and it never recovers. The report gives each run's minutes: the
database's load against its capacity, the reads served, the hit ratio.`,
	run:       runSpec[configstorm.Spec, configstorm.Report],
	cost:      costSpec[configstorm.Spec],
	headlines: func(s configstorm.Spec) int { return 4 * runsOf(s.Configs) },
	writers: map[string]func(context.Context, io.Writer, configstorm.Report, engine.Cost) error{
		"text": withHeadline(writeConfigStormText),
		"json": func(_ context.Context, w io.Writer, r configstorm.Report, est engine.Cost) error {
			s := r.Spec
			cfgs, _ := s.Configs()
			type event struct {
				AtMin float64 `json:"at_min"`
				Clock string  `json:"clock"`
				Phase string  `json:"phase"`
				What  string  `json:"what"`
			}
			var timeline []event
			for _, e := range cfgs[0].Timeline() {
				timeline = append(timeline, event{e.AtMin, e.Clock(), string(e.Phase), e.What})
			}
			return writeJSON(w, struct {
				Seed     int64                `json:"seed"`
				Clients  int                  `json:"clients"`
				Entries  int                  `json:"entries"`
				Reads    float64              `json:"reads"`
				Capacity float64              `json:"capacity"`
				Attempts int                  `json:"attempts"`
				Timeline []event              `json:"timeline"`
				Runs     []configstorm.Result `json:"runs"`
				Figures  []engine.Figure      `json:"figures"`
				Estimate engine.Cost          `json:"estimate"`
			}{s.Seed, s.Clients, s.Entries, s.Reads, s.Capacity, s.Attempts, timeline, r.Runs, r.Figures, est})
		},
		"csv": func(_ context.Context, w io.Writer, r configstorm.Report, _ engine.Cost) error {
			var rows [][]string
			for _, run := range r.Runs {
				switches := engine.FormatSwitches(run.Switches)
				for _, row := range run.Series {
					rows = append(rows, []string{run.Set, strconv.Itoa(row.Minute), row.Clock, num(row.Load), num(row.Answered), num(row.Retries),
						num(row.Success), num(row.HitRatio), num(row.Traffic), num(row.Backing), switches})
				}
			}
			return writeCSV(w, []string{"set", "minute", "clock", "load", "answered", "retries", "success", "hit_ratio", "traffic", "backing_off", "switches"}, rows)
		},
	},
}

func init() { register(configStormCLI) }

// configSetWords names a protection set in the report's words.
func configSetWords(set string) string {
	p, _ := configstorm.ParseSet(set)
	return configstorm.SetWords(p)
}

// writeConfigStormText prints the timeline, then each run: what it came
// to, its moments, and its minutes every ten.
func writeConfigStormText(w io.Writer, r configstorm.Report) error {
	s := r.Spec
	cfgs, _ := s.Configs()
	c := cfgs[0]
	fmt.Fprintf(w, "configuration storm: %s clients read %s entries %s times a second; the database answers %s a second; %d tries a read; seed %d\n",
		textfmt.Int(s.Clients), textfmt.Int(s.Entries), textfmt.Int(int(s.Reads)), textfmt.Int(int(s.Capacity)), s.Attempts, s.Seed)
	fmt.Fprintf(w, "the storm's load in theory: %s queries a second, %.1f%% of reads served\n", textfmt.Int(int(math.Round(c.StormLoad()))), 100*c.StormSuccess())
	fmt.Fprintln(w, "\nthe lecture's timeline, at the model's times (h:mm after the bad value)")
	for _, e := range c.Timeline() {
		fmt.Fprintf(w, "  %5s  %c  %s\n", e.Clock(), e.Phase, e.What)
	}
	for _, run := range r.Runs {
		fmt.Fprintf(w, "\n%s\n", configSetWords(run.Set))
		for _, sw := range run.Switches {
			fmt.Fprintf(w, "  switched %s to %s at %s after the bad value\n", sw.Name, sw.Value, configstorm.Elapsed(int(sw.At)/60-configstorm.LeadMin))
		}
		after := fmt.Sprintf("after the fix %.1f%% of reads served on average, at best %.1f%% in a minute", 100*run.SuccessAfterFix, 100*run.StormMax)
		if run.SuccessAfterFix < 0 {
			after = "the site was turned off before the fix: nothing served between them to measure"
		}
		fmt.Fprintf(w, "  peak load %s queries in its worst second; %s\n", textfmt.Int(int(math.Round(run.PeakLoad))), after)
		if run.Recovered != "" {
			fmt.Fprintf(w, "  back at %s: %s after the bad value, %s after the fix\n", run.Recovered, configstorm.Span(run.RecoveredAtS), configstorm.Span(run.AfterFixS))
		} else {
			fmt.Fprintf(w, "  never back; at the end %.1f%% of reads served, a hit ratio of %.1f%%\n", 100*run.FinalSuccess, 100*run.FinalHitRatio)
		}
		for _, m := range run.Moments {
			fmt.Fprintln(w, "  "+m.Caption)
		}
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "  time\tqueries/s\tanswered/s\tserved\thit ratio\tusers in\t")
		for i, row := range run.Series {
			if i%10 != 0 && i != len(run.Series)-1 {
				continue
			}
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%.1f%%\t%.1f%%\t%.0f%%\t\n", row.Clock, textfmt.Int(int(math.Round(row.Load))), textfmt.Int(int(math.Round(row.Answered))),
				100*row.Success, 100*row.HitRatio, 100*row.Traffic)
		}
		tw.Flush()
	}
	return nil
}
