package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/interleave"
)

// dnsRaceCLI is "loadlab run interleave" (and its scenarios dns-race, dns-race-fixes, dns-race-timing): section 26.2.10's race between two
// DNS Enactors, every schedule counted exactly, and timed by Monte Carlo.
var dnsRaceCLI = &engineCLI[interleave.Spec, interleave.Report]{
	about: `DNS Enactors apply plans to a record: each checks once that its plan is not older
than what the record holds, writes its plan to each of --records records, then
deletes every older plan. Every schedule (every interleaving of their steps) is
run and its final state sorted: the newest plan everywhere, an older plan left
(a lost update), or a record pointing at a deleted plan (empty). Counts are
exact, per fix set of --fixes; --method memo merges equal configurations, brute
runs every schedule (bounded). --schedule plays one schedule step by step
(default: the lecture's). --mode timing also runs --trials timed runs per stall
length of --stall-ms.`,
	run:       runSpec[interleave.Spec, interleave.Report],
	cost:      costSpec[interleave.Spec],
	headlines: func(interleave.Spec) int { return 4 },
	writers: map[string]func(context.Context, io.Writer, interleave.Report, engine.Cost) error{
		"text": withHeadline(writeDNSRaceText),
		"json": func(_ context.Context, w io.Writer, r interleave.Report, est engine.Cost) error {
			return writeJSON(w, struct {
				interleave.Report
				Figures  []engine.Figure `json:"figures"`
				Estimate engine.Cost     `json:"estimate"`
			}{r, r.Headline(), est})
		},
		"csv": func(_ context.Context, w io.Writer, r interleave.Report, _ engine.Cost) error {
			return dnsRaceCSV(w, r)
		},
	},
}

func init() { register(dnsRaceCLI) }

// writeDNSRaceText prints the setup, the outcomes of every fix set, the
// bad schedules, the schedule played with its captions, and the timing.
func writeDNSRaceText(w io.Writer, r interleave.Report) error {
	s := r.Setup
	fmt.Fprintf(w, "dns-race: the empty DNS record of AWS us-east-1, 19-20 October 2025 (lecture 26.2.10)\n")
	records := "records"
	if s.Records == 1 {
		records = "record"
	}
	fmt.Fprintf(w, "%d Enactors, %d %s a plan, atomic: %s; plans %s\n", s.Enactors, s.Records, records, s.Atomic, strings.Join(s.Plans, ", "))
	for _, e := range s.Who {
		fmt.Fprintf(w, "  %s: %s, applying %s\n", e.Letter, e.Name, e.Plan)
	}
	atomic, _ := interleave.ParseAtomic(s.Atomic)
	lectureSetup := interleave.Race{Enactors: s.Enactors, Records: s.Records, Atomic: atomic}.LectureSetup()
	how := "equal configurations merged"
	if r.Method == "brute" {
		how = "every schedule run"
	}
	fmt.Fprintf(w, "\nevery schedule, counted exactly (%s)\n", how)
	fmt.Fprintf(w, "  %-26s %14s  %-28s %-28s %s\n", "fixes", "schedules", "newest", "older (lost update)", "empty")
	for _, run := range r.Runs {
		o := run.Outcomes
		fmt.Fprintf(w, "  %-26s %14d  %-28s %-28s %s\n", run.Fixes, run.Schedules, shareText(o.Newest), shareText(o.Older), shareText(o.Empty))
	}
	for _, run := range r.Runs {
		fmt.Fprintf(w, "\n%s: programs ", run.Fixes)
		for i, p := range run.Programs {
			if i > 0 {
				fmt.Fprint(w, "; ")
			}
			fmt.Fprintf(w, "%s: %s", s.Who[i].Letter, strings.Join(p, ", "))
		}
		lecture := "the lecture's order"
		if !lectureSetup {
			lecture = interleave.HeldBack + ","
		}
		fmt.Fprintf(w, "\n  %s = %d schedules; %s %s, ends %s\n", run.Formula, run.Schedules, lecture, run.Lecture.Schedule, run.Lecture.Outcome)
		if run.Bad == 0 {
			fmt.Fprintln(w, "  no bad schedule: every one ends with the newest plan in every record")
			continue
		}
		fmt.Fprintf(w, "  %d bad schedules (%d empty, %d with an older plan)", run.Bad, run.Outcomes.Empty.Count, run.Outcomes.Older.Count)
		if len(run.BadList) > 0 {
			fmt.Fprintf(w, "; the first %d:", len(run.BadList))
		}
		fmt.Fprintln(w)
		for _, b := range run.BadList {
			mark := ""
			if b.Schedule == run.Lecture.Schedule && lectureSetup {
				mark = "  (the lecture's)"
			}
			fmt.Fprintf(w, "    %-40s %s%s\n", b.Schedule, b.Outcome, mark)
		}
	}
	p := r.Played
	fmt.Fprintf(w, "\nthe schedule %s under %s, step by step", p.Schedule, p.Fixes)
	if p.Appended != "" {
		fmt.Fprintf(w, " (%s added to complete it)", p.Appended)
	}
	fmt.Fprintln(w)
	for _, st := range p.Steps {
		fmt.Fprintf(w, "  %-4s %s\n", st.Token, st.Caption)
	}
	fmt.Fprintf(w, "  ends %s: %s\n", p.Outcome, p.Verdict)
	if t := r.Timing; t != nil {
		fmt.Fprintf(w, "\ntimed runs: %d from seed %d; steps of %g ms (x 0.5 to 1.5), a plan every %g ms on average, the slow Enactor stalling before a step with chance %g\n",
			t.Trials, t.Seed, t.StepMs, t.PlanGapMs, t.StallChance)
		fmt.Fprintf(w, "  %-26s %10s %9s %9s %9s   %s\n", "fixes", "stall ms", "newest", "older", "empty", "empty, every schedule alike")
		for _, row := range t.Rows {
			fmt.Fprintf(w, "  %-26s %10g %8.2f%% %8.2f%% %8.2f%%   %.2f%%\n", row.Fixes, row.StallMs, 100*row.Newest.Chance, 100*row.Older.Chance, 100*row.Empty.Chance, 100*row.ScheduleEmpty)
		}
	}
	return nil
}

// shareText writes a share as "29 41.43% 29/70".
func shareText(s interleave.Share) string {
	return fmt.Sprintf("%d %.2f%% %s", s.Count, 100*s.Share, s.Fraction)
}

// dnsRaceCSV is the outcome rows: each fix set's schedules by outcome,
// and in timing mode its runs by stall length and outcome.
func dnsRaceCSV(w io.Writer, r interleave.Report) error {
	var rows [][]string
	for _, run := range r.Runs {
		for k, name := range interleave.OutcomeNames {
			s := run.Outcomes.Of(k)
			rows = append(rows, []string{run.Fixes, "schedules", "", name, strconv.FormatUint(s.Count, 10), strconv.FormatUint(run.Schedules, 10), num(s.Share), s.Fraction})
		}
	}
	if t := r.Timing; t != nil {
		for _, row := range t.Rows {
			for k, name := range interleave.OutcomeNames {
				c := [...]interleave.Chance{row.Newest, row.Older, row.Empty}[k]
				rows = append(rows, []string{row.Fixes, "timing", num(row.StallMs), name, strconv.FormatUint(c.Count, 10), strconv.Itoa(row.Trials), num(c.Chance), ""})
			}
		}
	}
	return writeCSV(w, []string{"fixes", "source", "stall_ms", "outcome", "count", "of", "share", "fraction"}, rows)
}
