package cascade

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/loadlab/loadlab/sim/engine"
)

// The clock reveals every retry by its end, each wave once at the step
// that reveals its end, and its figures at the end are the storms'.
func TestStormClock(t *testing.T) {
	c, err := NewStormClock(context.Background(), DefaultStormSpec())
	if err != nil {
		t.Fatal(err)
	}
	waves := make([]int, len(c.Storms))
	steps := 0
	for c.Step() {
		steps++
		for i := range c.Storms {
			waves[i] += len(c.Reached(i))
		}
	}
	if int64(steps) != c.Pos().Steps || c.Pos().At != float64(c.Span()) {
		t.Errorf("%d steps, Pos %+v, span %d", steps, c.Pos(), c.Span())
	}
	figs := c.Figures()
	if !slices.Equal(figs, StormFigures(c.Storms)) {
		t.Errorf("the clock's figures at the end\n%v\nare not the report's\n%v", figs, StormFigures(c.Storms))
	}
	for i, s := range c.Storms {
		if waves[i] != len(s.WaveList) {
			t.Errorf("%s: %d waves reached, %d in the storm", s.Jitter, waves[i], len(s.WaveList))
		}
		peak, retries := figs[2*i], figs[2*i+1]
		if want := fmt.Sprintf("%s at %d ms", engine.Digits(int64(s.Peak)), s.PeakMs); peak.Value != want {
			t.Errorf("%s: peak %q, the storm's %q", s.Jitter, peak.Value, want)
		}
		if want := engine.Digits(int64(s.TotalRetries)); retries.Value != want {
			t.Errorf("%s: retries %q, the storm's %q", s.Jitter, retries.Value, want)
		}
	}
}
