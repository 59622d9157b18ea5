package main

import (
	"github.com/loadlab/loadlab/internal/costcheck"

	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/loadlab/loadlab/internal/flags"
	"github.com/loadlab/loadlab/internal/sweep"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/bins"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/remirror"
)

// --seeds runs the config on that many seeds from its own and reports
// each headline figure's spread: the JSON is the same for any --workers,
// its mean is the mean of the seeds' own runs, and the text gives the
// 5-95 % interval.
func TestRunOverSeeds(t *testing.T) {
	t.Parallel()
	var reps []seedsReport
	for _, w := range []string{"1", "2"} {
		code, out, errs := runArgs(t, "run", "aws-2011-remirror", "--seeds", "8", "--workers", w, "--format", "json")
		if code != 0 {
			t.Fatalf("workers %s: exit %d: %s", w, code, errs)
		}
		var r seedsReport
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatal(err)
		}
		reps = append(reps, r)
	}
	a, _ := json.Marshal(reps[0])
	b, _ := json.Marshal(reps[1])
	if string(a) != string(b) {
		t.Errorf("--workers 1 and 2 give different reports")
	}
	peak := reps[0].Figures[0]
	if peak.Key != "peak" || peak.Group != "no protection" || !peak.Numeric || peak.Seeds != 8 || len(peak.Values) != 8 || peak.Unit != "%" {
		t.Fatalf("the first figure: %+v", peak)
	}
	sum := 0.0
	for i := range 3 { // the first seeds' own runs give the first values
		s := remirror.DefaultSpec()
		s.Seed += int64(i)
		rep, err := s.Run(t.Context(), nil)
		if err != nil {
			t.Fatal(err)
		}
		x, _, _ := engine.ParseNumber(rep.Figures[0].Value)
		if x != peak.Values[i] {
			t.Errorf("seed %d: its own run's peak %v, the spread's %v", s.Seed, x, peak.Values[i])
		}
	}
	for _, x := range peak.Values {
		sum += x
	}
	if mean := sum / 8; mean-peak.Mean > 1e-9 || peak.Mean-mean > 1e-9 || peak.P5 > peak.Median || peak.Median > peak.P95 {
		t.Errorf("mean %v against %v; 5 %% %v, median %v, 95 %% %v", mean, peak.Mean, peak.P5, peak.Median, peak.P95)
	}
	_, text, _ := runArgs(t, "run", "aws-2011-remirror", "--seeds", "10")
	if !strings.Contains(text, "remirror over 10 seeds (425..434)") || !strings.Contains(text, "5-95 %") || !strings.Contains(text, "no protection: peak") {
		t.Errorf("text:\n%s", text)
	}
	for _, c := range [][]string{{"run", "network-manager", "--seeds", "3"}, {"run", "bins", "--seeds", "1001"}} {
		if code, _, errs := runArgs(t, c...); code != 2 || !strings.Contains(errs, "--seeds") {
			t.Errorf("%v: exit %d, %q", c, code, errs)
		}
	}
}

// An engine's runs over seeds at once give each seed's figures as its own
// run does: bins over 7 seeds of 3 trials, and of one trial with hot bins
// counted, in blocks of every size the workers can make.
func TestSeedsAtOnceEqualOneByOne(t *testing.T) {
	a, _ := adaptorFor("bins")
	r := a.runner()
	if r.Seeds == nil {
		t.Fatal("bins runs its seeds at once")
	}
	for _, args := range [][]string{
		{"--bins", "64", "--balls", "200", "--trials", "3", "--strategies", "one,two,stale:5,anti"},
		{"--bins", "100", "--balls", "10000", "--trials", "1", "--strategies", "one,dchoice:3"},
	} {
		spec, err := flags.Apply(bins.DefaultSpec(), args)
		if err != nil {
			t.Fatal(err)
		}
		var want [][]engine.Figure
		for k := range 7 {
			s, _ := flags.Apply(spec, []string{"--seed", strconv.FormatInt(425+int64(k)*engine.StrideOf(spec), 10)})
			f, err := s.Figures(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			want = append(want, f)
		}
		s, _ := flags.Apply(spec, []string{"--seed", "425"})
		for _, workers := range []int{1, 2, 3} {
			got, err := sweep.OverSeeds(context.Background(), []scenarios.Spec{s}, 425, 7, workers, true, r, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got[0], want) {
				t.Errorf("%v, %d workers: at once\n%v\none by one\n%v", args, workers, got[0], want)
			}
		}
	}
}

// A scenario whose question is a spread runs on its own seeds by default
// (--seeds still wins), and its lesson quotes the spread it prints.
func TestSpreadScenariosTellTheirSpreads(t *testing.T) {
	costcheck.Long(t) // forty nights and forty decades
	t.Parallel()
	report := func(name string, args ...string) seedsReport {
		code, out, errs := runArgs(t, append([]string{"run", name, "--format", "json"}, args...)...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", name, code, errs)
		}
		var r seedsReport
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatal(err)
		}
		return r
	}
	if r := report("durability-over-seeds", "--seeds", "2"); r.Seeds != 2 {
		t.Errorf("--seeds 2 over the scenario's own 40: %d seeds", r.Seeds)
	}
	type quote struct{ group, key, stat string }
	for name, quotes := range map[string][]quote{
		"aws-2011-over-seeds": {{"no protection", "peak", "mean"}, {"no protection", "peak", "p5"}, {"no protection", "peak", "p95"},
			{"no protection", "stuck", "mean"}, {"no protection", "lost", "mean"},
			{"backoff + cap", "peak", "min"}, {"backoff + cap", "peak", "max"}, {"backoff + cap", "recovery", "min"}, {"backoff + cap", "recovery", "max"}},
		"durability-over-seeds": {{"greedy", "lost", "mean"}, {"random", "lost", "mean"}, {"random", "lost", "p5"},
			{"random", "lost", "p95"}, {"az-aware", "unavailable", "mean"}, {"rack-aware", "unavailable", "mean"}},
	} {
		sc, _ := scenarios.Lookup(name)
		r := report(name)
		if r.Seeds != sc.Seeds || sc.Seeds != 40 {
			t.Fatalf("%s: %d seeds, the scenario's %d", name, r.Seeds, sc.Seeds)
		}
		for _, q := range quotes {
			i := slices.IndexFunc(r.Figures, func(s engine.Spread) bool { return s.Group == q.group && s.Key == q.key })
			if i < 0 {
				t.Fatalf("%s: no %s: %s", name, q.group, q.key)
			}
			s := r.Figures[i]
			x := map[string]float64{"mean": s.Mean, "median": s.Median, "p5": s.P5, "p95": s.P95, "min": s.Min, "max": s.Max}[q.stat]
			if want := s.Number(x); !regexp.MustCompile(`(^|[^0-9.])` + regexp.QuoteMeta(want)).MatchString(sc.Lesson) {
				t.Errorf("%s: the lesson does not quote %s: %s's %s, %s", name, q.group, q.key, q.stat, want)
			}
		}
		if name == "durability-over-seeds" {
			all := 0
			for _, v := range r.Figures[slices.IndexFunc(r.Figures, func(s engine.Spread) bool { return s.Group == "greedy" && s.Key == "lost" })].Values {
				if v == 3000 {
					all++
				}
			}
			if !strings.Contains(sc.Lesson, fmt.Sprintf("all of them on %d of the 40", all)) {
				t.Errorf("greedy loses all on %d seeds; the lesson says otherwise", all)
			}
			for _, g := range []string{"rack-aware", "az-aware"} {
				if s := r.Figures[slices.IndexFunc(r.Figures, func(s engine.Spread) bool { return s.Group == g && s.Key == "lost" })]; s.Max != 0 {
					t.Errorf("%s loses %v on some seed; the lesson says none on any", g, s.Max)
				}
			}
			random := r.Figures[slices.IndexFunc(r.Figures, func(s engine.Spread) bool { return s.Group == "random" && s.Key == "lost" })]
			if random.Min == 0 || !strings.Contains(sc.Lesson, fmt.Sprintf("%.1f on average", random.Mean)) {
				t.Errorf("random: least %v, mean %.1f; the lesson says a few on every seed, its mean to one decimal as N shows it", random.Min, random.Mean)
			}
		}
	}
}
