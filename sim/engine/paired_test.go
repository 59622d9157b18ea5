package engine

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
)

type flags struct{ A, B bool }

var flagSets = []Set[flags]{
	{Name: "none"},
	{Name: "a", Protections: flags{A: true}},
	{Name: "b", Protections: flags{B: true}},
}

func TestParseRuns(t *testing.T) {
	parse := SetParser(flagSets, "none, a or b")
	name := func(f flags) string { return NameOfSet(flagSets, f) }
	cases := []struct {
		runs, want string // want: the sets' names, or the error
	}{
		{"none,a", "none,a"},
		{" b , none", "b,none"},
		{"a,a", `runs lists "a" twice`},
		{"c", `runs must list none, a or b, comma-separated, got "c"`},
		{"none,a,b,none", "runs lists at most 3 sets, got 4"},
	}
	for _, c := range cases {
		got, err := ParseRuns(c.runs, 3, parse, name)
		var s string
		if err != nil {
			s = err.Error()
			if fe, ok := AsField(err); !ok || fe.Field != "runs" {
				t.Errorf("%q: %v is not a FieldError of runs", c.runs, err)
			}
		} else {
			var names []string
			for _, f := range got {
				names = append(names, name(f))
			}
			s = strings.Join(names, ",")
		}
		if s != c.want {
			t.Errorf("ParseRuns(%q) = %s, want %s", c.runs, s, c.want)
		}
	}
}

// countdown is an engine of n steps whose Result is n.
type countdown struct{ left, n int }

func (c *countdown) Step() bool {
	if c.left == 0 {
		return false
	}
	c.left--
	return true
}
func (c *countdown) Steps() int64 { return int64(c.n) }
func (c *countdown) Result() int  { return c.n }
func (c *countdown) Figures() []Figure {
	return []Figure{{Key: "left", Name: "left", Value: fmt.Sprint(c.left)}}
}

func TestRunEach(t *testing.T) {
	build := func(n int) (*countdown, error) { return &countdown{left: n, n: n}, nil }
	cfgs := func(n ...int) func() ([]int, error) { return func() ([]int, error) { return n, nil } }
	var last float64
	got, figs, err := RunEach(context.Background(), cfgs(150, 150), build, func(f float64) { last = f })
	if err != nil || len(got) != 2 || len(figs) != 2 || figs[1].Value != "0" || got[0] != 150 || got[1] != 150 {
		t.Fatalf("RunEach = %v, %v; want [150 150]", got, err)
	}
	if last <= 0.5 || last > 1 {
		t.Errorf("last progress %g, want in (0.5, 1]", last)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := RunEach(ctx, cfgs(10), build, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled run gave %v, want context.Canceled", err)
	}
	bad := errors.New("no engine")
	if _, _, err := RunEach(context.Background(), cfgs(1), func(int) (*countdown, error) { return nil, bad }, nil); err != bad {
		t.Errorf("a failed build gave %v, want it", err)
	}
}
