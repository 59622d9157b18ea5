package bins

import (
	"slices"
	"strings"
	"testing"
)

// The headline a lab shows at a run's end is the report's: in one trial
// each lane's loads at the last ball (hot counted at a mean of
// HotMinMean and more), over several the finished trials' mean max and
// paired verdicts.
func TestHeadlineAtTheEndIsTheReports(t *testing.T) {
	for _, c := range []struct {
		trials, balls int
		want          string
	}{
		{1, 5 * 64, "one max, one gap, one hot bins, two max, two gap, two hot bins"},
		{8, 64, "one mean max, two mean max, two lower than one in"},
	} {
		s := DefaultSpec()
		s.Bins, s.Balls, s.Trials, s.Strategies = 64, c.balls, c.trials, "one,two"
		cfg, err := s.Config()
		if err != nil {
			t.Fatal(err)
		}
		e, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		for e.Step() {
		}
		r := e.Result()
		got := r.TrialFigures()
		if c.trials == 1 {
			got = nil
			for _, l := range e.Snapshot().Lanes {
				got = append(got, LaneFigures(l.Strategy.Name, l.Figures, true)...)
			}
		}
		if !slices.Equal(got, r.Headline()) {
			t.Errorf("%d trials: at the end\n%v\nthe report's\n%v", c.trials, got, r.Headline())
		}
		var names []string
		for _, f := range r.Headline() {
			names = append(names, f.Group+" "+f.Name)
			if f.Value == "—" {
				t.Errorf("%d trials: %s %s is %q at the end", c.trials, f.Group, f.Name, f.Value)
			}
		}
		if strings.Join(names, ", ") != c.want {
			t.Errorf("%d trials: figures %v, want %s", c.trials, names, c.want)
		}
	}
}
