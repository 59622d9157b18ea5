package scenarios

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/hashing"
)

// The hashing schemes' lessons quote their runs: each figure below is
// written as the lesson writes it, from the run's study.
func TestHashingSchemeLessonsTellTheRuns(t *testing.T) {
	for name, quotes := range map[string]func(a, b hashing.Study) []string{
		"jump-hash": func(a, b hashing.Study) []string {
			return []string{fmt.Sprintf("(%.1f %% about the mean against %.1f %%)", a.PerNode.StdPct, b.PerNode.StdPct),
				fmt.Sprintf("takes %.3f %% of the keys, where 1/(n+1) is %.2f %%", 100*a.AddedFraction, 100*a.IdealAdded),
				fmt.Sprintf("node %d leaving", a.Removed[0]), fmt.Sprintf("%.3f %% of the keys move, where HRW moves %.3f %%", 100*a.MovedFraction, 100*b.MovedFraction)}
		},
		"maglev-table": func(a, b hashing.Study) []string {
			return []string{fmt.Sprintf("a table of %s entries", engine.Digits(int64(a.Table))), fmt.Sprintf("ends with %d or %d entries, %.2f %% apart", a.TableMin, a.TableMax, 100*float64(a.TableMax-a.TableMin)/float64(a.TableMin)),
				fmt.Sprintf("spread %.1f %% about the mean, the ring's %.1f %%", a.PerNode.StdPct, b.PerNode.StdPct),
				fmt.Sprintf("%.3f %% of the keys move", 100*a.MovedFraction), fmt.Sprintf("the ring moves %.3f %%", 100*b.MovedFraction)}
		},
		"bounded-loads": func(a, b hashing.Study) []string {
			return []string{fmt.Sprintf("busiest node holds %d keys, %.0f %% above", b.PerNode.Max, 100*(float64(b.PerNode.Max)/b.PerNode.Mean-1)),
				fmt.Sprintf("= %d keys", a.Capacity), fmt.Sprintf("the fullest holds exactly %d", a.PerNode.Max),
				fmt.Sprintf("from %.1f %% to %.1f %%", b.PerNode.StdPct, a.PerNode.StdPct),
				fmt.Sprintf("%.3f %% of the keys move, some between nodes that stayed, against the ring's %.3f %%", 100*a.MovedFraction, 100*b.MovedFraction)}
		},
	} {
		sc, ok := Lookup(name)
		if !ok {
			t.Fatalf("no scenario %s", name)
		}
		studies, err := sc.Spec.(hashing.Spec).Run(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range quotes(studies[0], studies[1]) {
			if !strings.Contains(sc.Lesson, q) {
				t.Errorf("%s: the lesson does not say %q", name, q)
			}
		}
	}
}
