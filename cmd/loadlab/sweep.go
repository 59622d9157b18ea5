package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/loadlab/loadlab/internal/flags"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/engine"
)

// Limits of a sweep: the grid's points, and its runs (points x seeds).
const (
	maxSweepPoints = 1000
	maxSweepRuns   = 100_000
)

// vary is one --vary: a field of the engine's and the values it takes,
// as its flag reads them; or, with Follows, the other varied field whose
// value it takes at every point (--vary balls=@bins: m = n).
type vary struct {
	Field   string   `json:"field"`
	Values  []string `json:"values,omitempty"`
	Follows string   `json:"follows,omitempty"`
}

// sweepPoint is one point of the grid: its values, each headline
// figure's spread over the seeds (one run: a spread of one), and the
// engine's theory there, where it has one.
type sweepPoint struct {
	At      map[string]string `json:"at"`
	Figures []engine.Spread   `json:"figures"`
	Theory  []engine.Figure   `json:"theory,omitempty"`
}

// sweepReport is a sweep: the engine, what it varied, the seeds a point
// and every point in the grid's order (the last field fastest).
type sweepReport struct {
	Engine    string       `json:"engine"`
	Vary      []vary       `json:"vary"`
	FirstSeed int64        `json:"first_seed,omitempty"`
	Seeds     int          `json:"seeds"`
	Points    []sweepPoint `json:"points"`
}

// sweepCommand is "loadlab sweep ENGINE|SCENARIO --vary FIELD=VALUES
// [--vary ...] [flags] [--seeds N] [--workers N] [--format text|json|csv]".
func sweepCommand(args []string, stdout, stderr io.Writer) error {
	varyArgs, rest, err := takeVary(args)
	if err != nil {
		return err
	}
	target, file, err := flags.ScanArgs(rest, boolFlagNames())
	if err != nil {
		return err
	}
	if target == "" && file == "" && slices.ContainsFunc(rest, flags.IsHelpFlag) {
		return flags.HelpRequest{Topic: "sweep"}
	}
	if target == "" && file == "" {
		return flags.Usagef("sweep needs an engine (%s) or a scenario, and --vary FIELD=VALUES", strings.Join(engineNames(), ", "))
	}
	base, err := baseScenario(target, file)
	if err != nil {
		return err
	}
	a, ok := adaptorFor(base.Engine())
	if !ok {
		return flags.Usagef("the %s engine has no headless run", base.Engine())
	}
	fs, specOf := flags.For(base.Spec, "sweep "+base.Engine())
	format, workers, seeds := "text", runtime.GOMAXPROCS(0), 0
	fs.Text(&format, "format", "text, json or csv", "the report's form")
	fs.Int(&workers, "workers", 1, math.MaxInt, "goroutines sharing the runs (the result does not depend on it)")
	fs.Text(&file, "scenario-file", "a file name", "a TOML or JSON scenario file to start from")
	seeded := fs.Lookup("seed") != nil
	if seeded {
		fs.Int(&seeds, "seeds", 1, engine.MaxSeeds, "seeds a point runs on, from --seed")
	}
	if _, err := flags.Parse(fs, rest, "sweep"); err != nil {
		return err
	}
	if !slices.Contains(formatOrder, format) {
		return flags.Usagef("--format must be text, json or csv, got %q", format)
	}
	spec := specOf()
	if err := spec.Validate(); err != nil {
		return flags.UsageError{Msg: flags.Named(err)}
	}
	if len(varyArgs) == 0 {
		return flags.Usagef("sweep needs --vary FIELD=VALUES: a flag of %s and its values, such as --vary bins=16..65536x4", base.Engine())
	}
	varies, err := parseVaries(varyArgs, spec)
	if err != nil {
		return err
	}
	seeds = max(seeds, 1)
	points, err := sweepGrid(spec, varies)
	if err != nil {
		return err
	}
	if len(points)*seeds > maxSweepRuns {
		return flags.Usagef("the sweep would be %d runs (%d points x %d seeds), over the limit of %d: vary fewer values or lower --seeds", len(points)*seeds, len(points), seeds, maxSweepRuns)
	}
	work := 0.0
	for _, p := range points {
		work += a.estimate(p.spec).Seconds * float64(seeds)
	}
	if lim := limits(0); work/float64(max(1, min(workers, len(points)*seeds))) > lim.Seconds {
		return flags.Usagef("the sweep would take about %s of work on %s, over the limit of %s: vary fewer values, lower --seeds, or add --workers",
			engine.Duration(work/float64(workers)), engine.Count(workers, "core"), engine.Duration(lim.Seconds))
	}
	var first int64
	if seeded {
		first, _ = strconv.ParseInt(fs.Current("seed"), 10, 64)
	}
	return withInterrupt(func(ctx context.Context) error {
		rep, err := runSweep(ctx, a, points, varies, first, seeds, workers, seeded, stderr)
		if err != nil {
			return err
		}
		rep.Engine = base.Engine()
		var b strings.Builder
		switch format {
		case "json":
			err = writeJSON(&b, rep)
		case "csv":
			err = writeSweepCSV(&b, rep)
		default:
			err = writeSweepText(&b, rep)
		}
		if err != nil {
			return err
		}
		return writeReport(ctx, stdout, stderr, []byte(b.String()))
	})
}

// takeVary takes every --vary (and --vary=) out of args.
func takeVary(args []string) (varies, rest []string, err error) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--vary" || a == "-vary":
			if i+1 >= len(args) {
				return nil, nil, flags.Usagef("--vary needs a value: FIELD=VALUES, such as bins=16,64,256")
			}
			varies = append(varies, args[i+1])
			i++
		case strings.HasPrefix(a, "--vary=") || strings.HasPrefix(a, "-vary="):
			varies = append(varies, a[strings.Index(a, "=")+1:])
		default:
			rest = append(rest, a)
		}
	}
	return varies, rest, nil
}

// parseVaries reads each FIELD=VALUES: the field one of the engine's
// flags, varied once; VALUES a list "a,b,c", a geometric range
// "A..BxK" (A, A*K, ... up to B) or an arithmetic one "A..B+K".
func parseVaries(args []string, spec scenarios.Spec) ([]vary, error) {
	fs, _ := flags.For(spec, "")
	var out []vary
	for _, a := range args {
		field, values, ok := strings.Cut(a, "=")
		if !ok || field == "" || values == "" {
			return nil, flags.Usagef("--vary must be FIELD=VALUES, such as bins=16,64,256 or bins=16..65536x4, got %q", a)
		}
		field = strings.TrimLeft(field, "-")
		if fs.Lookup(field) == nil {
			return nil, flags.Usagef("--vary %s: %s is not a field of %s (see loadlab help %s)", a, field, spec.Engine(), spec.Engine())
		}
		if field == "seed" {
			return nil, flags.Usagef("--vary seed: use --seeds N for many seeds")
		}
		if slices.ContainsFunc(out, func(v vary) bool { return v.Field == field }) {
			return nil, flags.Usagef("--vary %s is given twice: give a field once", field)
		}
		if other, ok := strings.CutPrefix(values, "@"); ok {
			out = append(out, vary{Field: field, Follows: strings.TrimLeft(other, "-")})
			continue
		}
		vals, err := rangeValues(values)
		if err != nil {
			return nil, flags.Usagef("--vary %s: %v", a, err)
		}
		for i, v := range vals {
			if slices.Contains(vals[:i], v) {
				return nil, flags.Usagef("--vary %s: %s is given twice: give each value once", a, v)
			}
		}
		out = append(out, vary{Field: field, Values: vals})
	}
	for _, v := range out {
		if v.Follows == "" {
			continue
		}
		if i := slices.IndexFunc(out, func(o vary) bool { return o.Field == v.Follows }); i < 0 || out[i].Follows != "" {
			return nil, flags.Usagef("--vary %s=@%s: @ takes another field varied by values in this sweep", v.Field, v.Follows)
		}
	}
	return out, nil
}

// rangeValues reads a list or a range of values.
func rangeValues(s string) ([]string, error) {
	lo, hi, isRange := strings.Cut(s, "..")
	if !isRange {
		return strings.Split(s, ","), nil
	}
	op := strings.IndexAny(hi, "x+")
	if op < 0 {
		return nil, fmt.Errorf("a range takes its step: A..BxK (times K) or A..B+K (plus K)")
	}
	a, errA := strconv.ParseFloat(lo, 64)
	b, errB := strconv.ParseFloat(hi[:op], 64)
	k, errK := strconv.ParseFloat(hi[op+1:], 64)
	if errA != nil || errB != nil || errK != nil || math.IsInf(a+b+k, 0) || math.IsNaN(a+b+k) {
		return nil, fmt.Errorf("the ends and the step must be numbers: A..BxK or A..B+K")
	}
	var out []string
	for x, n := a, 0; x <= b*(1+1e-12); n++ {
		if n >= maxSweepPoints {
			return nil, fmt.Errorf("more than %d values", maxSweepPoints)
		}
		out = append(out, strconv.FormatFloat(x, 'g', -1, 64))
		switch {
		case hi[op] == 'x' && (k <= 1 || a <= 0):
			return nil, fmt.Errorf("a geometric range needs A > 0 and K > 1")
		case hi[op] == '+' && k <= 0:
			return nil, fmt.Errorf("an arithmetic range needs K > 0")
		case hi[op] == 'x':
			x *= k
		default:
			x = a + float64(n+1)*k
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("a range A..B needs A <= B")
	}
	return out, nil
}

// gridPoint is a point's values and spec.
type gridPoint struct {
	at   map[string]string
	spec scenarios.Spec
}

// sweepGrid is every combination of the varied values over spec, each
// validated as the command line would (a refused point names its values).
func sweepGrid(spec scenarios.Spec, varies []vary) ([]gridPoint, error) {
	n := 1
	for _, v := range varies {
		n *= max(1, len(v.Values)) // a field that follows another adds no points
		if n > maxSweepPoints {
			return nil, flags.Usagef("the grid has more than %d points: vary fewer values", maxSweepPoints)
		}
	}
	out := make([]gridPoint, 0, n)
	for i := range n {
		at, args := map[string]string{}, []string(nil)
		k := i
		for j := len(varies) - 1; j >= 0; j-- {
			v := varies[j]
			if v.Follows != "" {
				continue
			}
			val := v.Values[k%len(v.Values)]
			k /= len(v.Values)
			at[v.Field] = val
			args = append(args, "--"+v.Field, val)
		}
		for _, v := range varies {
			if v.Follows != "" {
				at[v.Field] = at[v.Follows]
				args = append(args, "--"+v.Field, at[v.Follows])
			}
		}
		s, err := flags.Apply(spec, args)
		if err != nil {
			return nil, flags.Usagef("at %s: %v", strings.Join(args, " "), err)
		}
		out = append(out, gridPoint{at: at, spec: s})
	}
	return out, nil
}

// runSweep runs every point on its seeds, the runs shared by workers.
func runSweep(ctx context.Context, a adaptor, points []gridPoint, varies []vary, first int64, seeds, workers int, seeded bool, stderr io.Writer) (sweepReport, error) {
	progress := newProgress(stderr)
	runs, err := engine.Parallel(ctx, len(points)*seeds, workers, func(ctx context.Context, k int) ([]engine.Figure, error) {
		s := points[k/seeds].spec
		if seeded {
			var err error
			if s, err = flags.Apply(s, []string{"--seed", strconv.FormatInt(first+int64(k%seeds)*engine.StrideOf(s), 10)}); err != nil {
				return nil, err
			}
		}
		return a.figures(ctx, s)
	}, progress.update)
	progress.finish()
	if err != nil {
		if ctx.Err() != nil {
			return sweepReport{}, fmt.Errorf("%w: no output written (stopped at %.0f%%)", errInterrupted, 100*progress.done())
		}
		return sweepReport{}, err
	}
	rep := sweepReport{Vary: varies, Seeds: seeds}
	if seeded {
		rep.FirstSeed = first
	}
	for i, p := range points {
		pt := sweepPoint{At: p.at, Figures: engine.Spreads(runs[i*seeds : (i+1)*seeds])}
		if t, ok := p.spec.(interface{ Theory() []engine.Figure }); ok {
			pt.Theory = t.Theory()
		}
		rep.Points = append(rep.Points, pt)
	}
	return rep, nil
}
