package cascadelab

import (
	"context"
	"math"
	"testing"

	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/cascade"
	"github.com/loadlab/loadlab/themes"
	"github.com/loadlab/loadlab/tui/widget"
)

// The success chart draws, by default, the lecture's 2 s samples: at each
// sample time its line is the headless report's sample, S6's last near
// 36 %, not the 100 ms noise.
func TestSuccessChartIsTheReportsSamples(t *testing.T) {
	sc, _ := scenarios.Lookup("cascade-lecture")
	spec := sc.Spec.(cascade.Spec)
	report, err := spec.RunAll(context.Background(), 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	lb, err := New(spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	l := lb.(*Lab)
	for l.Step() {
	}
	st := widget.NewStyles(themes.All[0])
	for i, r := range l.runs {
		r.sync()
		line := l.successChart(st, r, l.window(), 0.5).Lines[0]
		want := report.Results[i].Samples
		for _, smp := range want {
			if got := line.Value(smp.T); math.Abs(got-100*smp.Success) > 1e-9 {
				t.Errorf("%s at %g s: the chart draws %.2f%%, the report's sample is %.2f%%", r.name, smp.T, got, 100*smp.Success)
			}
		}
		if r.name == "S6" {
			if last := 100 * want[len(want)-1].Success; math.Abs(last-36) > 3 {
				t.Errorf("S6's last sample is %.1f%%, the lecture's curve ends near 36%%", last)
			}
		}
	}
}
