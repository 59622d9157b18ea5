package scenarios

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/loadlab/loadlab/sim/interleave"
)

// The figures the DNS race's lessons quote are the figures its runs give:
// each check names a figure, the words of the lesson that quote it, and
// how the report gives it.
func TestDNSRaceLessonsTellTheRun(t *testing.T) {
	byFixes := func(r interleave.Report, f string) interleave.FixRun {
		for _, run := range r.Runs {
			if run.Fixes == f {
				return run
			}
		}
		t.Fatalf("no fix set %s", f)
		return interleave.FixRun{}
	}
	count := func(f, outcome string) func(interleave.Report) string {
		return func(r interleave.Report) string {
			run := byFixes(r, f)
			k := map[string]int{"newest": 0, "older": 1, "empty": 2}[outcome]
			return fmt.Sprintf("%d of %d", run.Outcomes.Of(k).Count, run.Schedules)
		}
	}
	chance := func(stall float64) func(interleave.Report) string {
		return func(r interleave.Report) string {
			for _, row := range r.Timing.Rows {
				if row.StallMs == stall {
					return fmt.Sprintf("%.2f %%", 100*row.Empty.Chance)
				}
			}
			return "no row"
		}
	}
	checks := map[string][]struct {
		quote string
		got   func(interleave.Report) string
		want  string
	}{
		"dns-race": {
			{"Of the 70 interleavings of their eight steps, 29 end", count("none", "empty"), "29 of 70"},
			{"s1 s2 f1 f2 f3 f4 s3 s4", func(r interleave.Report) string { return r.Played.Schedule + " " + r.Played.Outcome }, "s1 s2 f1 f2 f3 f4 s3 s4 empty"},
		},
		"dns-race-fixes": {
			{"255 of 924 schedules (27.6 %)", count("recheck", "empty"), "255 of 924"},
			{"against 29 of 70 (41.4 %)", count("none", "empty"), "29 of 70"},
			{"leaves none empty and none stale", func(r interleave.Report) string { return count("cas", "newest")(r) }, "70 of 70"},
			{"5 of 70 still end empty", count("safe-cleanup", "empty"), "5 of 70"},
			{"24 keep plan_new", count("safe-cleanup", "older"), "24 of 70"},
			{"21 of 924 end empty", count("recheck+safe-cleanup", "empty"), "21 of 924"},
			{"the stepper plays a schedule that survives the re-check", func(r interleave.Report) string { return r.Played.Fixes + " " + r.Played.Outcome }, "recheck empty"},
		},
		"dns-race-timing": {
			{"With no stall 0.32 % of 10,000 runs end empty", chance(0), "0.32 %"},
			{"though 41.4 % of the schedules do", func(r interleave.Report) string {
				return fmt.Sprintf("%.1f %%", 100*r.Runs[0].Outcomes.Empty.Share)
			}, "41.4 %"},
			{"at 1,000 ms 74.84 % of runs end empty", chance(1000), "74.84 %"},
		},
	}
	for name, cs := range checks {
		sc, ok := Lookup(name)
		if !ok {
			t.Fatalf("no scenario %s", name)
		}
		r, err := sc.Spec.(interleave.Spec).Run(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cs {
			if !strings.Contains(sc.Lesson, c.quote) {
				t.Errorf("%s: the lesson no longer says %q", name, c.quote)
			}
			if got := c.got(r); got != c.want {
				t.Errorf("%s: %q: the run gives %s, the lesson %s", name, c.quote, got, c.want)
			}
		}
	}
}
