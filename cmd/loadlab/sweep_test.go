package main

import (
	"encoding/json"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/loadlab/loadlab/internal/sweep"
)

// A sweep runs the grid over seeds on every core: the JSON is the same
// for any --workers; bins' theory stands beside the measured max (the
// asymptote m/n + ln ln n / ln d for two choices); the text has a table
// a figure and a plot against the one field varied; bad fields, ranges
// and points are one line and exit 2.
func TestSweep(t *testing.T) {
	t.Parallel()
	args := []string{"sweep", "bins", "--vary", "bins=16..1024x4", "--balls", "1000", "--strategies", "one,two", "--seeds", "10", "--format", "json"}
	var reps []sweep.Report
	for _, w := range []string{"1", "2"} {
		code, out, errs := runArgs(t, append(args, "--workers", w)...)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		var r sweep.Report
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatal(err)
		}
		reps = append(reps, r)
	}
	a, _ := json.Marshal(reps[0])
	b, _ := json.Marshal(reps[1])
	if string(a) != string(b) {
		t.Error("--workers 1 and 2 give different sweeps")
	}
	r := reps[0]
	if len(r.Points) != 4 || r.Points[0].At["bins"] != "16" || r.Points[3].At["bins"] != "1024" || r.Seeds != 10 {
		t.Fatalf("points %+v", r.Points)
	}
	var theory string
	for _, f := range r.Points[1].Theory {
		if f.Group == "two" && f.Key == "max" && strings.HasPrefix(f.Name, "asymptote") {
			theory = f.Name + " = " + f.Value
		}
	}
	if theory != "asymptote: m/n + ln ln n / ln d = 17.681" { // 1000/64 + ln ln 64 / ln 2
		t.Errorf("two's theory at 64 bins: %q", theory)
	}
	_, text, _ := runArgs(t, "sweep", "bins", "--vary", "bins=16..1024x4", "--balls", "1000", "--strategies", "one,two", "--seeds", "5")
	for _, want := range []string{"bins swept over bins (4 values), 4 points, 5 seeds a point", "two: max", "asymptote: m/n + ln ln n / ln d", "fluid limit", "max against bins", "two asymptote", "one fluid limit"} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in:\n%s", want, text)
		}
	}
	// the theorem's shape: m = n from 16 to 4096, both formulas beside
	_, shape, _ := runArgs(t, "sweep", "bins", "--vary", "bins=16..4096x4", "--vary", "balls=@bins", "--strategies", "one,two", "--seeds", "5")
	for _, want := range []string{"bins (5 values) x balls (= bins), 5 points", "  4096  4096", "asymptote: ln n / ln ln n", "asymptote: m/n + ln ln n / ln d", "two fluid limit"} {
		if !strings.Contains(shape, want) {
			t.Errorf("m = n: no %q in:\n%s", want, shape)
		}
	}
	for _, c := range []struct {
		args []string
		says string
	}{
		{[]string{"sweep", "bins", "--vary", "balls=@nope"}, "@ ties balls to another field this sweep varies by values, and nope is not one"},
		{[]string{"sweep", "bins", "--vary", "nope=1,2"}, "nope is not a field of bins"},
		{[]string{"sweep", "bins", "--vary", "bins=0,4"}, `at --bins 0: --bins must be a whole number in 1..50000000, got "0"`},
		{[]string{"sweep", "bins", "--vary", "bins=1..10"}, "a range takes its step"},
		{[]string{"sweep", "bins", "--vary", "bins=1..1e9+1"}, "more than 1000 values"},
		{[]string{"sweep", "bins"}, "sweep needs --vary FIELD=VALUES"},
		{[]string{"sweep", "bins", "--vary", "seed=1,2"}, "use --seeds N"},
		{[]string{"sweep", "bins", "--vary", "bins=16,16"}, "16 is given twice"},
		{[]string{"sweep", "network-manager", "--vary", "rate=100,200", "--seeds", "3"}, "--seeds is not a flag"},
	} {
		code, _, errs := runArgs(t, c.args...)
		if code != 2 || !strings.Contains(errs, c.says) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d, %q; want %q", c.args, code, errs, c.says)
		}
	}
}

// The sweep scenarios' lessons quote what their sweeps give.
func TestSweepScenarios(t *testing.T) {
	t.Parallel()
	// a named sweep's own settings give way to the user's
	if code, out, errs := runArgs(t, "sweep", "stale-data", "--time", "300", "--vary", "refresh=0.1,10", "--seeds", "2"); code != 0 || !strings.Contains(out, "refresh (2 values), 2 points, 2 seeds") {
		t.Errorf("stale-data with the user's --time, --vary and --seeds: exit %d, %s\n%s", code, errs, out)
	}
	for name, wants := range map[string][]string{
		"theorem-shape": {"  16     16     3.2 ", "  65536  65536  7.6 ", "  16     16     2.2 ", "  65536  65536  3.36", "  65536  65536  3 ", "7.564", "3.327"},
		"stale-data":    {"  0.1      2.39", "  1        2.66", "  10       4.55", "  100      17.41", "  0.01     2.36"},
	} {
		code, out, errs := runArgs(t, "sweep", name)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", name, code, errs)
		}
		for _, w := range wants {
			if !strings.Contains(out, w) {
				t.Errorf("%s: no %q in:\n%s", name, w, out)
			}
		}
	}
}

// The supermarket's sweep draws the mean field beside the measured mean:
// 0.633 for two choices and load / (1 - load) for random at 0.5, and says
// what the mean field is.
func TestSweepSupermarketTheory(t *testing.T) {
	t.Parallel()
	_, out, errs := runArgs(t, "sweep", "supermarket", "--vary", "load=0.5,0.8", "--against", "random", "--time", "300", "--warmup", "50")
	for _, want := range []string{"jsq-2: mean", "  mean field", "  0.5   0.6", "0.633", "  0.8   3.9", "4.000", "theory: the mean field"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in (%s):\n%s", want, errs, out)
		}
	}
}

// The hashing sweep draws an ideal mapping beside the measured: HRW's
// spread is the binomial's (within a tenth at 160 nodes, 10 seeds: the
// spread of a spread over 100,000 keys is a few hundredths of it) and a
// node's leaving moves 1/n.
func TestSweepHashingTheory(t *testing.T) {
	t.Parallel()
	r := sweepJSON(t, "hashing", "--vary", "nodes=40,160", "--seeds", "10")
	p := r.Points[1]
	s, _ := sweep.SpreadOf(p, "spread", "HRW")
	th, err := strconv.ParseFloat(sweep.TheoryValue(p, "spread", "HRW", "binomial"), 64)
	if err != nil || math.Abs(s.Mean-th) > 0.1*th {
		t.Errorf("HRW spread at 160 nodes: %v%% measured, %v%% binomial (%v)", s.Mean, th, err)
	}
	if v := sweep.TheoryValue(p, "leave", "HRW", "1/n"); v != "0.62" {
		t.Errorf("1/n at 160 nodes: %q", v)
	}
}

// Availability's theory is the formula of 26.4.3, A = MTTF / (MTTF +
// MTTR), beside the watched machine's measured share of time up; its
// chart is drawn about the values, not from 0, where they crowd near the
// top. The measured mean over 20 seeds sits within a tenth of the
// downtime of the formula: each watch is long enough for hundreds of
// failures, so its downtime share strays by a few per cent of itself.
func TestSweepAvailabilityTheory(t *testing.T) {
	t.Parallel()
	r := sweepJSON(t, "availability", "--vary", "mttr=1,10,100", "--seeds", "20")
	for i, want := range []string{"99.99000", "99.9001", "99.0099"} {
		p := r.Points[i]
		v := sweep.TheoryValue(p, "measured", "", "formula")
		if v != want {
			t.Errorf("the formula at point %d: %q, want %q", i, v, want)
		}
		a, _ := strconv.ParseFloat(v, 64)
		s, _ := sweep.SpreadOf(p, "measured", "")
		if down := 100 - a; math.Abs(s.Mean-a) > 0.1*down {
			t.Errorf("point %d: measured %v%%, the formula %v%%", i, s.Mean, a)
		}
	}
	a, ok := sweep.ChartOf(r, "measured")
	if !ok || a.YMin < 98 || len(a.Lines) != 2 || a.Lines[0].Name != "measured" {
		t.Errorf("the chart: ok %v, from %v, lines %d", ok, a.YMin, len(a.Lines))
	}
}

// Theory columns come in one order whichever point gives which first, and
// a point where a figure is no number keeps its row, with the run's word.
func TestSweepTablesKeepTheirShape(t *testing.T) {
	t.Parallel()
	_, out, errs := runArgs(t, "sweep", "bins", "--vary", "bins=16..4096x4", "--seeds", "2")
	for _, group := range []string{"one", "two"} {
		_, table, _ := strings.Cut(out, "\n"+group+": max\n")
		head, _, _ := strings.Cut(table, "\n")
		if f, a := strings.Index(head, "fluid limit"), strings.Index(head, "asymptote"); f < 0 || a < f {
			t.Errorf("%s: the theory columns %q (%s)", group, head, errs)
		}
	}
	_, hot, _ := strings.Cut(out, "\none: hot bins\n")
	if !regexp.MustCompile(`(?m)^  4096 +—`).MatchString(hot) {
		t.Errorf("hot bins at 4096 bins, where they are not counted, lost its row:\n%s", hot)
	}
}

// sweepJSON runs loadlab sweep with args and reads its JSON report.
func sweepJSON(t *testing.T, args ...string) sweep.Report {
	t.Helper()
	_, out, errs := runArgs(t, append(append([]string{"sweep"}, args...), "--format", "json")...)
	var r sweep.Report
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v: %s", err, errs)
	}
	return r
}
