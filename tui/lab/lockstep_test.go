package lab

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/loadlab/loadlab/sim/engine"
)

// toySpec is a paired spec of toy runs: each run a set (a, b, none) of
// the same length; a run with a on meets a moment at its third step.
type toySpec struct {
	Seed  int64
	Runs  string
	Steps int64
}

type toyConfig struct {
	Seed  int64
	A, B  bool
	Steps int64
}

type toyEngine struct {
	cfg     toyConfig
	at      int64
	moments []engine.Moment
}

func (e *toyEngine) Step() bool {
	if e.Done() {
		return false
	}
	e.at++
	if e.at == 3 {
		e.moments = append(e.moments, engine.Moment{Step: 3, At: 2.5, Caption: "three"})
		if e.cfg.A {
			e.moments = append(e.moments, engine.Moment{Step: 3, At: 2.5, Caption: "a's own"})
		}
	}
	return true
}
func (e *toyEngine) Done() bool { return e.at >= e.cfg.Steps }
func (e *toyEngine) Pos() engine.Pos {
	return engine.Pos{Step: e.at, Steps: e.cfg.Steps, At: float64(e.at)}
}
func (e *toyEngine) Moments() []engine.Moment { return e.moments }
func (e *toyEngine) Figures() []engine.Figure {
	return []engine.Figure{{Key: "at", Group: toyName(e.cfg), Name: "at", Value: fmt.Sprint(e.at)}}
}

func toyName(c toyConfig) string {
	switch {
	case c.A && c.B:
		return "a+b"
	case c.A:
		return "a"
	case c.B:
		return "b"
	}
	return "none"
}

func (s toySpec) Configs() ([]toyConfig, error) {
	if s.Steps < 1 {
		return nil, engine.Invalid("steps", "must be at least 1, got %d", s.Steps)
	}
	var out []toyConfig
	for _, n := range strings.Split(s.Runs, ",") {
		c := toyConfig{Seed: s.Seed, Steps: s.Steps, A: strings.Contains(n, "a"), B: strings.Contains(n, "b")}
		out = append(out, c)
	}
	return out, nil
}

func (s toySpec) Validate() error { _, err := s.Configs(); return err }

var toyCase = Case[toySpec, toyConfig, *toyEngine]{
	New:     func(c toyConfig) (*toyEngine, error) { return &toyEngine{cfg: c}, nil },
	Per:     2,
	Words:   toyName,
	SetName: toyName,
	Runs:    func(s *toySpec) *string { return &s.Runs },
	Seed:    func(s *toySpec) *int64 { return &s.Seed },
	Name:    "Toy",
	Clock:   func(r Run[toyConfig, *toyEngine], at float64) string { return fmt.Sprintf("step %g", at) },
	Pace:    func(float64) string { return "" },
	Note:    func(s toySpec) string { return "now " + s.Runs },
}

func TestLockstepPlaysRunsTogether(t *testing.T) {
	l, err := NewLockstep(toySpec{Seed: 7, Runs: "none,a", Steps: 5}, toyCase)
	if err != nil {
		t.Fatal(err)
	}
	if got := l.Info().Steps; got != 3 {
		t.Errorf("5 engine steps at 2 a step: %d lab steps, want 3", got)
	}
	l.Step()
	if _, ok := l.NewMoment(); ok {
		t.Error("a moment after two engine steps")
	}
	l.Step()
	got, ok := l.NewMoment()
	if want := "three" + MomentBreak + "a, a's own"; !ok || got != want {
		t.Errorf("moments at step 4: %q, want %q (one run's moment says whose)", got, want)
	}
	if _, ok := l.NewMoment(); ok {
		t.Error("a moment told twice")
	}
	if s := l.Status(); s[1] != "step 2.5" {
		t.Errorf("status clock at the moment %q, want the moment's own time, step 2.5", s[1])
	}
	for l.Step() {
	}
	if !l.Done() || l.Runs[1].Engine.at != 5 {
		t.Errorf("after the last step: done %v at %d", l.Done(), l.Runs[1].Engine.at)
	}
	if h := l.Headline(); len(h) != 2 || h[0].Group != "none" || h[1].Value != "5" {
		t.Errorf("headline %v, want each run's figures", h)
	}
	if s := l.Status(); strings.Join(s, "|") != "none vs a|step 5|seed 7" {
		t.Errorf("status %q", s)
	}
}

func TestLockstepEdits(t *testing.T) {
	l, _ := NewLockstep(toySpec{Seed: 7, Runs: "none,a", Steps: 5}, toyCase)
	// Turning a off on the right run makes it like the left: one panel.
	out := l.Edit("x", l.Toggle(func(c *toyConfig) { c.A = !c.A }))
	if l.Spec.Runs != "none" || !out.Restarted || !out.Replay || !strings.Contains(out.Note, "one panel shows both") {
		t.Errorf("toggle to the left's set: runs %q, %+v", l.Spec.Runs, out)
	}
	if title := l.Info().Title; title != "Toy: none (keys changed the runs)" {
		t.Errorf("title %q", title)
	}
	// The same key again gives the pair back.
	l.Edit("x", l.Toggle(func(c *toyConfig) { c.A = !c.A }))
	if l.Spec.Runs != "none,a" {
		t.Errorf("toggle again: runs %q, want none,a", l.Spec.Runs)
	}
	// A change the spec refuses leaves the lab as it was.
	out = l.Edit("z", Shared(func(s *toySpec) { s.Steps = 0 }))
	if out.Err == nil || l.Spec.Steps != 5 || len(l.Runs) != 2 {
		t.Errorf("refused change: %+v, steps %d", out, l.Spec.Steps)
	}
	if err := l.WithSeed(9); err != nil || l.Runs[0].Cfg.Seed != 9 || l.Seed() != 9 {
		t.Errorf("WithSeed(9): %v, run seed %d", err, l.Runs[0].Cfg.Seed)
	}
	// A case whose step is too slow refuses the spec and keeps the old one.
	slow := toyCase
	slow.Check = func(s toySpec) error {
		if s.Steps > 5 {
			return errors.New("too slow")
		}
		return nil
	}
	l2, _ := NewLockstep(toySpec{Runs: "a", Steps: 5}, slow)
	if out := l2.Edit("s", Shared(func(s *toySpec) { s.Steps = 6 })); out.Err == nil || l2.Spec.Steps != 5 {
		t.Errorf("a spec over the step's limit: %+v, steps %d", out, l2.Spec.Steps)
	}
}

func TestToldAlwaysNames(t *testing.T) {
	told := Told{Always: true, Sep: " "}
	both := []engine.Moment{{Step: 1, Caption: "opens"}}
	got, _ := told.Tell([][]engine.Moment{both, both}, []string{"S1", "S6"})
	if got != "S1 and S6 opens" {
		t.Errorf("got %q", got)
	}
}

func TestStepTo(t *testing.T) {
	steps := []float64{0, 0.015, 1, 5}
	cases := []struct {
		v    float64
		dir  int
		want float64
	}{{1, 1, 5}, {1, -1, 0.015}, {5, 1, 5}, {0, -1, 0}, {0.015000000000001, -1, 0}, {2, -1, 1}, {2, 1, 5}}
	for _, c := range cases {
		if got := StepTo(steps, c.v, c.dir); got != c.want {
			t.Errorf("StepTo(%g, %d) = %g, want %g", c.v, c.dir, got, c.want)
		}
	}
}

func (toySpec) Engine() string { return "toy" }

// Figures is the toy's: it has none.
func (toySpec) Figures(context.Context) ([]engine.Figure, error) { return nil, nil }

type otherSpec struct{}

func (otherSpec) Engine() string  { return "other" }
func (otherSpec) Validate() error { return nil }
func (otherSpec) Figures(context.Context) ([]engine.Figure, error) {
	return nil, nil
}

// A lab handed another engine's spec says which lab refused what.
func TestSpecOf(t *testing.T) {
	if s, err := SpecOf[toySpec](toySpec{Seed: 3}); err != nil || s.Seed != 3 {
		t.Errorf("SpecOf its own spec: %v, %v", s, err)
	}
	if _, err := SpecOf[toySpec](otherSpec{}); err == nil || err.Error() != "the toy lab cannot open a lab.otherSpec" {
		t.Errorf("SpecOf another engine's spec: %v", err)
	}
}
