package scenarios

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/loadlab/loadlab/sim/queue"
)

// The balancing policies' lessons quote their runs: each figure below is
// written as the lesson writes it, from the run's results (and, for the
// decay and jsq the lesson names, from those runs).
func TestBalancingLessonsTellTheRuns(t *testing.T) {
	if testing.Short() || raceDetector {
		t.Skip("runs of millions of arrivals")
	}
	outcome := func(s queue.Spec) queue.Outcome {
		o, err := s.Run(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		return o
	}
	for name, quotes := range map[string]func(s queue.Spec, a, b queue.Result) []string{
		"mitzenmacher-99": func(_ queue.Spec, a, b queue.Result) []string {
			return []string{fmt.Sprintf("measures %.2f and %.2f", a.MeanResponse, b.MeanResponse),
				fmt.Sprintf("saves a further %.1f time units", a.MeanResponse-b.MeanResponse),
				fmt.Sprintf("the second saved %.0f", 100-a.MeanResponse)}
		},
		"slow-server-round-robin": func(_ queue.Spec, a, b queue.Result) []string {
			return []string{fmt.Sprintf("(%.2f jobs on average since t 500)", a.SlowQueue), fmt.Sprintf("a job's stay averages %.2f", a.MeanResponse),
				fmt.Sprintf("a slow one holds %.2f on average and a stay is %.2f", b.SlowQueue, b.MeanResponse)}
		},
		"peak-ewma-slow-servers": func(s queue.Spec, a, b queue.Result) []string {
			short := s
			short.Decay, short.Against = 0.3, ""
			jsq := s
			jsq.Policy, jsq.Against = "jsq", ""
			return []string{fmt.Sprintf("a slow server holds %.2f on average and a job's stay is %.2f", b.SlowQueue, b.MeanResponse),
				fmt.Sprintf("less work (%.2f each) and the stay falls to %.2f", a.SlowQueue, a.MeanResponse),
				fmt.Sprintf("--decay 0.3 makes the stay %.2f", outcome(short).Results[0].MeanResponse),
				fmt.Sprintf("jsq, least outstanding) gives %.2f", outcome(jsq).Results[0].MeanResponse)}
		},
		"gray-failure": func(s queue.Spec, a, b queue.Result) []string {
			other := func(p string) string {
				o := s
				o.Policy, o.Against = p, ""
				return fmt.Sprintf("%.2f%%", 100*outcome(o).Results[0].ErrorShare)
			}
			return []string{fmt.Sprintf("%.2f%% of the jobs fail", 100*a.ErrorShare), "fails its " + other("random"), "Peak EWMA, which prefers the fastest answers, " + other("peak-ewma"),
				fmt.Sprintf("%.2f%% fail", 100*b.ErrorShare)}
		},
		"panic-threshold": func(_ queue.Spec, a, b queue.Result) []string {
			return []string{fmt.Sprintf("averages %.2f service times", a.MeanResponse), fmt.Sprintf("a stay is %.2f", b.MeanResponse)}
		},
	} {
		sc, ok := Lookup(name)
		if !ok {
			t.Fatalf("no scenario %s", name)
		}
		spec := sc.Spec.(queue.Spec)
		o := outcome(spec)
		for _, q := range quotes(spec, o.Results[0], o.Results[1]) {
			if !strings.Contains(sc.Lesson, q) {
				t.Errorf("%s: the lesson does not say %q", name, q)
			}
		}
	}
}
