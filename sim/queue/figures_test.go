package queue

import (
	"context"
	"fmt"
	"slices"
	"testing"
)

// A lab stepping each policy's Sim to its end shows the report's
// headline: each policy's mean, 7+, response and mean field (jobs and
// response), and random's mean field
// beside them when no policy is random.
func TestFiguresAtTheEndAreTheReports(t *testing.T) {
	s := DefaultSpec()
	s.Servers, s.Time, s.Warmup, s.Against = 200, 300, 50, "stale-d"
	o, err := s.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	results := make([]Result, len(o.Configs))
	for i, c := range o.Configs {
		sim, err := New(c)
		if err != nil {
			t.Fatal(err)
		}
		for sim.Step() {
		}
		results[i] = sim.Result()
	}
	figs := Figures(o.Configs, results)
	if !slices.Equal(figs, o.Headline()) {
		t.Errorf("stepped to the end\n%v\nthe report's\n%v", figs, o.Headline())
	}
	var keys []string
	for _, f := range figs {
		keys = append(keys, f.Group+" "+f.Key)
	}
	if got := fmt.Sprint(keys); got != "[jsq-2 mean jsq-2 7+ jsq-2 response jsq-2 theory jsq-2 field-response stale-2 mean stale-2 7+ stale-2 response stale-2 theory stale-2 field-response random random]" {
		t.Errorf("figures %s", got)
	}
}
