// Package enginetest holds the checks every engine's tests make the same
// way: a config played to its end, the same config twice, the headline
// figures at the end against the Result, and the benchmarks of a whole
// spec, of one step and of a large setup.
package enginetest

import (
	"context"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/loadlab/loadlab/sim/engine"
)

// Steps is an engine that steps to its end and gives its Result.
type Steps[R any] interface {
	Step() bool
	Result() R
}

// Play builds an engine of c and plays it to its end; t fails at once if
// build refuses c.
func Play[C, R any, E Steps[R]](t testing.TB, build func(C) (E, error), c C) R {
	t.Helper()
	e, err := build(c)
	if err != nil {
		t.Fatal(err)
	}
	for e.Step() {
	}
	return e.Result()
}

// Deterministic checks that a run is its config and seed: c played twice
// gives one Result, and c on the next seed (reseed moves it on) gives
// another series.
func Deterministic[C, R any, E Steps[R]](t *testing.T, build func(C) (E, error), c C, reseed func(*C), series func(R) any) {
	t.Helper()
	a, b := Play(t, build, c), Play(t, build, c)
	if !reflect.DeepEqual(a, b) {
		t.Error("two runs of one config differ")
	}
	reseed(&c)
	if reflect.DeepEqual(series(a), series(Play(t, build, c))) {
		t.Error("another seed gives the same run")
	}
}

// Figured is an engine that also works its headline figures out of its
// state as it goes.
type Figured[R any] interface {
	Steps[R]
	Figures() []engine.Figure
}

// FiguresAtEnd plays the config of each protection set named to its end
// and checks that the figures the engine works out of its state (as the
// TUI shows them) are those want writes from its Result (as the report
// gives them).
func FiguresAtEnd[C, R any, E Figured[R]](t *testing.T, sets []string, config func(set string) C, build func(C) (E, error), want func(C, R) []engine.Figure) {
	t.Helper()
	for _, set := range sets {
		c := config(set)
		e, err := build(c)
		if err != nil {
			t.Fatal(err)
		}
		for e.Step() {
		}
		if got, w := e.Figures(), want(c, e.Result()); !slices.Equal(got, w) {
			t.Errorf("%s: figures\n%v\nwant the result's\n%v", set, got, w)
		}
	}
}

// BenchRun is the benchmark of a spec's whole run.
func BenchRun[R any](b *testing.B, run func(context.Context, func(float64)) (R, error)) {
	b.ReportAllocs()
	for range b.N {
		if _, err := run(context.Background(), nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchStep is the benchmark of one step of the run start gives (played
// to where the benchmark means), with a new one at the end of each; it
// reports the allocations (a step allocates nothing).
func BenchStep[E interface{ Step() bool }](b *testing.B, start func() E) {
	e := start()
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if !e.Step() {
			b.StopTimer()
			e = start()
			b.StartTimer()
		}
	}
}

// BenchNew is the benchmark of an engine's setup for c.
func BenchNew[C, E any](b *testing.B, build func(C) (E, error), c C) {
	b.ReportAllocs()
	for range b.N {
		if _, err := build(c); err != nil {
			b.Fatal(err)
		}
	}
}

// Until is a start for BenchStep: a new engine of c, stepped while more
// says so.
func Until[C any, E interface{ Step() bool }](build func(C) (E, error), c C, more func(E) bool) func() E {
	return func() E {
		e, _ := build(c)
		for more(e) && e.Step() {
		}
		return e
	}
}

// Bad is a spec made invalid by Edit, and what its error must say.
type Bad[S any] struct {
	Edit func(*S)
	Says string
}

// Refuses checks that each bad edit of base's spec is refused with an
// error that says what it must (the field's name and its range).
func Refuses[S interface{ Validate() error }](t *testing.T, base func() S, cases []Bad[S]) {
	t.Helper()
	for _, c := range cases {
		s := base()
		c.Edit(&s)
		if err := s.Validate(); err == nil || !strings.Contains(err.Error(), c.Says) {
			t.Errorf("got %v, want %q", err, c.Says)
		}
	}
}

// Switching is an engine that takes switches by hand as it steps.
type Switching[R any] interface {
	engine.Stepper
	Switch(name, value string) (engine.Switch, error)
	Result() R
}

// SwitchedByHand checks that a run given switches on its schedule
// (scheduled) is the run switched by hand (byHand, built without them) as
// its clock, Pos().At, reaches each switch's time, Result for Result.
func SwitchedByHand[R any, E Switching[R]](t *testing.T, scheduled, byHand E, switches []engine.Switch) {
	t.Helper()
	for scheduled.Step() {
	}
	for byHand.Step() {
		for _, sw := range switches {
			if byHand.Pos().At == sw.At {
				if _, err := byHand.Switch(sw.Name, sw.Value); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if s, h := scheduled.Result(), byHand.Result(); !reflect.DeepEqual(s, h) {
		t.Errorf("%s: the run switched by hand differs from the run given the switches", engine.FormatSwitches(switches))
	}
}

// Scheduled checks, for each list of switches, that base given the list
// as its switches (switches points at the config's field, which
// engine.FormatSwitches writes) runs as base switched by hand at their
// times (SwitchedByHand).
func Scheduled[C, R any, E Switching[R]](t *testing.T, build func(C) (E, error), base C, switches func(*C) *string, lists ...[]engine.Switch) {
	t.Helper()
	for _, list := range lists {
		c := base
		*switches(&c) = engine.FormatSwitches(list)
		scheduled, err := build(c)
		if err != nil {
			t.Fatal(err)
		}
		byHand, err := build(base)
		if err != nil {
			t.Fatal(err)
		}
		SwitchedByHand[R](t, scheduled, byHand, list)
	}
}
