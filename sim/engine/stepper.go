package engine

import "context"

// Pos is where a run is, in the engine's own step: a ball, a tick, a slice
// of simulated time, a week, an object placed. Steps is the run's length
// in those steps (an engine whose length is not known ahead gives its best
// estimate); At is the time the step stands for, in Unit ("s", "years",
// "balls").
type Pos struct {
	Step, Steps int64
	At          float64
	Unit        string
}

// Stepper is the one stepping contract of the engines: each advances by
// its own step, with one meaning of time. Step runs one step and reports
// whether it did (false at the end); Done reports the end; Pos says where
// the run is. Engines are deterministic: the state after k steps depends
// on the config and seed alone, so a view moves back by replaying k steps
// from a new engine.
type Stepper interface {
	Step() bool
	Done() bool
	Pos() Pos
}

// Spec is an engine's configuration as the front ends hold it: it names
// its engine, validates into field errors (FieldError), and runs on one
// core to its headline figures, as its report gives them (a sweep's
// point, a seed of a run over seeds, in the TUI as on the command line).
type Spec interface {
	Engine() string
	Validate() error
	Figures(ctx context.Context) ([]Figure, error)
}

// Costed is a Spec that estimates its run.
type Costed interface {
	Spec
	Cost() Cost
}
