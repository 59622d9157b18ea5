package engine

import (
	"context"
	"fmt"
	"slices"
	"strings"
)

// Set is a protection set by name: one of the runs a paired spec lists.
type Set[P any] struct {
	Name        string
	Protections P
}

// SetNamed is the protection set of sets whose name is name.
func SetNamed[P any](sets []Set[P], name string) (P, bool) {
	for _, s := range sets {
		if s.Name == name {
			return s.Protections, true
		}
	}
	var zero P
	return zero, false
}

// NameOfSet is the name of p among sets ("none" when no set has it).
func NameOfSet[P comparable](sets []Set[P], p P) string {
	for _, s := range sets {
		if s.Protections == p {
			return s.Name
		}
	}
	return "none"
}

// ParseRuns reads a paired spec's runs field: protection sets named by
// name, comma-separated, each once, at most max of them. parse reads one
// name; its error is the reason that follows the field's name ("must list
// ..."), or a FieldError of its own. name writes a set in its one
// spelling, so that "a+b" and "b+a" are one set listed twice.
func ParseRuns[P comparable](runs string, max int, parse func(string) (P, error), name func(P) string) ([]P, error) {
	names := strings.Split(runs, ",")
	if len(names) > max {
		return nil, Invalid("runs", "lists at most %d sets, got %d", max, len(names))
	}
	var out []P
	for _, n := range names {
		p, err := parse(strings.TrimSpace(n))
		if err != nil {
			if _, ok := AsField(err); ok {
				return nil, err
			}
			return nil, &FieldError{Field: "runs", Reason: err.Error()}
		}
		if slices.Contains(out, p) {
			return nil, Invalid("runs", "lists %q twice", name(p))
		}
		out = append(out, p)
	}
	return out, nil
}

// SetParser reads the name of one of sets, refusing any other with the
// reason "must list " + choices + ", comma-separated, got <name>".
func SetParser[P any](sets []Set[P], choices string) func(string) (P, error) {
	return func(name string) (P, error) {
		p, ok := SetNamed(sets, name)
		if !ok {
			return p, fmt.Errorf("must list %s, comma-separated, got %q", choices, name)
		}
		return p, nil
	}
}

// PairedConfigs is base, validated, once per protection set the runs
// field lists (ParseRuns), each with its set put in by with.
func PairedConfigs[C any, P comparable](base C, validate func(C) error, runs string, max int,
	parse func(string) (P, error), name func(P) string, with func(*C, P)) ([]C, error) {
	if err := validate(base); err != nil {
		return nil, err
	}
	sets, err := ParseRuns(runs, max, parse, name)
	if err != nil {
		return nil, err
	}
	out := make([]C, len(sets))
	for i, p := range sets {
		out[i] = base
		with(&out[i], p)
	}
	return out, nil
}

// Finisher is an engine that a paired spec runs to its end: it steps,
// says its length in steps, and gives its Result and headline Figures.
type Finisher[R any] interface {
	Step() bool
	Steps() int64
	Result() R
	Figures() []Figure
}

// RunEach builds an engine of each of a spec's configs in turn and runs it
// to its end, giving their Results in order and every run's headline
// figures at its end, the first run's first. It stops with ctx's error
// once ctx is done (looked at after every step: one step of a large run
// can be a million requests); progress, if not nil, gets the share done,
// the runs being of one length.
func RunEach[C any, R any, E Finisher[R]](ctx context.Context, configs func() ([]C, error), build func(C) (E, error), progress func(float64)) ([]R, []Figure, error) {
	cfgs, err := configs()
	if err != nil {
		return nil, nil, err
	}
	var out []R
	var figs []Figure
	done, steps := 0.0, 0.0
	for _, c := range cfgs {
		e, err := build(c)
		if err != nil {
			return nil, nil, err
		}
		if steps == 0 {
			steps = float64(max(1, e.Steps()) * int64(len(cfgs)))
		}
		for n := 1; e.Step(); n++ {
			if ctx.Err() != nil {
				return nil, nil, ctx.Err()
			}
			if progress != nil && n%64 == 0 {
				progress((done + float64(n)) / steps)
			}
		}
		done += float64(e.Steps())
		out = append(out, e.Result())
		figs = append(figs, e.Figures()...)
	}
	return out, figs, nil
}

// Report is every run of a paired spec, on its one seed, in the order
// the spec lists them.
type Report[S, R any] struct {
	Spec S   `json:"-"`
	Runs []R `json:"runs"`
	// Figures are the runs' headline figures at their end.
	Figures []Figure `json:"figures"`
}

// Headline is the runs' headline figures at their end.
func (r Report[S, R]) Headline() []Figure { return r.Figures }

// SetNames is the names of sets, in order.
func SetNames[P any](sets []Set[P]) []string {
	out := make([]string, len(sets))
	for i, s := range sets {
		out[i] = s.Name
	}
	return out
}

// RunPaired runs each config of a paired spec s to its end (RunEach) and
// reports them all.
func RunPaired[S, C, R any, E Finisher[R]](ctx context.Context, s S, configs func() ([]C, error), build func(C) (E, error), progress func(float64)) (Report[S, R], error) {
	runs, figs, err := RunEach(ctx, configs, build, progress)
	return Report[S, R]{Spec: s, Runs: runs, Figures: figs}, err
}

// Valid is the error of a spec's configs (nil when every one is valid).
func Valid[C any](configs func() ([]C, error)) error {
	_, err := configs()
	return err
}
