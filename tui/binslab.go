package tui

import (
	"fmt"
	"strings"

	"github.com/loadlab/loadlab/sim/bins"
)

// binsLab owns the balls-into-bins engine of the open scenario and the spec
// the lab keys edit. Every edit rebuilds the engine from the spec; an edit
// that would make the spec invalid is refused with the engine's reason.
type binsLab struct {
	spec   bins.Spec
	engine *bins.Engine
	snap   bins.Snapshot
	result bins.Result
}

func newBinsLab(spec bins.Spec) (*binsLab, error) {
	l := &binsLab{}
	return l, l.apply(spec)
}

// apply validates spec and, if it is valid, restarts the engine on it.
func (l *binsLab) apply(spec bins.Spec) error {
	cfg, err := spec.Config()
	if err != nil {
		return err
	}
	l.spec = spec
	l.engine = bins.MustNew(cfg)
	l.refresh()
	return nil
}

// refresh takes a new snapshot and summary after the engine moved.
func (l *binsLab) refresh() {
	l.snap = l.engine.Snapshot()
	l.result = l.engine.Result()
}

func (l *binsLab) step() bool { return l.engine.Step() }

func (l *binsLab) seed() int64 { return l.spec.Seed }

func (l *binsLab) withSeed(seed int64) error {
	s := l.spec
	s.Seed = seed
	return l.apply(s)
}

// toggle adds the strategy kind with default parameters, or removes every
// strategy of that kind.
func (l *binsLab) toggle(kind bins.Kind) error {
	s := l.spec
	var kept []string
	removed := false
	for _, tok := range strings.Split(s.Strategies, ",") {
		name, _, _ := strings.Cut(strings.TrimSpace(tok), ":")
		if name == kind.String() {
			removed = true
			continue
		}
		kept = append(kept, strings.TrimSpace(tok))
	}
	if !removed {
		kept = append(kept, kind.String())
	}
	if len(kept) == 0 {
		return fmt.Errorf("keep at least one strategy")
	}
	s.Strategies = strings.Join(kept, ",")
	if s.Baseline != "" && !strings.Contains(","+s.Strategies+",", ","+s.Baseline+",") {
		s.Baseline = ""
	}
	return l.apply(s)
}

// edit applies a change to a copy of the spec.
func (l *binsLab) edit(change func(*bins.Spec)) error {
	s := l.spec
	change(&s)
	return l.apply(s)
}

// trialChoices are the trial counts the trials key cycles through.
var trialChoices = []int{1, 10, 50, 200}

func nextTrials(t int) int {
	for _, c := range trialChoices {
		if c > t {
			return c
		}
	}
	return trialChoices[0]
}
