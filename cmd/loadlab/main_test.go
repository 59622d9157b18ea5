package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/loadlab/loadlab/sim/bins"
)

func runArgs(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func runJSON(t *testing.T, args ...string) bins.Result {
	t.Helper()
	code, out, errs := runArgs(t, append(args, "--format", "json")...)
	if code != 0 {
		t.Fatalf("loadlab %s: exit %d: %s", strings.Join(args, " "), code, errs)
	}
	var r bins.Result
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	return r
}

// Source 001's published figures through the command line and its JSON.
func TestRunHeavyLoadBlogJSON(t *testing.T) {
	r := runJSON(t, "run", "heavy-load-blog")
	one, two := r.Trials[0].Results["one"], r.Trials[0].Results["two"]
	if one.Max != 126 || one.Hot != 2 || !slices.Equal(one.Top5, []int{126, 120, 118, 116, 116}) {
		t.Errorf("one: %+v; 001 publishes max 126, 2 hot, top 5 [126 120 118 116 116]", one)
	}
	if two.Max != 102 || !slices.Equal(two.Top5, []int{102, 102, 101, 101, 101}) {
		t.Errorf("two: %+v; 001 publishes max 102, top 5 [102 102 101 101 101]", two)
	}
}

// Source 000's table through the command line, with the flags of DESIGN.md.
func TestRunPaperTable000JSON(t *testing.T) {
	r := runJSON(t, "run", "bins", "--bins", "4096", "--balls", "4096", "--trials", "200", "--seed", "20260927",
		"--strategies", "one,two,correlated,stale,anti")
	want := map[string][3]float64{"one": {6.275, 6, 8}, "two": {3.030, 3, 3}, "correlated": {6.275, 6, 8},
		"stale": {6.275, 6, 8}, "anti": {8.270, 8, 10}}
	const printed = 0.0005 // three decimals in the source
	for name, w := range want {
		s := r.Summary[name]
		if d := s.MaxMean - w[0]; d > printed || d < -printed || s.MaxMedian != w[1] || float64(s.MaxP95) != w[2] {
			t.Errorf("%s: %.3f %v %d; 000 publishes %v", name, s.MaxMean, s.MaxMedian, s.MaxP95, w)
		}
	}
	if r.Trials[199].Seed != 20260927+199 {
		t.Errorf("trial 199 seed %d", r.Trials[199].Seed)
	}
	if p := r.Paired[0]; p.A != "two" || p.B != "one" || p.Lower != 200 {
		t.Errorf("two against one: %+v; 000 publishes lower in 200 of 200", p)
	}
	if p := r.Paired[3]; p.A != "anti" || p.Higher != 194 {
		t.Errorf("anti against one: %+v; 000 publishes higher in 194 of 200", p)
	}
	stale := runJSON(t, "run", "p2c-paired-4096", "--strategies", "two,stale", "--refresh", "64")
	if p := stale.Paired[0]; p.Higher != 14 {
		t.Errorf("stale:64 against two: %+v; 000 publishes higher in 14 of 200", p)
	}
}

func TestRunTextAndCSV(t *testing.T) {
	code, out, _ := runArgs(t, "run", "heavy-load-blog")
	if code != 0 || !strings.Contains(out, "126 120 118 116 116") || !strings.Contains(out, "max load against one") {
		t.Errorf("text report:\n%s", out)
	}
	code, out, _ = runArgs(t, "run", "anti-choice", "--trials", "3", "--format", "csv")
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if code != 0 || err != nil || len(rows) != 1+3*3 || rows[0][0] != "trial" || rows[1][2] != "one" {
		t.Errorf("csv: exit %d err %v rows %d:\n%s", code, err, len(rows), out)
	}
}

func TestList(t *testing.T) {
	code, out, _ := runArgs(t, "list", "--format", "json")
	var entries []struct{ Name, Engine, Title string }
	if code != 0 || json.Unmarshal([]byte(out), &entries) != nil || len(entries) < 7 {
		t.Fatalf("list: exit %d\n%s", code, out)
	}
	code, out, _ = runArgs(t, "list")
	if code != 0 || !strings.Contains(out, "p2c-paired-4096") {
		t.Errorf("list text:\n%s", out)
	}
}

// Bad input exits 2 with one line naming the flag, and writes no output.
func TestBadInput(t *testing.T) {
	cases := []struct {
		args []string
		says string
	}{
		{[]string{"run", "bins", "--bins", "0"}, "--bins"},
		{[]string{"run", "bins", "--balls", "-1"}, "--balls"},
		{[]string{"run", "bins", "--d", "0"}, "--d"},
		{[]string{"run", "bins", "--strategies", "dchoice", "--d", "5000"}, "--d"},
		{[]string{"run", "bins", "--strategies", "nope"}, "nope"},
		{[]string{"run", "bins", "--strategies", "stale", "--refresh", "0"}, "--refresh"},
		{[]string{"run", "bins", "--trials", "0"}, "--trials"},
		{[]string{"run", "bins", "--strategies", "left", "--d", "3"}, "divide"},
		{[]string{"run", "no-such-scenario"}, "no-such-scenario"},
		{[]string{"run", "bins", "--format", "xml"}, "--format"},
		{[]string{"run", "bins", "--bins", "many"}, "--bins must be a whole number"},
		{[]string{"run", "bins", "--trials", "1000000", "--balls", "100000000"}, "limit"},
		{[]string{"run", "bins", "--nope"}, "nope"},
		{[]string{"run"}, "needs an engine"},
		{[]string{"list", "--format", "csv"}, "--format"},
		{[]string{"tui", "no-such-scenario"}, "no-such-scenario"},
		{[]string{"tui", "--theme", "neon"}, "--theme"},
		{[]string{"frobnicate"}, "unknown command"},
	}
	for _, c := range cases {
		code, out, errs := runArgs(t, c.args...)
		lines := strings.Split(strings.TrimRight(errs, "\n"), "\n")
		if code != 2 || out != "" || len(lines) != 1 || !strings.Contains(errs, c.says) {
			t.Errorf("loadlab %s: exit %d, stdout %q, stderr %q; want exit 2 and one line naming %q",
				strings.Join(c.args, " "), code, out, errs, c.says)
		}
	}
}

func TestScenarioFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	toml := write("blog.toml", "base = \"heavy-load-blog\"\n[bins]\nbins = 50\n")
	r := runJSON(t, "run", "--scenario-file", toml)
	if r.Bins != 50 || r.Balls != 10000 || r.Seed != 42 || r.Stream != "sequential" {
		t.Errorf("TOML on a base scenario: %+v", r)
	}
	js := write("small.json", `{"engine": "bins", "bins": {"bins": 8, "balls": 8, "strategies": "one,two"}}`)
	r = runJSON(t, "run", "--scenario-file", js, "--seed", "5")
	if r.Bins != 8 || r.Seed != 5 {
		t.Errorf("JSON file with a flag on top: %+v", r)
	}
	bad := []struct{ name, body, says string }{
		{"typo.json", `{"bins": {"binz": 4}}`, "binz"},
		{"range.toml", "[bins]\nballs = 0\n", "bins.balls"},
		{"type.json", `{"bins": {"bins": "four"}}`, "bins"},
		{"base.toml", "base = \"nope\"\n", "nope"},
		{"syntax.toml", "[bins\n", "syntax.toml"},
	}
	for _, b := range bad {
		code, out, errs := runArgs(t, "run", "--scenario-file", write(b.name, b.body))
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, b.says) {
			t.Errorf("%s: exit %d stderr %q; want exit 2 and one line naming %q", b.name, code, errs, b.says)
		}
	}
	if code, _, errs := runArgs(t, "run", "--scenario-file", filepath.Join(dir, "missing.toml")); code != 2 {
		t.Errorf("missing file: exit %d %s", code, errs)
	}
}

// FuzzRunArgs: no command line makes the parser panic, and every rejection
// is a one-line usage error.
func FuzzRunArgs(f *testing.F) {
	for _, seed := range []string{"bins --bins 4", "heavy-load-blog --format json", "bins --strategies one,dchoice:3 --d 2",
		"bins --hot -1", "--bins", "bins --seed 99999999999999999999", "bins --strategies stale:0"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, line string) {
		_, err := parseRunArgs(strings.Fields(line))
		if err != nil {
			if _, ok := err.(usageError); !ok {
				t.Fatalf("%q: %T %v is not a usage error", line, err, err)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("%q: error spans lines: %q", line, err)
			}
		}
	})
}

// FuzzScenarioFile: no file content makes the loader panic; a rejected file
// gets a one-line usage error.
func FuzzScenarioFile(f *testing.F) {
	f.Add([]byte(`{"engine": "bins", "bins": {"bins": 8}}`), false)
	f.Add([]byte("base = \"heavy-load-blog\"\n[bins]\nbins = 50\n"), true)
	f.Add([]byte(`{"bins": {"strategies": "left:3", "bins": 10}}`), false)
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, body []byte, isTOML bool) {
		name := filepath.Join(dir, "f.json")
		if isTOML {
			name = filepath.Join(dir, "f.toml")
		}
		if err := os.WriteFile(name, body, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := loadScenarioFile(name); err != nil && strings.Contains(err.Error(), "\n") {
			t.Fatalf("error spans lines: %q", err)
		}
	})
}
