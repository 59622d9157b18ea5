package main

import (
	"bytes"
	"fmt"
	"io"
	"math/big"
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
	cfg    bins.EnumConfig
	method string
	d      int
	format string
}

// parseEnumArgs reads the flags of "loadlab enum" (or of "loadlab run" on
// an enumeration scenario) over the base spec.
func parseEnumArgs(args []string, base scenarios.EnumSpec) (enumRequest, error) {
	fs := newFlagSet("enum")
	r := enumRequest{}
	fs.IntVar(&r.cfg.Bins, "bins", base.Bins, "number of bins n")
	fs.IntVar(&r.cfg.Balls, "balls", base.Balls, "number of balls m")
	refresh := fs.Int("refresh", base.Refresh, "stale snapshot interval (default: the number of balls, a snapshot never refreshed)")
	fs.IntVar(&r.cfg.Counterexamples, "counterexamples", base.Counterexamples, "how many counterexamples to list")
	fs.IntVar(&r.cfg.Workers, "workers", runtime.GOMAXPROCS(0), "goroutines (the result does not depend on it)")
	fs.StringVar(&r.method, "method", base.Method, "brute (every input) or dp (load multisets)")
	fs.IntVar(&r.d, "d", base.D, "candidates of dchoice in the DP")
	fs.StringVar(&r.format, "format", "text", "text or json")
	file := fs.String("scenario-file", "", "a TOML or JSON file with engine = \"enum\"")
	if err := parseFlags(fs, args); err != nil {
		return r, err
	}
	if *file != "" {
		sc, err := loadScenarioFile(*file)
		if err != nil {
			return r, err
		}
		if sc.Engine != scenarios.Enum {
			return r, usagef("--scenario-file %s is a %s scenario: run it with loadlab run --scenario-file", *file, sc.Engine)
		}
		// The file is the base; flags given with it still win.
		return parseEnumArgs(withoutFile(args), sc.Enum)
	}
	if fs.NArg() > 0 {
		return r, usagef("enum takes flags only, got %q", fs.Arg(0))
	}
	r.cfg.Refresh = *refresh
	if *refresh == 0 {
		r.cfg.Refresh = r.cfg.Balls
	}
	if r.format != "text" && r.format != "json" {
		return r, usagef("--format must be text or json for enum, got %q", r.format)
	}
	if r.cfg.Workers < 1 {
		return r, usagef("--workers must be a whole number >= 1, got %d", r.cfg.Workers)
	}
	switch r.method {
	case "brute":
		if err := r.cfg.Validate(); err != nil {
			return r, usageError{err.Error()}
		}
	case "dp":
		if r.cfg.Bins < 1 || r.cfg.Balls < 1 {
			return r, usagef("--bins and --balls must be at least 1, got %d and %d", r.cfg.Bins, r.cfg.Balls)
		}
		if r.d < 1 || r.d > r.cfg.Bins {
			return r, usagef("--d must be in 1..%d (the number of bins), got %d", r.cfg.Bins, r.d)
		}
	default:
		return r, usagef("--method must be brute or dp, got %q", r.method)
	}
	return r, nil
}

// withoutFile drops --scenario-file and its value from args.
func withoutFile(args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		a := strings.TrimLeft(args[i], "-")
		switch {
		case a == "scenario-file":
			i++
		case strings.HasPrefix(a, "scenario-file="):
		default:
			out = append(out, args[i])
		}
	}
	return out
}

// enumCommand is "loadlab enum", or "loadlab run" on an enumeration
// scenario.
func enumCommand(args []string, base scenarios.EnumSpec, stdout io.Writer) error {
	req, err := parseEnumArgs(args, base)
	if err != nil {
		return err
	}
	var rep enumReport
	if req.method == "dp" {
		rep, err = dpReport(req)
	} else {
		rep, err = bruteReport(req)
	}
	if err != nil {
		return err
	}
	var out bytes.Buffer
	if req.format == "json" {
		if err := writeJSON(&out, rep.json()); err != nil {
			return err
		}
	} else {
		writeEnumText(&out, rep)
	}
	_, err = stdout.Write(out.Bytes())
	return err
}

// enumReport holds either method's results in print order.
type enumReport struct {
	method, refreshNote string
	bins, balls         int
	names               []string
	exact               []bins.Exact
	brute               *bins.Enumeration // nil for dp
}

func bruteReport(req enumRequest) (enumReport, error) {
	e, err := bins.Enumerate(req.cfg)
	if err != nil {
		return enumReport{}, usageError{err.Error()}
	}
	r := enumReport{method: "brute", bins: req.cfg.Bins, balls: req.cfg.Balls, brute: e,
		refreshNote: fmt.Sprintf("stale refreshes every %d balls", req.cfg.Refresh)}
	for s, k := range bins.EnumStrategies {
		r.names = append(r.names, k.String())
		r.exact = append(r.exact, e.Exact(s))
	}
	return r, nil
}

func dpReport(req enumRequest) (enumReport, error) {
	r := enumReport{method: "dp", bins: req.cfg.Bins, balls: req.cfg.Balls}
	exact, err := bins.ExactDPs(bins.DPStrategies, req.d, req.cfg.Bins, req.cfg.Balls)
	if err != nil {
		return r, usageError{firstLine(err)}
	}
	for i, k := range bins.DPStrategies {
		ex := exact[i]
		name := k.String()
		if k == bins.DChoice {
			name = fmt.Sprintf("dchoice:%d", req.d)
		}
		r.names = append(r.names, name)
		r.exact = append(r.exact, ex)
	}
	return r, nil
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

func (r enumReport) json() any {
	j := enumJSON{Method: r.method, Bins: r.bins, Balls: r.balls, Strategies: map[string]exactJSON{}, Order: r.names}
	for i, name := range r.names {
		ex := r.exact[i]
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
	if r.brute == nil {
		return j
	}
	e := r.brute
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

func writeEnumText(w io.Writer, r enumReport) {
	fmt.Fprintf(w, "exact %s: %d balls into %d bins", r.method, r.balls, r.bins)
	if r.brute != nil {
		fmt.Fprintf(w, ", all %s inputs (every ordered candidate pair per ball); %s", textfmt.Digits(r.brute.Inputs), r.refreshNote)
	}
	fmt.Fprint(w, "\n\n")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "strategy\tE[max]\t\tP(max = k)")
	for i, name := range r.names {
		e := r.exact[i].Expected()
		f, _ := e.Float64()
		var dist []string
		for k, p := range r.exact[i].Prob {
			if pf, _ := p.Float64(); pf >= 5e-7 {
				dist = append(dist, fmt.Sprintf("%d: %.6f", k, pf))
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%.6f\t%s\n", name, fractionText(e), f, strings.Join(dist, "  "))
	}
	tw.Flush()
	fmt.Fprintln(w, "(P(max = k) below 0.0000005 not shown; --format json has every probability as an exact fraction)")
	if r.brute == nil {
		return
	}
	e := r.brute
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

// fractionText prints a fraction whole when it is short, and its size
// otherwise: the DP's denominators run to hundreds of digits.
func fractionText(r *big.Rat) string {
	s := r.String()
	if len(s) <= 24 {
		return s
	}
	return fmt.Sprintf("(%d/%d digits)", len(r.Num().String()), len(r.Denom().String()))
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
