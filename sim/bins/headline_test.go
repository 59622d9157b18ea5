package bins

import (
	"context"
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

// The exact headline at n = m = 4 (§P2C) carries the published figures:
// all 65,536 inputs, E[max] 17/8 for one choice and 439/256 for two, and
// two choices ending worse on 96 inputs.
func TestExactHeadlineAtFour(t *testing.T) {
	s := DefaultExactSpec()
	s.Bins, s.Balls, s.Method = 4, 4, "brute"
	r, err := s.Run(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range r.Headline() {
		got = append(got, strings.TrimSpace(f.Group+" "+f.Name+" "+f.Value))
	}
	for _, want := range []string{"inputs 65,536", "one E[max] 17/8", "two E[max] 439/256", "two vs one worse 96"} {
		if !slices.Contains(got, want) {
			t.Errorf("no %q in %v", want, got)
		}
	}
}
