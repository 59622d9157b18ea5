package scenarios

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/loadlab/loadlab/sim/cascade"
)

// The cascade's guards' lessons (§MECH.4) quote their runs: each figure
// below is written as the lesson writes it, from the runs' results, the
// slowdown's ratio from the runs stepped to 25 s and to the end, and the
// variants the lessons name (Gradient2, no cap) from those runs.
func TestCascadeGuardLessonsTellTheRuns(t *testing.T) {
	results := func(s cascade.Spec) []cascade.Result {
		rep, err := s.RunAll(context.Background(), 2, nil)
		if err != nil {
			t.Fatal(err)
		}
		return rep.Results
	}
	pct := func(a, b int) string { return fmt.Sprintf("%.1f%%", 100*float64(a)/float64(b)) }
	ratio := func(a, b int) string { return fmt.Sprintf("%.2f", float64(a)/float64(b)) }
	slowdownRatio := func(c cascade.Config) string { // db sent per accepted over 25-60 s
		e, _ := cascade.New(c)
		var at25 cascade.Result
		for n := 0; e.Step(); n++ {
			if n == 2499 {
				at25 = e.Result()
			}
		}
		end := e.Result()
		return ratio(end.DBSent-at25.DBSent, end.DBAccepted-at25.DBAccepted)
	}
	for name, quotes := range map[string]func(s cascade.Spec, r []cascade.Result) []string{
		"retries-every-layer": func(_ cascade.Spec, r []cascade.Result) []string {
			return []string{ratio(r[0].DBSent, r[0].Arrived) + " database calls a request", fmt.Sprintf("(%s measured", ratio(r[1].DBSent, r[1].Arrived))}
		},
		"client-throttling": func(s cascade.Spec, r []cascade.Result) []string {
			runs, _ := s.Runs()
			return []string{"sent " + slowdownRatio(runs[1].Config) + " calls for each it answers", "against " + slowdownRatio(runs[0].Config) + " without",
				"from " + pct(r[0].OK, r[0].Arrived) + " to " + pct(r[1].OK, r[1].Arrived), fmt.Sprintf("(%s, %s)", ratio(r[0].DBSent, r[0].DBAccepted), ratio(r[1].DBSent, r[1].DBAccepted))}
		},
		"adaptive-limits": func(s cascade.Spec, r []cascade.Result) []string {
			g := s
			g.Configs, g.Limiter = "custom", "gradient"
			gr := results(g)[0]
			return []string{"from " + pct(r[0].OK, r[0].Arrived) + " to " + pct(r[1].OK, r[1].Arrived),
				"sent " + ratio(r[1].DBSent, r[1].DBAccepted) + " calls for each it answers over the minute, against " + ratio(r[0].DBSent, r[0].DBAccepted),
				"(" + pct(gr.OK, gr.Arrived) + ")"}
		},
		"retry-cap-10": func(s cascade.Spec, r []cascade.Result) []string {
			u := s
			u.UseRetryCap = false
			ur := results(u)[0]
			return []string{"Retries come to " + pct(r[0].ClientRetries+r[0].LayerRetries, r[0].Arrived) + " of the requests",
				"retries " + pct(ur.ClientRetries+ur.LayerRetries, ur.Arrived), fmt.Sprintf("(%s against %s)", pct(ur.OK, ur.Arrived), pct(r[0].OK, r[0].Arrived))}
		},
	} {
		sc, ok := Lookup(name)
		if !ok {
			t.Fatalf("no scenario %s", name)
		}
		spec := sc.Spec.(cascade.Spec)
		for _, q := range quotes(spec, results(spec)) {
			if !strings.Contains(sc.Lesson, q) {
				t.Errorf("%s: the lesson does not say %q", name, q)
			}
		}
	}
}
