package main

import (
	"context"
	"encoding/json"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/loadlab/loadlab/internal/costcheck"
)

// durabilityReport is the part of the JSON report the tests read; the
// first loss is kept raw, so that null is told from 0.
type durabilityReport struct {
	Strategies []struct {
		Strategy       string          `json:"strategy"`
		LostMajority   int             `json:"lost_majority"`
		Lost           int             `json:"lost"`
		FirstLossYears json.RawMessage `json:"first_loss_years"`
	} `json:"strategies"`
	ByYear []struct {
		Year       int `json:"year"`
		Strategies []struct {
			Strategy     string `json:"strategy"`
			LostMajority int    `json:"lost_majority"`
			Lost         int    `json:"lost"`
		} `json:"strategies"`
	} `json:"by_year"`
}

func durabilityJSON(t *testing.T, args ...string) durabilityReport {
	t.Helper()
	args = append([]string{"run", "durability", "--format", "json"}, args...)
	code, out, errs := runArgs(t, args...)
	var r durabilityReport
	if code != 0 || json.Unmarshal([]byte(out), &r) != nil {
		t.Fatalf("loadlab %s: exit %d %s", strings.Join(args, " "), code, errs)
	}
	return r
}

// The report of 2 years is the first 2 years of the report of 4 with the
// same seed: its by_year rows are the longer run's first two, and its
// counts are the longer run's at year 2. (Before the failures were drawn
// in time order, seed 3 lost every greedy object at 1.03 years in a
// 2-year run and none in a 4-year one.)
func TestDurabilityReportDoesNotDependOnTheYears(t *testing.T) {
	t.Parallel()
	for _, seed := range []string{"3", "11", "425"} {
		short := durabilityJSON(t, "--objects", "200", "--seed", seed, "--years", "2")
		long := durabilityJSON(t, "--objects", "200", "--seed", seed, "--years", "4")
		if len(short.ByYear) != 2 || len(long.ByYear) != 4 || !reflect.DeepEqual(short.ByYear, long.ByYear[:2]) {
			t.Fatalf("seed %s: by_year %+v in 2 years, %+v in 4", seed, short.ByYear, long.ByYear)
		}
		for i, r := range short.Strategies {
			at2 := long.ByYear[1].Strategies[i]
			if r.Strategy != at2.Strategy || r.LostMajority != at2.LostMajority || r.Lost != at2.Lost {
				t.Errorf("seed %s: the 2-year run ends at %+v, year 2 of 4 at %+v", seed, r, at2)
			}
			if (r.Lost == 0) != (string(r.FirstLossYears) == "null") {
				t.Errorf("seed %s, %s: %d lost, first_loss_years %s", seed, r.Strategy, r.Lost, r.FirstLossYears)
			}
		}
	}
}

// The durability report's estimate is never short of the report, in any
// format: every strategy losing objects (a first loss told twice), a
// thousand years, six-figure counts, less than a year.
func TestDurabilityReportEstimate(t *testing.T) {
	costcheck.Long(t)
	t.Parallel()
	noDetectorNeeded(t)
	for _, line := range []string{
		"run durability --format json",
		"run durability --format text",
		"run durability --format csv",
		"run durability --format json --objects 10 --years 1000 --nodes 1 --rack-loss-years 0.3 --rebuild-hours 500",
		"run durability --format text --objects 10 --years 1000 --nodes 1 --rack-loss-years 0.3 --rebuild-hours 500",
		"run durability --format json --objects 100000 --years 3 --nodes 1 --rack-loss-years 0.3 --rebuild-hours 500",
		"run durability --format json --objects 10 --years 0.5",
	} {
		p, err := prepareRun(strings.Fields(line)[1:])
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		var out countingWriter
		if err := p.run(context.Background(), &out, io.Discard); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		if got, est := float64(out.n), p.estimate.OutputBytes; got > est {
			t.Errorf("%s: the report is %.0f bytes, its estimate %.0f", line, got, est)
		}
	}
}

// A failure whose mean time is far past the run (durability-repair's 1e6
// years) reads as off, not as a rate to take in.
func TestDurabilityTextSaysOffForRareFailures(t *testing.T) {
	code, out, errs := runArgs(t, "run", "durability-repair")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "racks dark never in effect (every 1e6 years)") || strings.Contains(out, "e+06") {
		t.Errorf("the rare failures should read as off:\n%s", out)
	}
	code, out, _ = runArgs(t, "run", "durability-years")
	if code != 0 || !strings.Contains(out, "racks dark every 2 years (4 h)") {
		t.Errorf("durability-years' rack outages should read as a rate:\n%s", out)
	}
}
