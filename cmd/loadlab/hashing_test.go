package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/loadlab/loadlab/internal/costcheck"
)

// The hashing report is the same bytes from run to run: the time of a
// lookup, a measurement, is in it only with --time-lookups.
func TestHashingJSONIsDeterministic(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"run", "hashing", "--seed", "425", "--nodes", "200", "--format", "json"},
		{"run", "hashing", "--seed", "425", "--against", "ring", "--remove", "30", "--add", "20", "--keys", "20000", "--format", "json"},
		{"run", "hashing", "--seed", "425", "--nodes", "200", "--keys", "20000", "--against", "ring"},
	} {
		code1, out1, errs1 := runArgs(t, args...)
		code2, out2, _ := runArgs(t, args...)
		if code1 != 0 || code2 != 0 || out1 != out2 {
			t.Errorf("loadlab %s: exit %d %s, then %d; the reports differ:\n%s\n%s", strings.Join(args, " "), code1, errs1, code2, out1, out2)
		}
		if strings.Contains(out1, "lookup") {
			t.Errorf("loadlab %s: a lookup's time in the report without --time-lookups:\n%s", strings.Join(args, " "), out1)
		}
	}
	code, out, errs := runArgs(t, "run", "hashing", "--nodes", "200", "--keys", "20000", "--against", "ring", "--time-lookups", "--format", "json")
	var r struct {
		LookupNs float64 `json:"lookup_ns"`
		Against  struct {
			LookupNs float64 `json:"lookup_ns"`
		} `json:"against"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &r) != nil || r.LookupNs <= 0 || r.Against.LookupNs <= 0 {
		t.Errorf("--time-lookups: exit %d %s, lookup_ns %v and %v", code, errs, r.LookupNs, r.Against.LookupNs)
	}
	if _, text, _ := runArgs(t, "run", "hashing", "--keys", "2000", "--time-lookups"); !strings.Contains(text, "; a lookup ") {
		t.Errorf("--time-lookups: no lookup time in the text:\n%s", text)
	}
}

// Weights whose sum or scores would overflow (the report's shares were
// NaN) are refused before the run, in one line naming --weights and the
// range; so are weights in other notations than decimal.
func TestHashingWeightsInRange(t *testing.T) {
	t.Parallel()
	for _, w := range []string{"1e308", "1,1e308", "0", "-1", "NaN", "Inf", "1e-7", "2e6", "0x10", "1,,2"} {
		code, out, errs := runArgs(t, "run", "hashing", "--scheme", "weighted-hrw", "--weights", w, "--format", "json")
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "--weights must list numbers in [1e-6, 1e6], got ") {
			t.Errorf("--weights %s: exit %d, stderr %q, %d bytes out", w, code, errs, len(out))
		}
	}
	code, out, errs := runArgs(t, "run", "hashing", "--scheme", "weighted-hrw", "--weights", "1e-6,1e6", "--keys", "2000", "--format", "json")
	if code != 0 || strings.Contains(out, "NaN") || strings.Contains(out, "Inf") {
		t.Errorf("--weights 1e-6,1e6: exit %d %s\n%s", code, errs, out)
	}
}

// The probe's runs that took minutes (nodes leaving or joining one at a
// time; a ring of 100M points) are estimated and accepted; runs over the
// limits are refused in one line naming the figure and the flags that
// make them large.
func TestHashingEstimates(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args   []string
		atMost float64
	}{
		{[]string{"hashing", "--keys", "1", "--nodes", "60000", "--remove", "59999"}, 1},
		{[]string{"hashing", "--keys", "1", "--nodes", "1000", "--add", "30000"}, 1},
		{[]string{"hashing", "--scheme", "ring", "--vnodes", "10000", "--nodes", "10000", "--keys", "1000000"}, 30},
	} {
		p, err := prepareRun(c.args)
		if err != nil || p.estimate.Seconds > c.atMost || p.estimate.Bytes > 2e9 {
			t.Errorf("loadlab run %s: %v, estimate %.3g s %.3g B", strings.Join(c.args, " "), err, p.estimate.Seconds, p.estimate.Bytes)
		}
	}
	for _, c := range []struct {
		args []string
		says string
	}{
		{[]string{"--keys", "100000000", "--nodes", "1000000"}, "of work on one core, over the limit of 10 min: lower --keys or --nodes"},
		{[]string{"--nodes", "1000", "--keys", "10000000", "--add", "1000000"}, "of work on one core, over the limit of 10 min: lower --keys or --add"},
		{[]string{"--scheme", "ring", "--nodes", "1000000", "--vnodes", "10000"}, "of memory, over the limit of"},
		{[]string{"--scheme", "ring", "--nodes", "40000", "--vnodes", "10000", "--max-memory", "1GB"}, "of memory, over the limit of 1 GB: lower --nodes or --vnodes"},
		{[]string{"--scheme", "ring", "--nodes", "10", "--vnodes", "10000", "--add", "100000", "--max-memory", "1GB"}, "of memory, over the limit of 1 GB: lower --add or --vnodes"},
		{[]string{"--keys", "100000000", "--max-memory", "1GB"}, "of memory, over the limit of 1 GB: lower --keys"},
	} {
		args := append([]string{"run", "hashing"}, c.args...)
		code, out, errs := runArgs(t, args...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, c.says) {
			t.Errorf("loadlab %s: exit %d, stderr %q; want one line saying %q", strings.Join(args, " "), code, errs, c.says)
		}
	}
}

// ctrl+c stops a hashing run while it lays a ring of 100M points or maps
// keys over a million nodes: exit 130 and nothing on stdout; with
// LOADLAB_TIMED=1 within half a second, as every engine (each phase of the
// run stops within 100 ms: see sim/hashing's TestCtrlCStopsEveryPhase).
func TestHashingCtrlC(t *testing.T) {
	costcheck.Long(t)
	if testing.Short() {
		t.Skip("starts runs of several seconds")
	}
	const within = 500 * time.Millisecond
	timed := os.Getenv("LOADLAB_TIMED") == "1"
	for _, c := range []struct {
		args  []string
		after time.Duration
	}{
		{[]string{"run", "hashing", "--scheme", "ring", "--vnodes", "10000", "--nodes", "10000", "--keys", "1"}, 300 * time.Millisecond},
		{[]string{"run", "hashing", "--nodes", "1000000", "--keys", "100000", "--format", "json"}, 300 * time.Millisecond},
		{[]string{"run", "hashing", "--scheme", "raw-hrw", "--nodes", "1000000", "--keys", "20000", "--time-lookups"}, 600 * time.Millisecond},
	} {
		code, out, took := interruptAfter(t, c.after, c.args...)
		if code != exitInterrupted || out != "" || (timed && took > within) {
			t.Errorf("loadlab %s: exit %d, %d bytes out, stopped %v after ctrl+c; want 130, nothing, under %v",
				strings.Join(c.args, " "), code, len(out), took, within)
		}
	}
}
