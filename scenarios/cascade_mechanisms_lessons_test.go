package scenarios

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/loadlab/loadlab/sim/cascade"
)

// The cascade's guards' lessons (§MECH.4) quote their runs: each figure
// below is written as the lesson writes it, from the runs' results, and
// the variants the lessons name (Gradient2, no cap) from those runs.
func TestCascadeGuardLessonsTellTheRuns(t *testing.T) {
	if raceDetector {
		t.Skip("the lessons' runs are checked without the detector")
	}
	results := func(s cascade.Spec) []cascade.Result {
		rep, err := s.RunAll(context.Background(), 2, nil)
		if err != nil {
			t.Fatal(err)
		}
		return rep.Results
	}
	pct := func(a, b int) string { return fmt.Sprintf("%.1f%%", 100*float64(a)/float64(b)) }
	ratio := func(a, b int) string { return fmt.Sprintf("%.2f", float64(a)/float64(b)) }
	for name, quotes := range map[string]func(s cascade.Spec, r []cascade.Result) []string{
		"retries-every-layer": func(_ cascade.Spec, r []cascade.Result) []string {
			return []string{fmt.Sprintf("(%s measured", ratio(r[0].DBSent, r[0].Arrived)), ratio(r[1].DBSent, r[1].Arrived) + " database calls a request"}
		},
		"client-throttling": func(_ cascade.Spec, r []cascade.Result) []string {
			return []string{fmt.Sprintf("sent %.2f calls for each it answers", r[0].SlowSentPerAccepted), fmt.Sprintf("against %.2f without", r[1].SlowSentPerAccepted),
				"from " + pct(r[1].OK, r[1].Arrived) + " to " + pct(r[0].OK, r[0].Arrived), fmt.Sprintf("(%.0f to %.0f ms)", r[1].P95LatencyMs, r[0].P95LatencyMs),
				fmt.Sprintf("(%s, %s)", ratio(r[0].DBSent, r[0].DBAccepted), ratio(r[1].DBSent, r[1].DBAccepted))}
		},
		"adaptive-limits": func(s cascade.Spec, r []cascade.Result) []string {
			g := s
			g.Configs, g.Limiter = "custom", "gradient"
			gr := results(g)[0]
			return []string{"from " + pct(r[1].OK, r[1].Arrived) + " to " + pct(r[0].OK, r[0].Arrived),
				fmt.Sprintf("sent %.2f calls for each it answers, against %.2f", r[0].SlowSentPerAccepted, r[1].SlowSentPerAccepted),
				"(" + pct(gr.OK, gr.Arrived) + ")"}
		},
		"retry-cap-10": func(s cascade.Spec, r []cascade.Result) []string {
			u := s
			u.UseRetryCap = false
			ur := results(u)[0]
			return []string{fmt.Sprintf("Retries come to %s a request (%s)", ratio(r[0].ClientRetries+r[0].LayerRetries, r[0].Arrived), pct(r[0].ClientRetries+r[0].LayerRetries, r[0].Arrived)),
				fmt.Sprintf("retries %s a request (%s)", ratio(ur.ClientRetries+ur.LayerRetries, ur.Arrived), pct(ur.ClientRetries+ur.LayerRetries, ur.Arrived)),
				fmt.Sprintf("(%s against %s)", pct(ur.OK, ur.Arrived), pct(r[0].OK, r[0].Arrived))}
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
