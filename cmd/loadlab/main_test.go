package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/loadlab/loadlab/internal/flags"
	"github.com/loadlab/loadlab/tui"

	"github.com/loadlab/loadlab/scenarios"
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

// Source §BLOG's published figures through the command line and its JSON.
func TestRunHeavyLoadBlogJSON(t *testing.T) {
	t.Parallel()
	r := runJSON(t, "run", "heavy-load-blog")
	one, two := r.Trials[0].Results["one"], r.Trials[0].Results["two"]
	if one.Max != 126 || one.Hot != 2 || !slices.Equal(one.Top5, []int{126, 120, 118, 116, 116}) {
		t.Errorf("one: %+v; §BLOG publishes max 126, 2 hot, top 5 [126 120 118 116 116]", one)
	}
	if two.Max != 102 || !slices.Equal(two.Top5, []int{102, 102, 101, 101, 101}) {
		t.Errorf("two: %+v; §BLOG publishes max 102, top 5 [102 102 101 101 101]", two)
	}
}

// Source §P2C's table through the command line, with the flags scripts rely on.
func TestRunPaperTable000JSON(t *testing.T) {
	t.Parallel()
	r := runJSON(t, "run", "bins", "--bins", "4096", "--balls", "4096", "--trials", "200", "--seed", "20260927",
		"--strategies", "one,two,correlated,stale,anti")
	want := map[string][3]float64{"one": {6.275, 6, 8}, "two": {3.030, 3, 3}, "correlated": {6.275, 6, 8},
		"stale": {6.275, 6, 8}, "anti": {8.270, 8, 10}}
	const printed = 0.0005 // three decimals in the source
	for name, w := range want {
		s := r.Summary[name]
		if d := s.MaxMean - w[0]; d > printed || d < -printed || s.MaxMedian != w[1] || float64(s.MaxP95) != w[2] {
			t.Errorf("%s: %.3f %v %d; §P2C publishes %v", name, s.MaxMean, s.MaxMedian, s.MaxP95, w)
		}
	}
	if r.Trials[199].Seed != 20260927+199 {
		t.Errorf("trial 199 seed %d", r.Trials[199].Seed)
	}
	if p := r.Paired[0]; p.A != "two" || p.B != "one" || p.Lower != 200 {
		t.Errorf("two against one: %+v; §P2C publishes lower in 200 of 200", p)
	}
	if p := r.Paired[3]; p.A != "anti" || p.Higher != 194 {
		t.Errorf("anti against one: %+v; §P2C publishes higher in 194 of 200", p)
	}
	stale := runJSON(t, "run", "p2c-paired-4096", "--strategies", "two,stale", "--refresh", "64")
	if p := stale.Paired[0]; p.Higher != 14 {
		t.Errorf("stale:64 against two: %+v; §P2C publishes higher in 14 of 200", p)
	}
}

func TestRunTextAndCSV(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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

// Bad input exits 2 with one line naming the flag and the reason, and
// writes no output.
func TestBadInput(t *testing.T) {
	t.Parallel()
	cases := []struct {
		args []string
		says string
	}{
		{[]string{"run", "bins", "--bins", "0"}, `--bins must be a whole number in 1..50000000, got "0"`},
		{[]string{"run", "bins", "--balls", "-1"}, `--balls must be a whole number in 1..2147483647, got "-1"`},
		{[]string{"run", "bins", "--strategies", "one,dchoice", "--d", "0"}, `--d must be a whole number in 1..50000000, got "0"`},
		{[]string{"run", "bins", "--strategies", "dchoice", "--d", "5000"}, "--d for dchoice must be in 1..4096 (the number of bins), got 5000"},
		{[]string{"run", "bins", "--strategies", "nope"}, `--strategies names an unknown strategy "nope"`},
		{[]string{"run", "bins", "--strategies", "stale", "--refresh", "-1"}, `--refresh must be a whole number >= 0, got "-1"`},
		{[]string{"enum", "--n", "4", "--m", "4"}, "--n is not a flag of run exact: the number of bins n is --bins (see loadlab help enum)"},
		{[]string{"run", "bins", "--m", "4"}, "--m is not a flag of run bins: the number of balls m is --balls (see loadlab help bins)"},
		{[]string{"run", "bins", "--trials", "0"}, `--trials must be a whole number >= 1, got "0"`},
		{[]string{"run", "bins", "--strategies", "left", "--d", "3"}, "--d for left must divide the number of bins (4096 bins into 3 groups), got 3"},
		{[]string{"run", "bins", "--d", "3"}, `--d has no effect here: no rule of "one,two" reads it`},
		{[]string{"sweep", "bins", "--vary", "refresh=1,2"}, `--refresh has no effect here: no rule of "one,two" reads it`},
		{[]string{"run", "no-such-scenario"}, `unknown engine or scenario "no-such-scenario" (engines: ` + engineList(", ") + `; scenarios: see loadlab list)`},
		{[]string{"run", "bins", "--format", "xml"}, `--format must be text, json or csv for bins, got "xml"`},
		{[]string{"run", "bins", "--bins", "many"}, `--bins must be a whole number in 1..50000000, got "many"`},
		{[]string{"run", "bins", "---seed", "5"}, `"---seed" is not a flag: a flag is --name or --name=value`},
		{[]string{"run", "bins", "--=5"}, `"--=5" is not a flag`},
		{[]string{"run", "bins", "--help=x"}, `--help takes no value, got "--help=x"`},
		{[]string{"run", "bins", "--scenario-file", ""}, "--scenario-file needs a file name, got an empty one"},
		{[]string{"run", "--scenario-file="}, "--scenario-file needs a file name, got an empty one"},
		{[]string{"run", "supermarket", "--policy", "random", "--refresh", "-1"}, "--refresh must be a number in [0.01, 1e6], got -1"},
		{[]string{"run", "bins", "--trials", "1000000", "--balls", "100000000"}, "days of work on one core, over the limit of 10 min: lower --balls, --trials or --strategies"},
		{[]string{"run", "bins", "--nope"}, "--nope is not a flag of run bins (see loadlab help bins)"},
		{[]string{"run", "bins", "--bins"}, "--bins needs a value: a whole number in 1..50000000"},
		{[]string{"run", "bins", "heavy-load-blog"}, `unexpected argument "heavy-load-blog"`},
		{[]string{"run"}, "run needs an engine (" + engineList(", ") + ") or a scenario (see loadlab list)"},
		{[]string{"list", "--format", "xml"}, `--format must be text, json or csv for list, got "xml"`},
		{[]string{"tui", "no-such-scenario"}, `unknown engine or scenario "no-such-scenario"`},
		{[]string{"tui", "bins", "--bins", "0"}, `--bins must be a whole number in 1..50000000, got "0"`},
		{[]string{"tui", "cascade-lecture", "--rate", "1e9"}, `--rate must be in (0, 1e6], got 1e9`},
		{[]string{"tui", "bins", "--nope", "3"}, `--nope is not a flag of tui bins`},
		{[]string{"tui", "--theme", "neon"}, `--theme must be one of dark light contrast mono, got "neon"`},
		{[]string{"--theme", "neon"}, `--theme must be one of dark light contrast mono, got "neon"`},
		{[]string{"--theme", "mono", "tui", "no-such-scenario"}, `unknown engine or scenario "no-such-scenario"`},
		{[]string{"--theme", "light", "list"}, `"list" is a command: flags follow it (loadlab list ...)`},
		{[]string{"frobnicate"}, `unknown command "frobnicate" (commands: tui list run sweep enum serve help; see loadlab help)`},
		{[]string{"help", "nope"}, `no help on "nope" (topics: tui list run sweep enum serve help ` + engineList(" ") + `)`},
		{[]string{"run", "bins", "--scenario-file", "bad\nname.toml"}, `bad\nname.toml`},
	}
	for _, c := range cases {
		code, out, errs := runArgs(t, c.args...)
		lines := strings.Split(strings.TrimRight(errs, "\n"), "\n")
		if code != 2 || out != "" || len(lines) != 1 || !strings.Contains(errs, c.says) {
			t.Errorf("loadlab %s: exit %d, stdout %q, stderr %q; want exit 2 and one line saying %q",
				strings.Join(c.args, " "), code, out, errs, c.says)
		}
	}
}

// Flags may come before or after the engine or scenario name.
func TestFlagsAnywhere(t *testing.T) {
	t.Parallel()
	after := runJSON(t, "run", "heavy-load-blog", "--bins", "50")
	before := runJSON(t, "run", "--bins", "50", "heavy-load-blog")
	if after.Bins != 50 || !reflect.DeepEqual(after, before) {
		t.Errorf("--bins 50 before and after the name differ: %d bins / %d bins", before.Bins, after.Bins)
	}
}

// Every command and engine has help; -h on a command prints that help.
func TestHelp(t *testing.T) {
	t.Parallel()
	for topic, says := range map[string]string{
		"tui": "Usage: loadlab tui", "list": "Usage: loadlab list", "run": "Usage: loadlab run ENGINE|SCENARIO",
		"enum": "short for loadlab run exact", "help": "Usage: loadlab help", "bins": "-strategies", "exact": "-method",
	} {
		code, out, errs := runArgs(t, "help", topic)
		if code != 0 || errs != "" || !strings.Contains(out, says) {
			t.Errorf("help %s: exit %d %q, want %q in:\n%s", topic, code, errs, says, out)
		}
	}
	for args, says := range map[string]string{
		"run bins -h": "-strategies", "run heavy-load-blog --help": "-strategies", "enum -h": "short for loadlab run exact",
		"run -h": "Usage: loadlab run", "list -h": "Usage: loadlab list", "tui -h": "Usage: loadlab tui", "-h": "Engines:",
		"help": "bins              balls into bins",
	} {
		code, out, _ := runArgs(t, strings.Fields(args)...)
		if code != 0 || !strings.Contains(out, says) {
			t.Errorf("loadlab %s: exit %d, want %q in:\n%s", args, code, says, out)
		}
	}
}

func TestScenarioFiles(t *testing.T) {
	t.Parallel()
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
	whole := write("whole.json", `{"bins": {"bins": 8.0, "balls": 1e1, "strategies": "one,two"}}`)
	if r := runJSON(t, "run", "--scenario-file", whole); r.Bins != 8 || r.Balls != 10 {
		t.Errorf("whole numbers written 8.0 and 1e1: %+v", r)
	}
	js := write("small.json", `{"bins": {"bins": 8, "balls": 8, "strategies": "one,two"}}`)
	r = runJSON(t, "run", "--scenario-file", js, "--seed", "5")
	if r.Bins != 8 || r.Seed != 5 {
		t.Errorf("JSON file with a flag on top: %+v", r)
	}
	bad := []struct{ name, body, says string }{
		{"typo.json", `{"bins": {"binz": 4}}`, `unknown field "bins.binz"`},
		{"range.toml", "[bins]\nballs = 0\n", "bins.balls must be a whole number in 1..2147483647, got 0"},
		{"type.json", `{"bins": {"bins": "four"}}`, `bins.bins must be a whole number in 1..50000000, got "four"`},
		{"list.toml", "[bins]\nbins = [1, 2]\n", "bins.bins must be a whole number in 1..50000000, got a list"},
		{"null.json", `{"bins": {"balls": null}}`, "bins.balls is null: leave the field out"},
		{"unused.toml", "[supermarket]\npolicy = \"random\"\nrefresh = -1\n", "supermarket.refresh must be a number in [0.01, 1e6], got -1"},
		{"unusedd.toml", "[exact]\nd = 0\n", "exact.d must be a whole number in 1..255, got 0"},
		{"hex.toml", "[bins]\nballs = 0x10\n", "bins.balls: numbers are plain decimal here"},
		{"under.toml", "x = {bins = {balls = 1_000}}\n", "x.bins.balls: numbers are plain decimal here"},
		{"nan.toml", "[supermarket]\nload = nan\n", "supermarket.load: numbers are plain decimal here"},
		{"inline.toml", "x = {" + strings.Repeat("a.", 20000) + "a = 1}\n", "nested 20002 levels deep, more than the 32"},
		{"kind.toml", "bins = 5\n", "bins must be a table of the engine's fields"},
		{"top.json", `[1]`, "must hold one JSON object, got a list"},
		{"base.json", `{"base": 3}`, "base must be a name in quotes, got 3"},
		{"base.toml", "base = \"nope\"\n", `base "nope" is not a scenario`},
		{"syntax.toml", "[bins\n", "syntax.toml"},
		{"noengine.toml", "", "name the engine"},
		{"engine.toml", "engine = \"warp\"\n", `engine must be one of ` + engineList(" ") + `, got "warp"`},
		{"mixed.toml", "engine = \"bins\"\n[exact]\nbins = 3\n", "table [exact] does not belong to the bins engine"},
		{"clash.toml", "base = \"exact-n4\"\nengine = \"bins\"\n", `engine "bins" does not match base "exact-n4"`},
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

// FuzzRunArgs: no command line makes the parser panic, every rejection is
// a one-line usage error, and an accepted run that its estimate calls
// short writes its report; with LOADLAB_TIMED=1 (an idle machine, no
// -race) it must also finish within twice the estimate plus a little.
func FuzzRunArgs(f *testing.F) {
	timed := os.Getenv("LOADLAB_TIMED") == "1"
	for _, seed := range []string{"bins --bins 4", "heavy-load-blog --format json", "bins --strategies one,dchoice:3 --d 2",
		"bins --hot -1", "--bins", "bins --seed 99999999999999999999", "bins --strategies stale:0", "exact --bins 3 --balls 3",
		"bins --bins 1 --balls 100000 --strategies anti", "bins --trials 3000 --bins 2 --balls 1 --format csv",
		"small-steps --stream sequential --strategies one,two,left:4", "bins --bins 0x10", "enum --counterexamples 0"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, line string) {
		p, err := prepareRun(strings.Fields(line))
		var hr flags.HelpRequest
		if err != nil {
			if errors.As(err, &hr) {
				return
			}
			if _, ok := err.(flags.UsageError); !ok {
				t.Fatalf("%q: %T %v is not a usage error", line, err, err)
			}
			if strings.Contains(oneLine(err.Error()), "\n") {
				t.Fatalf("%q: error spans lines: %q", line, err)
			}
			return
		}
		if p.estimate.Seconds > 0.05 {
			return
		}
		var out, errb bytes.Buffer
		start := time.Now()
		if err := p.run(context.Background(), &out, &errb); err != nil {
			t.Fatalf("%q: accepted, then failed: %v", line, err)
		}
		if took := time.Since(start).Seconds(); timed && took > 2*p.estimate.Seconds+0.25 {
			t.Errorf("%q: took %.3f s, estimate %.3f s", line, took, p.estimate.Seconds)
		}
		if out.Len() == 0 {
			t.Errorf("%q: no report", line)
		}
	})
}

// FuzzScenarioFile: no file content makes the loader panic; a rejected file
// gets a one-line usage error.
func FuzzScenarioFile(f *testing.F) {
	f.Add([]byte(`{"engine": "bins", "bins": {"bins": 8}}`), false)
	f.Add([]byte("base = \"heavy-load-blog\"\n[bins]\nbins = 50\n"), true)
	f.Add([]byte(`{"bins": {"strategies": "left:3", "bins": 10}}`), false)
	f.Add([]byte("bins.bins = 8\nbins.balls = 1e3\n"), true)
	f.Add([]byte("x = {a.b.c = 1, d = {e.f = [1, 2]}}\n"), true)
	f.Add([]byte("[[bins]]\nbins = 4\n[[bins]]\nballs = 2\n"), true)
	f.Add([]byte("[bins]\nballs = 0x10\nd = nan\n"), true)
	f.Add([]byte(`{"bins": {"balls": null, "d": [1], "hot": {"x": 1}}}`), false)
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

// engineList is the engines' names in the order the messages list them.
func engineList(sep string) string {
	var names []string
	for _, e := range scenarios.Engines() {
		names = append(names, e.Name)
	}
	return strings.Join(names, sep)
}

// The text report of many trials says how many ran and summarises them
// all, though it keeps only the first trial's figures.
func TestTextReportCountsEveryTrial(t *testing.T) {
	t.Parallel()
	code, out, _ := runArgs(t, "run", "bins", "--bins", "64", "--balls", "64", "--trials", "7")
	if code != 0 || !strings.Contains(out, "7 trials from seed") || !strings.Contains(out, "max mean") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

// Every report that offers csv writes one header and rows of its width.
func TestCSVReportsAreTables(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"run", "exact", "--bins", "3", "--balls", "3"}, {"run", "hashing", "--keys", "2000"}, {"run", "retry-storm", "--clients", "50"},
		{"run", "availability"}, {"list"}, {"run", "placement", "--trials", "20"},
	} {
		var out, errOut bytes.Buffer
		if code := run(append(args, "--format", "csv"), &out, &errOut); code != 0 {
			t.Errorf("%v: exit %d: %s", args, code, errOut.String())
			continue
		}
		rows, err := csv.NewReader(&out).ReadAll()
		if err != nil || len(rows) < 2 {
			t.Errorf("%v: %d rows, %v", args, len(rows), err)
		}
	}
}

// Each flag's declaration gives its help line and its messages: --name in
// both, the range in both, numbers in decimal only, a flag given once.
func TestFlagsSayTheirRange(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "placement", "--nodes", "abc"}, `--nodes must be a whole number in 1..1000000, got "abc"`},
		{[]string{"run", "placement", "--nodes=-1"}, `--nodes must be a whole number in 1..1000000, got "-1"`},
		{[]string{"run", "placement", "--nodes", "3", "--nodes", "4"}, "--nodes is given twice: give it once"},
		{[]string{"run", "cascade", "--breaker", "--breaker", "--configs", "custom"}, "--breaker is given twice: give it once"},
		{[]string{"run", "cascade", "--rate", "0x10"}, `--rate must be a number in (0, 1e6], got "0x10"`},
		{[]string{"run", "cascade", "--rate", "1_0"}, `--rate must be a number in (0, 1e6], got "1_0"`},
		{[]string{"run", "supermarket", "--load", "NaN"}, `--load must be a number in (0, 1), got "NaN"`},
		{[]string{"run", "availability", "--mttf", "1e999"}, `--mttf must be a number in [1e-9, 1e12], got "1e999"`},
		{[]string{"run", "bins", "--bins", "0x10"}, `--bins must be a whole number in 1..50000000, got "0x10"`},
		{[]string{"run", "cascade", "--rate"}, "--rate needs a value: a number in (0, 1e6]"},
	} {
		var out, errOut bytes.Buffer
		code := run(c.args, &out, &errOut)
		if code != 2 || strings.TrimSpace(errOut.String()) != "loadlab: "+c.want || out.Len() > 0 {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", c.args, code, errOut.String(), c.want)
		}
	}
	var help bytes.Buffer
	run([]string{"help", "placement"}, &help, &help)
	if !strings.Contains(help.String(), "--nodes N\n      nodes in each rack: a whole number in 1..1000000") || strings.Contains(help.String(), "\n  -nodes") {
		t.Errorf("help placement does not list --nodes with its range:\n%s", help.String())
	}
}

// An engine is whole: registered with scenarios, it has a headless adaptor,
// a lab, a help topic and at least one scenario; and every adaptor and lab
// belongs to a registered engine.
func TestEveryEngineIsWhole(t *testing.T) {
	t.Parallel()
	for _, e := range scenarios.Engines() {
		if _, ok := adaptorFor(e.Name); !ok {
			t.Errorf("%s has no adaptor in cmd/loadlab", e.Name)
		}
		if !tui.HasLab(e.Name) {
			t.Errorf("%s has no lab in tui/registry.go", e.Name)
		}
		if code, out, _ := runArgs(t, "help", e.Name); code != 0 || !strings.Contains(out, "--seed") && e.Name != "exact" && e.Name != "network-manager" { // the two draw nothing
			t.Errorf("loadlab help %s: exit %d", e.Name, code)
		}
		if !slices.ContainsFunc(scenarios.All(), func(s scenarios.Scenario) bool { return s.Engine() == e.Name }) {
			t.Errorf("%s has no scenario", e.Name)
		}
	}
	for _, a := range adaptors {
		if _, ok := scenarios.LookupEngine(a.engine()); !ok {
			t.Errorf("adaptor %s names no registered engine", a.engine())
		}
	}
}
