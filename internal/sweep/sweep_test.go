package sweep

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/loadlab/loadlab/internal/flags"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/engine"
)

func binsSpec(t *testing.T) scenarios.Spec {
	t.Helper()
	sc, ok := scenarios.Lookup("heavy-load-blog")
	if !ok {
		t.Fatal("no heavy-load-blog")
	}
	return sc.Spec
}

// --vary reads lists, geometric and arithmetic ranges (to the value a
// person writes, 1e6 as 1000000) and a field tied to another.
func TestParseVaries(t *testing.T) {
	spec := binsSpec(t)
	for _, c := range []struct {
		arg  string
		want []string
	}{
		{"bins=16,64,256", []string{"16", "64", "256"}},
		{"--bins=16..1024x4", []string{"16", "64", "256", "1024"}},
		{"balls=1e3,1e6", []string{"1000", "1000000"}},
		{"hot=1..2+0.25", []string{"1", "1.25", "1.5", "1.75", "2"}},
	} {
		v, err := ParseVaries([]string{c.arg}, spec)
		if err != nil || len(v) != 1 || !slices.Equal(v[0].Values, c.want) {
			t.Errorf("--vary %s: %v, %v; want %v", c.arg, v, err, c.want)
		}
	}
	v, err := ParseVaries([]string{"bins=16,64", "balls=@bins"}, spec)
	if err != nil || len(v) != 2 || v[1].Follows != "bins" {
		t.Errorf("balls=@bins: %v, %v", v, err)
	}
}

// A bad --vary is refused in one line naming what is wrong.
func TestParseVariesRefuses(t *testing.T) {
	spec := binsSpec(t)
	for arg, want := range map[string]string{
		"bins":               "must be FIELD=VALUES",
		"nope=1,2":           "nope is not a field of bins",
		"seed=1,2":           "use --seeds N",
		"bins=16..64":        "a range takes its step",
		"bins=0..64x2":       "a geometric range needs A > 0",
		"bins=1..64+0":       "an arithmetic range needs K > 0",
		"bins=64..16x2":      "needs A <= B",
		"bins=16,16":         "16 is given twice",
		"balls=@trials":      "trials is not one",
		"bins=a..bx2":        "must be numbers",
		"bins=1..1e9x1.0001": "more than",
	} {
		_, err := ParseVaries([]string{arg}, spec)
		var usage flags.UsageError
		if err == nil || !errors.As(err, &usage) || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("--vary %s: %v, want a one-line usage error with %q", arg, err, want)
		}
	}
}

// The grid is every combination, the last field fastest; a tied field
// takes its field's value; each point is the spec with its values, and a
// point the command line would refuse names its values.
func TestGrid(t *testing.T) {
	spec := binsSpec(t)
	v, err := ParseVaries([]string{"bins=16,64", "trials=1,2,3", "balls=@bins"}, spec)
	if err != nil {
		t.Fatal(err)
	}
	g, err := Grid(spec, v)
	if err != nil || len(g) != 6 {
		t.Fatalf("%d points, %v", len(g), err)
	}
	var got []string
	for _, p := range g {
		got = append(got, p.At["bins"]+"/"+p.At["trials"]+"/"+p.At["balls"])
	}
	if want := []string{"16/1/16", "16/2/16", "16/3/16", "64/1/64", "64/2/64", "64/3/64"}; !slices.Equal(got, want) {
		t.Errorf("grid %v, want %v", got, want)
	}
	v, _ = ParseVaries([]string{"bins=16,-1"}, spec)
	if _, err := Grid(spec, v); err == nil || !strings.Contains(err.Error(), "at --bins -1") {
		t.Errorf("a refused point: %v", err)
	}
}

// A chart has an axis where the values rise: a log axis where they grow
// 64-fold or more, a plain one else, none for words.
func TestChartOf(t *testing.T) {
	report := func(field string, at ...string) Report {
		r := Report{Engine: "bins", Vary: []Vary{{Field: field, Values: at}}, Seeds: 1}
		for i, a := range at {
			r.Points = append(r.Points, Point{At: map[string]string{field: a}, Figures: []engine.Spread{{Key: "max", Name: "max", Seeds: 1, Numeric: true, Mean: float64(10 + i)}}})
		}
		return r
	}
	if a, ok := ChartOf(report("bins", "16", "64", "256", "1024"), "max"); !ok || a.XMin != 4 || a.XMax != 10 || len(a.Lines) != 1 || !strings.Contains(a.Caption, "against bins") {
		t.Errorf("a geometric grid: %+v, %v", a, ok)
	}
	if a, ok := ChartOf(report("hot", "1", "1.5", "2"), "max"); !ok || a.XMin != 1 || a.XMax != 2 {
		t.Errorf("a plain axis: %+v, %v", a, ok)
	}
	if _, ok := ChartOf(report("strategies", "one", "two"), "max"); ok {
		t.Error("words have no axis")
	}
}
