package scenarios

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/loadlab/loadlab/sim/bins"
	"github.com/loadlab/loadlab/sim/engine"
)

// The figures a bins scenario's lesson quotes are the figures its run
// gives: each check names a figure, where to read it, and the words of the
// lesson that quote it.
func TestBinsLessonsTellTheRun(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every bins scenario")
	}
	first := func(r bins.Result, s string) int { return r.Trials[0].Results[s].Max }
	against := func(r bins.Result, a, b string) bins.Comparison {
		for _, c := range r.Paired {
			if c.A == a && c.B == b {
				return c
			}
		}
		return bins.Comparison{}
	}
	checks := map[string][]struct {
		quote string
		got   func(bins.Result) string
		want  string
	}{
		"p2c-paired-4096": {
			{"two choices end at 3 (mean 3.03)", func(r bins.Result) string { return fmt.Sprintf("%.2f", r.Summary["two"].MaxMean) }, "3.03"},
			{"one choice (mean 6.275, as high as 10)", func(r bins.Result) string {
				d := r.Summary["one"].MaxDistribution
				return fmt.Sprintf("%.3f %d", r.Summary["one"].MaxMean, d[len(d)-1].Max)
			}, "6.275 10"},
			{"in all 200 trials", func(r bins.Result) string { return fmt.Sprint(against(r, "two", "one").Lower) }, "200"},
			{"anti, mean 8.27", func(r bins.Result) string { return fmt.Sprintf("%.2f", r.Summary["anti"].MaxMean) }, "8.27"},
			{"worse than one choice in 194", func(r bins.Result) string { return fmt.Sprint(against(r, "anti", "one").Higher) }, "194"},
			{"equal one choice in every trial", func(r bins.Result) string {
				return fmt.Sprint(against(r, "correlated", "one").Equal, against(r, "stale", "one").Equal)
			}, "200 200"},
		},
		"stale-herd": {
			{"ties fresh two choices in 186 of 200 trials (14 end one higher)", func(r bins.Result) string {
				c := against(r, "stale:64", "two")
				return fmt.Sprint(c.Equal, c.Higher)
			}, "186 14"},
			{"higher than fresh two choices in all 200 trials, by 3 at the median", func(r bins.Result) string {
				c := against(r, "stale:4096", "two")
				return fmt.Sprint(c.Higher, c.MedianDiff)
			}, "200 3"},
		},
		"correlated-candidates": {
			{"(max 5), while two independent looks end at 3", func(r bins.Result) string {
				return fmt.Sprint(first(r, "correlated"), first(r, "one"), first(r, "two"))
			}, "5 5 3"},
			{"equals one choice in all 50", func(r bins.Result) string { return fmt.Sprint(against(r, "correlated", "one").Equal) }, "50"},
		},
		"anti-choice": {
			{"end at 7, against one choice's 5 and two choices' 3", func(r bins.Result) string {
				return fmt.Sprint(first(r, "anti"), first(r, "one"), first(r, "two"))
			}, "7 5 3"},
			{"worse than one choice in 47", func(r bins.Result) string { return fmt.Sprint(against(r, "anti", "one").Higher) }, "47"},
		},
		"d-choices": {
			{"6 with one choice, 3 with two, then 3 and 2 with three and four", func(r bins.Result) string {
				return fmt.Sprint(first(r, "dchoice:1"), first(r, "dchoice:2"), first(r, "dchoice:3"), first(r, "dchoice:4"))
			}, "6 3 3 2"},
			{"(the fluid limit: 6.25, 3.02, 2.88, 2.09)", func(r bins.Result) string {
				var out []string
				for _, s := range []string{"dchoice:1", "dchoice:2", "dchoice:3", "dchoice:4"} {
					out = append(out, fmt.Sprintf("%.2f", r.Theory[s].ExpectedMax))
				}
				return strings.Join(out, " ")
			}, "6.25 3.02 2.88 2.09"},
			{"(2.00) beats 4 plain choices", func(r bins.Result) string { return fmt.Sprintf("%.2f", r.Theory["left:4"].ExpectedMax) }, "2.00"},
		},
		"heavy-load-blog": {
			{"holds 126 (26 above the mean), two choices' 102 (2 above)", func(r bins.Result) string {
				return fmt.Sprint(first(r, "one"), first(r, "two"))
			}, "126 102"},
			{"go from 2 to none", func(r bins.Result) string {
				return fmt.Sprint(r.Trials[0].Results["one"].Hot, r.Trials[0].Results["two"].Hot)
			}, "2 0"},
		},
	}
	for name, list := range checks {
		sc, ok := Lookup(name)
		if !ok {
			t.Fatalf("no scenario %s", name)
		}
		cfg, err := sc.Spec.(bins.Spec).Config()
		if err != nil {
			t.Fatal(err)
		}
		r, err := bins.RunAll(context.Background(), cfg, bins.RunOptions{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range list {
			if !strings.Contains(sc.Lesson, c.quote) {
				t.Errorf("%s: the lesson no longer says %q", name, c.quote)
			}
			if got := c.got(r); got != c.want {
				t.Errorf("%s: %q: the run gives %s, the lesson %s", name, c.quote, got, c.want)
			}
		}
	}
}

// runsOf runs scenario name's spec, edited first where edit is not nil,
// and gives its runs: the figures a casebook lesson quotes come from them.
func runsOf[S interface {
	Run(context.Context, func(float64)) (engine.Report[S, R], error)
}, R any](t *testing.T, name string, edit func(*S)) []R {
	t.Helper()
	sc, _ := Lookup(name)
	s := sc.Spec.(S)
	if edit != nil {
		edit(&s)
	}
	rep, err := s.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return rep.Runs
}
