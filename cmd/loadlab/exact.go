package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/sim/bins"
	"github.com/loadlab/loadlab/sim/engine"
)

// exactCLI is "loadlab run exact", and "loadlab enum" for short: the enum
// report that scripts rely on (docs/headless.md).
var exactCLI = &engineCLI[bins.ExactSpec, bins.ExactReport]{
	about: `Brute force (--method brute) places every ordered candidate pair per ball, all
n^(2m) inputs, and compares the rules input by input; the DP (--method dp)
walks load multisets and gives exact distributions far beyond brute force.`,
	run: func(ctx context.Context, s bins.ExactSpec, env runEnv) (bins.ExactReport, error) {
		return s.Run(ctx, env.workers)
	},
	cost: func(s bins.ExactSpec, env runEnv) engine.Cost {
		return reportOf(s.Cost(env.workers), env.format, map[string]float64{"text": 2500, "csv": 1100})
	},
	writers: map[string]func(context.Context, io.Writer, bins.ExactReport, engine.Cost) error{
		"text": withHeadline(writeEnumText),
		"json": func(_ context.Context, w io.Writer, r bins.ExactReport, est engine.Cost) error {
			return writeJSON(w, enumJSONOf(r, est))
		},
		"csv": func(_ context.Context, w io.Writer, r bins.ExactReport, _ engine.Cost) error { return enumCSV(w, r) },
	},
}

func init() { register(exactCLI) }

// JSON shapes of the enum report that scripts rely on (docs/headless.md).
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
		// CounterexampleCap is the most counterexamples a run lists.
		CounterexampleCap int             `json:"counterexample_cap,omitempty"`
		Figures           []engine.Figure `json:"figures"`
		Estimate          engine.Cost     `json:"estimate"`
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
		Moments    []engine.Moment  `json:"moments"`
	}
)

func enumJSONOf(r bins.ExactReport, est engine.Cost) any {
	j := enumJSON{Estimate: est, Figures: r.Headline(), Method: r.Spec.Method, Bins: r.Spec.Bins, Balls: r.Spec.Balls, Strategies: map[string]exactJSON{}, Order: r.Names}
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
	j.Examples, j.CounterexampleCap = e.Counterexamples, bins.MaxCounterexamples
	// first_counterexample is always present for brute force: null when two
	// choices never end worse.
	type bruteJSON struct {
		enumJSON
		First *counterexampleJSON `json:"first_counterexample"`
	}
	b := bruteJSON{enumJSON: j}
	if e.First != nil {
		c := *e.First
		b.First = &counterexampleJSON{c.Index, c.Candidates, map[string][]int{"one": c.One, "two": c.Two},
			bins.NewTrajectory(r.Spec.Bins, c.Candidates).Moments()}
	}
	return b
}

func writeEnumText(w io.Writer, r bins.ExactReport) error {
	fmt.Fprintf(w, "exact %s: %d balls into %d bins", r.Spec.Method, r.Spec.Balls, r.Spec.Bins)
	if r.Brute != nil {
		fmt.Fprintf(w, ", all %s inputs (every ordered candidate pair per ball, a bin may be drawn twice)", engine.Digits(r.Brute.Inputs))
		if every := r.StaleRefresh(); every < r.Spec.Balls {
			fmt.Fprintf(w, "; stale refreshes every %d balls", every)
		} else {
			fmt.Fprint(w, "; stale never refreshes: one choice")
		}
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
		return nil
	}
	e := r.Brute
	fmt.Fprintf(w, "\ntwo choices against one, input by input: better %s, same %s, worse %s\n",
		engine.Digits(e.TwoVsOne.Better), engine.Digits(e.TwoVsOne.Same), engine.Digits(e.TwoVsOne.Worse))
	if e.First == nil {
		fmt.Fprintln(w, "no input where two choices end worse than one")
		return nil
	}
	var kinds []string
	for k, c := range e.Kinds {
		kinds = append(kinds, fmt.Sprintf("%s: %d", k, c))
	}
	slices.Sort(kinds)
	fmt.Fprintf(w, "counterexamples by max load (one vs two): %s\n", strings.Join(kinds, ", "))
	c := *e.First
	fmt.Fprintf(w, "\nfirst counterexample, input %s: %s\n\n", engine.Digits(c.Index), textfmt.Candidates(c.Candidates))
	fmt.Fprint(w, drawLoads(c.One, c.Two))
	writeMoments(w, "the first counterexample, ball by ball", bins.NewTrajectory(r.Spec.Bins, c.Candidates).Moments())
	fmt.Fprintf(w, "\n%s counterexamples in all; %d listed (--counterexamples, at most %s)\n",
		engine.Digits(e.TwoVsOne.Worse), len(e.Counterexamples), engine.Digits(bins.MaxCounterexamples))
	if len(e.Counterexamples) > 1 {
		for _, c := range e.Counterexamples {
			fmt.Fprintf(w, "  %8s  %s  one %v  two %v\n", engine.Digits(c.Index), textfmt.Candidates(c.Candidates), c.One, c.Two)
		}
	}
	return nil
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
