package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/bins"
)

// enumRequest is a parsed "loadlab enum" command line.
type enumRequest struct {
	spec    bins.ExactSpec
	workers int
	format  string
	file    string
}

// enumFlags declares the flags of "loadlab enum" over spec.
func enumFlags(spec *bins.ExactSpec, r *enumRequest) *flag.FlagSet {
	fs := newFlagSet("enum")
	fs.IntVar(&spec.Bins, "bins", spec.Bins, "number of bins n")
	fs.IntVar(&spec.Balls, "balls", spec.Balls, "number of balls m")
	fs.IntVar(&spec.Refresh, "refresh", spec.Refresh, "stale snapshot interval (0: the number of balls, a snapshot never refreshed)")
	fs.IntVar(&spec.Counterexamples, "counterexamples", spec.Counterexamples, "how many counterexamples to list")
	fs.StringVar(&spec.Method, "method", spec.Method, "brute (every input) or dp (load multisets)")
	fs.IntVar(&spec.D, "d", spec.D, "candidates of dchoice in the DP")
	fs.IntVar(&r.workers, "workers", runtime.GOMAXPROCS(0), "goroutines (the result does not depend on it)")
	fs.StringVar(&r.format, "format", "text", "text or json")
	fs.StringVar(&r.file, "scenario-file", "", "a TOML or JSON file with engine = \"enum\"")
	return fs
}

func enumHelp() string {
	var b strings.Builder
	b.WriteString("Usage: loadlab enum [flags]\n\nExact results over every candidate sequence (brute) or every load multiset (dp).\n\n")
	spec := bins.DefaultExactSpec()
	fs := enumFlags(&spec, &enumRequest{})
	fs.SetOutput(&b)
	fs.PrintDefaults()
	return b.String()
}

// parseEnumArgs reads the flags of "loadlab enum" (or of "loadlab run" on
// an enumeration scenario) over the base spec. With --scenario-file the
// file becomes the base and the flags are read again over it, so that flags
// still win.
func parseEnumArgs(args []string, base bins.ExactSpec) (enumRequest, error) {
	r := enumRequest{spec: base}
	fs := enumFlags(&r.spec, &r)
	if err := parseFlags(fs, args); err != nil {
		return r, err
	}
	if r.file != "" {
		sc, err := loadScenarioFile(r.file)
		if err != nil {
			return r, err
		}
		if sc.Engine != scenarios.Enum {
			return r, usagef("--scenario-file %s is a %s scenario: run it with loadlab run --scenario-file", r.file, sc.Engine)
		}
		r.spec = sc.Enum
		if err := parseFlags(enumFlags(&r.spec, &r), args); err != nil {
			return r, err
		}
	}
	if fs.NArg() > 0 {
		return r, usagef("enum takes flags only, got %q", fs.Arg(0))
	}
	if r.format != "text" && r.format != "json" {
		return r, usagef("--format must be text or json for enum, got %q", r.format)
	}
	if r.workers < 1 {
		return r, usagef("--workers must be a whole number >= 1, got %d", r.workers)
	}
	if err := r.spec.Validate(); err != nil {
		return r, usageError{err.Error()}
	}
	return r, nil
}

// enumCommand is "loadlab enum", or "loadlab run" on an enumeration
// scenario.
func enumCommand(args []string, base bins.ExactSpec, stdout io.Writer) error {
	req, err := parseEnumArgs(args, base)
	if err != nil {
		return err
	}
	rep, err := req.spec.Run(req.workers)
	if err != nil {
		return usageError{firstLine(err)}
	}
	var out bytes.Buffer
	if req.format == "json" {
		if err := writeJSON(&out, enumJSONOf(rep)); err != nil {
			return err
		}
	} else {
		writeEnumText(&out, rep)
	}
	_, err = stdout.Write(out.Bytes())
	return err
}

// JSON shapes of DESIGN.md's enum contract.
type (
	enumJSON struct {
		Method     string                `json:"method"`
		Bins       int                   `json:"bins"`
		Balls      int                   `json:"balls"`
		Strategies map[string]exactJSON  `json:"strategies"`
		Order      []string              `json:"order"`
		Inputs     *int64                `json:"inputs,omitempty"`
		TwoVsOne   *bins.PairedCounts    `json:"two_vs_one,omitempty"`
		Examples   []bins.Counterexample `json:"counterexamples,omitempty"`
		Kinds      map[string]int64      `json:"counterexample_kinds,omitempty"`
	}
	exactJSON struct {
		ExpectedMax      string        `json:"expected_max"`
		ExpectedMaxFloat float64       `json:"expected_max_float"`
		MaxDistribution  []maxProbJSON `json:"max_distribution"`
	}
	maxProbJSON struct {
		Max              int     `json:"max"`
		Probability      string  `json:"probability"`
		ProbabilityFloat float64 `json:"probability_float"`
	}
	counterexampleJSON struct {
		Index      int64            `json:"index"`
		Candidates [][2]int         `json:"candidates"`
		Loads      map[string][]int `json:"loads"`
	}
)

func enumJSONOf(r bins.ExactReport) any {
	j := enumJSON{Method: r.Spec.Method, Bins: r.Spec.Bins, Balls: r.Spec.Balls, Strategies: map[string]exactJSON{}, Order: r.Names}
	for i, name := range r.Names {
		ex := r.Exact[i]
		e := ex.Expected()
		f, _ := e.Float64()
		js := exactJSON{ExpectedMax: e.String(), ExpectedMaxFloat: f, MaxDistribution: []maxProbJSON{}}
		for k, p := range ex.Prob {
			if p.Sign() == 0 {
				continue
			}
			pf, _ := p.Float64()
			js.MaxDistribution = append(js.MaxDistribution, maxProbJSON{k, p.String(), pf})
		}
		j.Strategies[name] = js
	}
	if r.Brute == nil {
		return j
	}
	e := r.Brute
	j.Inputs, j.TwoVsOne, j.Kinds = &e.Inputs, &e.TwoVsOne, e.Kinds
	j.Examples = e.Counterexamples
	// first_counterexample is always present for brute force: null when two
	// choices never end worse.
	type bruteJSON struct {
		enumJSON
		First *counterexampleJSON `json:"first_counterexample"`
	}
	b := bruteJSON{enumJSON: j}
	if len(e.Counterexamples) > 0 {
		c := e.Counterexamples[0]
		b.First = &counterexampleJSON{c.Index, c.Candidates, map[string][]int{"one": c.One, "two": c.Two}}
	}
	return b
}

func writeEnumText(w io.Writer, r bins.ExactReport) {
	fmt.Fprintf(w, "exact %s: %d balls into %d bins", r.Spec.Method, r.Spec.Balls, r.Spec.Bins)
	if r.Brute != nil {
		fmt.Fprintf(w, ", all %s inputs (every ordered candidate pair per ball); stale refreshes every %d balls",
			textfmt.Digits(r.Brute.Inputs), r.StaleRefresh())
	}
	fmt.Fprint(w, "\n\n")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "strategy\tE[max]\t\tP(max = k)")
	for i, name := range r.Names {
		e := r.Exact[i].Expected()
		f, _ := e.Float64()
		var dist []string
		for k, p := range r.Exact[i].Prob {
			if pf, _ := p.Float64(); pf >= 5e-7 {
				dist = append(dist, fmt.Sprintf("%d: %.6f", k, pf))
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%.6f\t%s\n", name, textfmt.Fraction(e, 24), f, strings.Join(dist, "  "))
	}
	tw.Flush()
	fmt.Fprintln(w, "(P(max = k) below 0.0000005 not shown; --format json has every probability as an exact fraction)")
	if r.Brute == nil {
		return
	}
	e := r.Brute
	fmt.Fprintf(w, "\ntwo choices against one, input by input: better %s, same %s, worse %s\n",
		textfmt.Digits(e.TwoVsOne.Better), textfmt.Digits(e.TwoVsOne.Same), textfmt.Digits(e.TwoVsOne.Worse))
	if len(e.Counterexamples) == 0 {
		fmt.Fprintln(w, "no input where two choices end worse than one")
		return
	}
	var kinds []string
	for k, c := range e.Kinds {
		kinds = append(kinds, fmt.Sprintf("%s: %d", k, c))
	}
	slices.Sort(kinds)
	fmt.Fprintf(w, "counterexamples by max load (one vs two): %s\n", strings.Join(kinds, ", "))
	c := e.Counterexamples[0]
	fmt.Fprintf(w, "\nfirst counterexample, input %s: %s\n\n", textfmt.Digits(c.Index), textfmt.Candidates(c.Candidates))
	fmt.Fprint(w, drawLoads(c.One, c.Two))
	if len(e.Counterexamples) > 1 {
		fmt.Fprintf(w, "\nfirst %d counterexamples:\n", len(e.Counterexamples))
		for _, c := range e.Counterexamples {
			fmt.Fprintf(w, "  %8s  %s  one %v  two %v\n", textfmt.Digits(c.Index), textfmt.Candidates(c.Candidates), c.One, c.Two)
		}
	}
}

// firstLine keeps one line of a joined error: every rule refuses a size
// for the same reason.
func firstLine(err error) string {
	line, _, _ := strings.Cut(err.Error(), "\n")
	return line
}

// drawLoads draws two load vectors side by side as columns of blocks.
func drawLoads(one, two []int) string {
	top := max(slices.Max(one), slices.Max(two))
	var b strings.Builder
	col := func(loads []int, row int) string {
		var s strings.Builder
		for _, v := range loads {
			switch {
			case v >= row:
				s.WriteString("█ ")
			case row == 1:
				s.WriteString("· ")
			default:
				s.WriteString("  ")
			}
		}
		return s.String()
	}
	width := max(2*len(one)+1, len(fmt.Sprint(one)), len("one choice, max 99"))
	for row := top; row >= 1; row-- {
		fmt.Fprintf(&b, "  %-*s    %s\n", width, col(one, row), col(two, row))
	}
	fmt.Fprintf(&b, "  %-*s    %s\n", width, fmt.Sprint(one), fmt.Sprint(two))
	fmt.Fprintf(&b, "  %-*s    %s\n", width, fmt.Sprintf("one choice, max %d", slices.Max(one)), fmt.Sprintf("two choices, max %d", slices.Max(two)))
	return b.String()
}
