package main

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"io"
	"strconv"
	"strings"
	"testing"
)

// Below 5 balls a bin a hot count would only say "holds two", and the lab
// hides it: the report leaves it null, names why in hot_note, and the text
// and CSV leave it out too; at 100 balls a bin (§BLOG) it is counted.
func TestHotLeftOutWhereTheLabHidesIt(t *testing.T) {
	t.Parallel()
	_, out, _ := runArgs(t, "run", "bins", "--trials", "2", "--format", "json")
	var r struct {
		HotNote string `json:"hot_note"`
		Trials  []struct {
			Results map[string]map[string]any `json:"results"`
		} `json:"trials"`
		Summary map[string]map[string]any `json:"summary"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	one := r.Trials[0].Results["one"]
	if hot, ok := one["hot"]; !ok || hot != nil || r.Summary["one"]["hot_mean"] != nil || !strings.Contains(r.HotNote, "below 5 balls a bin") {
		t.Errorf("at one ball a bin: hot %v (present %v), hot_mean %v, hot_note %q", hot, ok, r.Summary["one"]["hot_mean"], r.HotNote)
	}
	if _, text, _ := runArgs(t, "run", "bins", "--trials", "2"); !strings.Contains(text, "hot is not counted below 5 balls a bin") {
		t.Errorf("the text should say hot is not counted:\n%s", text)
	}
	if blog := runJSON(t, "run", "heavy-load-blog"); blog.HotNote != "" || blog.Summary["one"].HotMean == nil || *blog.Summary["one"].HotMean != 2 {
		t.Errorf("at 100 balls a bin hot is counted: note %q, summary %+v", blog.HotNote, blog.Summary["one"])
	}
}

// The CSV numbers trials from 1, as the lab's status does ("trial 2 of
// 200"); a trial's seed is still the run's plus its number less one.
func TestCSVNumbersTrialsFromOne(t *testing.T) {
	t.Parallel()
	_, out, _ := runArgs(t, "run", "bins", "--trials", "3", "--seed", "7", "--strategies", "one", "--format", "csv")
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for i, row := range rows[1:] {
		if row[0] != strconv.Itoa(i+1) || row[1] != strconv.Itoa(7+i) || row[8] != "" {
			t.Errorf("row %d: trial %s seed %s hot %q; want trial %d, seed %d, no hot", i+1, row[0], row[1], row[8], i+1, 7+i)
		}
	}
}

// The report's size estimate is never under the report, and in JSON and
// CSV within three times it: heavy-load-blog's JSON report of 19,442 bytes
// was once estimated at 660.
func TestBinsOutputEstimate(t *testing.T) {
	t.Parallel()
	for _, line := range []string{
		"run heavy-load-blog --format json",
		"run heavy-load-blog --format csv",
		"run heavy-load-blog",
		"run small-steps --format json",
		"run p2c-paired-4096 --trials 20 --format json",
		"run p2c-paired-4096 --trials 20 --format csv",
		"run d-choices --trials 5 --format json",
		"run bins --bins 100 --balls 100000 --trials 3 --format json",
		"run bins --bins 2 --balls 1 --trials 2000 --format json",
		"run bins --bins 2 --balls 1 --trials 2000 --format csv",
		"run bins --bins 16 --balls 16 --trials 300 --strategies one,two,dchoice:3,correlated,stale,anti,left:2 --format json",
	} {
		p, err := prepareRun(strings.Fields(line)[1:])
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		var out countingWriter
		if err := p.run(context.Background(), &out, io.Discard); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		est, got := p.estimate.OutputBytes, float64(out.n)
		if got > est || strings.Contains(line, "--format") && est > 3*got {
			t.Errorf("%s: the report is %.0f bytes, its estimate %.0f", line, got, est)
		}
	}
}

// --refresh 0 means never, in run bins as in enum: the snapshot is the
// one of empty bins for the whole run, the same as --refresh of the balls.
func TestRefreshZeroIsNever(t *testing.T) {
	t.Parallel()
	never := []string{"run", "bins", "--bins", "256", "--balls", "256", "--trials", "3", "--strategies", "one,stale"}
	code0, out0, errs0 := runArgs(t, append(never, "--refresh", "0")...)
	codeB, outB, _ := runArgs(t, append(never, "--refresh", "256")...)
	if code0 != 0 || codeB != 0 || out0 != outB {
		t.Errorf("--refresh 0 (exit %d %s):\n%s\n--refresh 256:\n%s", code0, errs0, out0, outB)
	}
}
