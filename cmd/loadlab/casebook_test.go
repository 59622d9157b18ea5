package main

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/loadlab/loadlab/internal/costcheck"
	"github.com/loadlab/loadlab/sim/leasestorm"
)

// The lease storm's lesson in its headless JSON (§26.2.10): without the
// throttle, goodput stays near zero in every minute from just after
// DynamoDB's return to the end; with it, on the same seed, goodput is
// back at the manager's rate and every droplet holds a lease again.
func TestRunLeaseStormSeries(t *testing.T) {
	t.Parallel()
	code, out, errs := runArgs(t, "run", "lease-storm", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var r struct {
		Seed int64   `json:"seed"`
		Rate float64 `json:"rate"`
		Runs []struct {
			Set          string `json:"set"`
			ThrottleAt   int    `json:"throttle_at_minute"`
			FinalWithout int    `json:"final_without_lease"`
			Series       []struct {
				Minute  int     `json:"minute"`
				Goodput float64 `json:"goodput"`
			} `json:"series"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Runs) != 2 || r.Runs[0].Set != "none" || r.Runs[1].Set != "throttle" || r.Seed != 425 {
		t.Fatalf("runs %+v, seed %d", r.Runs, r.Seed)
	}
	back := leasestorm.LeadMin + leasestorm.DefaultConfig().OutageMin
	for _, row := range r.Runs[0].Series[back+5:] {
		if row.Goodput > 0.05*r.Rate {
			t.Errorf("no throttle, minute %d: goodput %.2f, want near zero", row.Minute, row.Goodput)
		}
	}
	best := 0.0
	for _, row := range r.Runs[1].Series[r.Runs[1].ThrottleAt:] {
		best = max(best, row.Goodput)
	}
	if best < 0.99*r.Rate || r.Runs[1].FinalWithout != 0 || r.Runs[0].FinalWithout == 0 {
		t.Errorf("throttle: goodput at best %.2f against a rate of %g; without a lease at the end: %d with it, %d without",
			best, r.Rate, r.Runs[1].FinalWithout, r.Runs[0].FinalWithout)
	}
}

// The flip-flop's lesson in its headless JSON: the same check results,
// and hysteresis makes at least ten times fewer DNS writes.
func TestRunHealthFlipFlopCut(t *testing.T) {
	t.Parallel()
	code, out, errs := runArgs(t, "run", "health-flip-flop", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var r struct {
		Runs []struct {
			Set    string `json:"set"`
			Flips  int64  `json:"flips"`
			Writes int64  `json:"dns_writes"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	none, hyst := r.Runs[0], r.Runs[1]
	if none.Set != "none" || hyst.Set != "hysteresis" || none.Flips != hyst.Flips || none.Writes < 10*hyst.Writes {
		t.Errorf("%+v: want the same flips and at least ten times fewer writes with hysteresis", r.Runs)
	}
}

// The flip-flop's text says what DNS's backlog is: how long the oldest
// write waited (a delay), and the writes left at the end as DNS's work
// (not a delay); and the dead instances' minutes in DNS as DNS served it.
func TestRunHealthFlipFlopNamesTheBacklog(t *testing.T) {
	t.Parallel()
	code, out, errs := runArgs(t, "run", "health-flip-flop")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{
		"up to 44,432 writes waited for DNS, the oldest up to 5 h 35 min",
		"at the end 17,181 writes still wait: 2 h 52 min of DNS's work",
		"dead instances spent 161.1 minutes in DNS before the switch-off",
		"its 49 put-backs wait behind the 44,432 writes DNS has not applied (7 h 24 min of its work)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the report does not say %q:\n%s", want, out)
		}
	}
}

// Every flag out of range, and a run over the limits, is one line naming
// the flag, exit 2.
func TestCasebookRefusals(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ line, says string }{
		{"run lease-storm --runs none,none", `--runs lists "none" twice`},
		{"run lease-storm --runs throttled", `--runs must list none, throttle, drop-stale, both, stagger or renew-expired, comma-separated, got "throttled"`},
		{"run lease-storm --renew-min 180", "--renew-min must be in 1..lease-min - 1 (179)"},
		{"run lease-storm --rate 0", "--rate must be in (0, 1e6] requests a second, got 0"},
		{"run lease-storm --timeout-s 0", `--timeout-s must be a whole number in 1..3600, got "0"`},
		{"run lease-storm --droplets 1000000 --timeout-s 1 --after-min 1440 --outage-min 1440",
			"over the limit of 10 min: lower --droplets, --timeout-s, --after-min, --outage-min or --runs"},
		{"run health-flip-flop --dead 121", "--dead must be in 0..instances (120), got 121"},
		{"run health-flip-flop --runs hysteresis,cap,hysteresis", `--runs lists "hysteresis" twice`},
		{"run health-flip-flop --noise -1", "--noise must be in [0, 10], got -1"},
		{"run health-flip-flop --instances 100000 --interval-s 1 --duration-min 1440 --runs none,both", "over the limit of 10 min: lower --instances, --duration-min or --runs"},
	} {
		code, out, errs := runArgs(t, strings.Fields(c.line)...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, c.says) {
			t.Errorf("loadlab %s: exit %d, stderr %q; want exit 2 and one line saying %q", c.line, code, errs, c.says)
		}
	}
}

// The reports' estimates never fall short of the report, nor are they
// more than three times it (a row is priced at its longest, every float
// in 17 digits); the runs hold no more heap than their estimate.
func TestCasebookEstimates(t *testing.T) {
	costcheck.Long(t)
	noDetectorNeeded(t)
	checkEstimates(t,
		"run lease-storm", "run lease-storm --format json", "run lease-storm --format csv",
		"run lease-storm --runs none,throttle,drop-stale,both --after-min 600 --format json",
		"run lease-storm-throttled --format csv",
		"run health-flip-flop", "run health-flip-flop --format json", "run health-flip-flop --format csv",
		"run health-flip-flop --runs none,hysteresis,cap,both --duration-min 1440 --format json",
	)
}

// ctrl+c stops a long night and a long morning with exit 130 and nothing
// on stdout.
func TestCasebookCtrlC(t *testing.T) {
	if testing.Short() {
		t.Skip("starts runs of minutes")
	}
	for _, line := range []string{
		"run lease-storm --droplets 1000000 --timeout-s 1 --after-min 300",
		"run health-flip-flop --instances 100000 --interval-s 1 --duration-min 600",
	} {
		code, out, took := interruptAfter(t, 400*time.Millisecond, strings.Fields(line)...)
		if code != exitInterrupted || out != "" {
			t.Errorf("loadlab %s: exit %d, %d bytes out, stopped %v after ctrl+c; want 130 and nothing", line, code, len(out), took)
		}
	}
}

// help on a name that is both a scenario and its engine gives the
// scenario's lesson, then the engine's flags.
func TestHelpOnASharedNameGivesTheLesson(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"lease-storm", "health-flip-flop"} {
		code, out, errs := runArgs(t, "help", name)
		if code != 0 || !strings.HasPrefix(out, "Scenario "+name+" (engine "+name+")") || !strings.Contains(out, "\n  --") {
			t.Errorf("help %s: exit %d %s:\n%s", name, code, errs, out)
		}
	}
}
