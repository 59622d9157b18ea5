package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

type enumOut struct {
	Inputs     *int64
	Strategies map[string]struct {
		ExpectedMax      string  `json:"expected_max"`
		ExpectedMaxFloat float64 `json:"expected_max_float"`
	}
	TwoVsOne *struct{ Better, Same, Worse int64 } `json:"two_vs_one"`
	First    *struct {
		Candidates [][2]int
		Loads      map[string][]int
	} `json:"first_counterexample"`
}

func enumJSONOut(t *testing.T, args ...string) (enumOut, string) {
	t.Helper()
	code, out, errs := runArgs(t, append(args, "--format", "json")...)
	if code != 0 {
		t.Fatalf("%v: exit %d %s", args, code, errs)
	}
	var e enumOut
	if err := json.Unmarshal([]byte(out), &e); err != nil {
		t.Fatal(err)
	}
	return e, out
}

// Source §P2C's exact figures through "loadlab enum --bins 4 --balls 4".
func TestEnumPublished000(t *testing.T) {
	t.Parallel()
	e, raw := enumJSONOut(t, "enum", "--bins", "4", "--balls", "4")
	if e.Inputs == nil || *e.Inputs != 65536 {
		t.Fatalf("inputs %v, §P2C publishes 65,536", e.Inputs)
	}
	for name, want := range map[string]string{"one": "17/8", "correlated": "17/8", "two": "439/256", "anti": "655/256"} {
		if got := e.Strategies[name].ExpectedMax; got != want {
			t.Errorf("%s: %s, §P2C publishes %s", name, got, want)
		}
	}
	if f := e.Strategies["two"].ExpectedMaxFloat; f != 1.71484375 {
		t.Errorf("two: float %v", f)
	}
	if tv := e.TwoVsOne; tv == nil || tv.Better != 24240 || tv.Same != 41200 || tv.Worse != 96 {
		t.Errorf("two_vs_one %+v; §P2C publishes 24,240 / 41,200 / 96", tv)
	}
	if f := e.First; f == nil || len(f.Candidates) != 4 || f.Candidates[1] != [2]int{0, 1} ||
		jsonOf(f.Loads["one"]) != "[2,2,0,0]" ||
		jsonOf(f.Loads["two"]) != "[1,3,0,0]" {
		t.Errorf("first counterexample %+v in\n%s", e.First, raw)
	}
	code, text, _ := runArgs(t, "enum")
	if code != 0 || !strings.Contains(text, "439/256") || !strings.Contains(text, "worse 96") || !strings.Contains(text, "[1 3 0 0]") {
		t.Errorf("text report:\n%s", text)
	}
}

func jsonOf(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// The DP omits the per-input fields and agrees with brute force.
func TestEnumDP(t *testing.T) {
	t.Parallel()
	e, raw := enumJSONOut(t, "enum", "--bins", "4", "--balls", "4", "--method", "dp")
	if e.Inputs != nil || e.TwoVsOne != nil || strings.Contains(raw, "first_counterexample") {
		t.Errorf("dp output has per-input fields:\n%s", raw)
	}
	if e.Strategies["two"].ExpectedMax != "439/256" || e.Strategies["anti"].ExpectedMax != "655/256" {
		t.Errorf("dp at n = m = 4: %+v", e.Strategies)
	}
	e, _ = enumJSONOut(t, "enum", "--bins", "32", "--balls", "32", "--method", "dp")
	if f := e.Strategies["two"].ExpectedMaxFloat; f < 2 || f > 3 {
		t.Errorf("two choices at n = m = 32: E[max] %v", f)
	}
}

func TestEnumBadInput(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		says string
	}{
		{[]string{"enum", "--bins", "0"}, "--bins"},
		{[]string{"enum", "--balls", "0"}, "--balls"},
		{[]string{"enum", "--bins", "8", "--balls", "8"}, "use the dp method"},
		{[]string{"enum", "--method", "magic"}, "--method"},
		{[]string{"enum", "--refresh", "-2"}, "--refresh"},
		{[]string{"enum", "--format", "xml"}, "--format"},
		{[]string{"enum", "--method", "dp", "--d", "9"}, "--d"},
		{[]string{"enum", "--method", "dp", "--bins", "200", "--balls", "200"}, "bound"},
		{[]string{"enum", "--method", "dp", "--bins", "100", "--balls", "100"}, "holds 1.91e8 load multisets, over its bound of 300000"},
		{[]string{"enum", "--bins", "abc"}, `--bins must be a whole number in 1..64 (brute) or 1..255 (dp), got "abc"`},
	} {
		code, out, errs := runArgs(t, c.args...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, c.says) {
			t.Errorf("%v: exit %d stderr %q; want exit 2, one line naming %q", c.args, code, errs, c.says)
		}
	}
}

func TestEnumScenarioFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := dir + "/small.toml"
	if err := os.WriteFile(path, []byte("engine = \"exact\"\n[exact]\nbins = 3\nballs = 4\nrefresh = 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	e, _ := enumJSONOut(t, "enum", "--scenario-file", path)
	if e.Inputs == nil || *e.Inputs != 6561 || e.Strategies["two"].ExpectedMax != "1508/729" || e.Strategies["stale"].ExpectedMax != "520/243" {
		t.Errorf("3 bins, 4 balls, refresh 2 from a file: %+v", e)
	}
	e, _ = enumJSONOut(t, "enum", "--scenario-file", path, "--balls", "3")
	if *e.Inputs != 729 {
		t.Errorf("--balls 3 over the file: %d inputs", *e.Inputs)
	}
	bad := dir + "/bad.json"
	os.WriteFile(bad, []byte(`{"exact": {"bins": 9, "balls": 9}}`), 0o644)
	if code, _, errs := runArgs(t, "enum", "--scenario-file", bad); code != 2 || !strings.Contains(errs, "use the dp method") {
		t.Errorf("too large a brute force from a file: exit %d %q", code, errs)
	}
	if viaRun, _ := enumJSONOut(t, "run", "--scenario-file", path); *viaRun.Inputs != 6561 {
		t.Errorf("run with an exact file: %d inputs", *viaRun.Inputs)
	}
	if code, _, errs := runArgs(t, "enum", "--scenario-file", dir+"/../blog.toml"); code != 2 || errs == "" {
		t.Errorf("enum with a missing file: exit %d %q", code, errs)
	}
}
