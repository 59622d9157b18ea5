package scenarios

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/loadlab/loadlab/sim/cascade"
	"github.com/loadlab/loadlab/sim/engine"
)

// aws-backoff-table's lesson quotes its run: each mode's writes a run and
// the time its last client is done, as the lesson writes them.
func TestBackoffTableLessonTellsTheRun(t *testing.T) {
	sc, _ := Lookup("aws-backoff-table")
	storms, err := sc.Spec.(cascade.StormSpec).Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	comma := func(x float64) string { return engine.Digits(int64(math.Round(x))) }
	for _, s := range storms {
		for _, q := range []string{comma(s.Calls) + " writes", comma(s.TimeMs) + " ms"} {
			if !strings.Contains(sc.Lesson, q) {
				t.Errorf("%s: the lesson does not say %q", s.Jitter, q)
			}
		}
	}
}
