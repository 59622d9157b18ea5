// Package sweep runs a grid of an engine's configs, the same code for
// loadlab sweep and the TUI's sweep view: the fields varied and their
// values (lists, geometric and arithmetic ranges, one field tied to
// another), each point checked as the command line checks a config, the
// runs on every core over seeds, each headline figure's spread at each
// point with the engine's theory beside it, and the chart of a figure
// against the one field varied.
package sweep

import (
	"context"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/loadlab/loadlab/internal/flags"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/engine"
)

// Limits of a sweep: the grid's points, and its runs (points x seeds).
const (
	MaxPoints = 1000
	MaxRuns   = 100_000
)

// Vary is one --vary: a field of the engine's and the values it takes,
// as its flag reads them; or, with Follows, the other varied field whose
// value it takes at every point (--vary balls=@bins: m = n).
type Vary struct {
	Field   string   `json:"field"`
	Values  []string `json:"values,omitempty"`
	Follows string   `json:"follows,omitempty"`
}

// Point is one point of the grid: its values, each headline
// figure's spread over the seeds (one run: a spread of one), and the
// engine's theory there, where it has one.
type Point struct {
	At      map[string]string `json:"at"`
	Figures []engine.Spread   `json:"figures"`
	Theory  []engine.Figure   `json:"theory,omitempty"`
}

// Report is a sweep: the engine, what it varied, the seeds a point
// and every point in the grid's order (the last field fastest).
type Report struct {
	// Title is a sweep scenario's, "" for a sweep typed in full.
	Title     string  `json:"title,omitempty"`
	Engine    string  `json:"engine"`
	Vary      []Vary  `json:"vary"`
	FirstSeed int64   `json:"first_seed,omitempty"`
	Seeds     int     `json:"seeds"`
	Points    []Point `json:"points"`
}

// ParseVaries reads each FIELD=VALUES: the field one of the engine's
// flags, varied once; VALUES a list "a,b,c", a geometric range
// "A..BxK" (A, A*K, ... up to B) or an arithmetic one "A..B+K".
func ParseVaries(args []string, spec scenarios.Spec) ([]Vary, error) {
	fs, _ := flags.For(spec, "")
	var out []Vary
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
		if slices.ContainsFunc(out, func(v Vary) bool { return v.Field == field }) {
			return nil, flags.Usagef("--vary %s is given twice: give a field once", field)
		}
		if other, ok := strings.CutPrefix(values, "@"); ok {
			out = append(out, Vary{Field: field, Follows: strings.TrimLeft(other, "-")})
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
		out = append(out, Vary{Field: field, Values: vals})
	}
	for _, v := range out {
		if v.Follows == "" {
			continue
		}
		if i := slices.IndexFunc(out, func(o Vary) bool { return o.Field == v.Follows }); i < 0 || out[i].Follows != "" {
			return nil, flags.Usagef("--vary %s=@%s: @ ties %s to another field this sweep varies by values, and %s is not one (add --vary %s=VALUES)", v.Field, v.Follows, v.Field, v.Follows, v.Follows)
		}
	}
	return out, nil
}

// rangeValues reads a list or a range of values.
func rangeValues(s string) ([]string, error) {
	lo, hi, isRange := strings.Cut(s, "..")
	if !isRange {
		out := strings.Split(s, ",")
		for i, v := range out {
			if x, err := engine.ParseDecimal(v); err == nil && strings.ContainsAny(v, "eE") {
				out[i] = written(x) // 1e6 is 1000000 to a whole-number flag
			}
		}
		return out, nil
	}
	op := strings.IndexAny(hi, "x+")
	if op < 0 {
		return nil, fmt.Errorf("a range takes its step: A..BxK (times K) or A..B+K (plus K)")
	}
	a, errA := engine.ParseDecimal(lo)
	b, errB := engine.ParseDecimal(hi[:op])
	k, errK := engine.ParseDecimal(hi[op+1:])
	if errA != nil || errB != nil || errK != nil || math.IsInf(a+b+k, 0) {
		return nil, fmt.Errorf("the ends and the step must be numbers: A..BxK or A..B+K")
	}
	var out []string
	for x, n := a, 0; x <= b*(1+1e-12); n++ {
		if n >= MaxPoints {
			return nil, fmt.Errorf("more than %d values", MaxPoints)
		}
		out = append(out, written(roundOff(x)))
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

// GridPoint is a point's values and spec.
type GridPoint struct {
	At   map[string]string
	Spec scenarios.Spec
}

// Grid is every combination of the varied values over spec, each
// validated as the command line would (a refused point names its values).
func Grid(spec scenarios.Spec, varies []Vary) ([]GridPoint, error) {
	n := 1
	for _, v := range varies {
		n *= max(1, len(v.Values)) // a field that follows another adds no points
		if n > MaxPoints {
			return nil, flags.Usagef("the grid has more than %d points: vary fewer values", MaxPoints)
		}
	}
	out := make([]GridPoint, 0, n)
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
		out = append(out, GridPoint{At: at, Spec: s})
	}
	return out, nil
}

// Run runs every point on its seeds with r, the runs shared by workers
// (OverSeeds), and gathers each point's spreads and the engine's theory
// there. progress, if not nil, gets the share of runs done.
func Run(ctx context.Context, points []GridPoint, varies []Vary, first int64, seeds, workers int, seeded bool,
	r Runner, progress func(float64)) (Report, error) {
	specs := make([]scenarios.Spec, len(points))
	for i, p := range points {
		specs[i] = p.Spec
	}
	runs, err := OverSeeds(ctx, specs, first, seeds, workers, seeded, r, progress)
	if err != nil {
		return Report{}, err
	}
	rep := Report{Vary: varies, Seeds: seeds}
	if seeded {
		rep.FirstSeed = first
	}
	for i, p := range points {
		pt := Point{At: p.At, Figures: engine.Spreads(runs[i])}
		if t, ok := p.Spec.(interface{ Theory() []engine.Figure }); ok {
			pt.Theory = t.Theory()
		}
		rep.Points = append(rep.Points, pt)
	}
	return rep, nil
}

// Varied is how many fields a sweep varies by values of their own.
func Varied(r Report) int {
	n := 0
	for _, v := range r.Vary {
		if v.Follows == "" {
			n++
		}
	}
	return n
}

// FigureKeys are the keys of the figures some point gives a number, in
// the order the points first give them.
func FigureKeys(r Report) []string {
	var keys []string
	for _, p := range r.Points {
		for _, s := range p.Figures {
			if theoryKeys[s.Key] {
				continue
			}
			if s.Numeric && !slices.Contains(keys, s.Key) {
				keys = append(keys, s.Key)
			}
		}
	}
	return keys
}

// theoryKeys are headline figures that are an engine's theory rather than
// a measure (the supermarket's mean fields): a sweep draws the theory
// beside the measured figures, not as one of them.
var theoryKeys = map[string]bool{"theory": true, "random": true}

// ChartKeys are the keys a chart can draw: some group gives a number at
// every point.
func ChartKeys(r Report) []string {
	var out []string
	for _, k := range FigureKeys(r) {
		if slices.ContainsFunc(GroupsOf(r, k), func(g string) bool { return Everywhere(r, k, g) }) {
			out = append(out, k)
		}
	}
	return out
}

// GroupsOf are the groups some point gives a key a number in (a sweep of
// the strategies gives each point its own).
func GroupsOf(r Report, key string) []string {
	var out []string
	for _, p := range r.Points {
		for _, s := range p.Figures {
			if s.Key == key && s.Numeric && !slices.Contains(out, s.Group) {
				out = append(out, s.Group)
			}
		}
	}
	return out
}

// Everywhere reports whether every point gives a group's figure a
// number: only such a line is drawn whole.
func Everywhere(r Report, key, group string) bool {
	for _, p := range r.Points {
		if _, ok := SpreadOf(p, key, group); !ok {
			return false
		}
	}
	return true
}

func NameOf(r Report, key, group string) (string, string) {
	for _, p := range r.Points {
		if s, ok := SpreadOf(p, key, group); ok {
			return s.Name, s.Unit
		}
	}
	return key, ""
}

func VaryFields(r Report) []string {
	var out []string
	for _, v := range r.Vary {
		out = append(out, v.Field)
	}
	return out
}

func SpreadOf(p Point, key, group string) (engine.Spread, bool) {
	i := slices.IndexFunc(p.Figures, func(s engine.Spread) bool { return s.Key == key && s.Group == group && s.Numeric })
	if i < 0 {
		return engine.Spread{}, false
	}
	return p.Figures[i], true
}

// TheoryKinds are the theories an engine gives a group's figure, in
// kindOrder (unknown kinds last): a theory figure's kind is its name up to ": "
// ("asymptote: ln n / ln ln n" is an asymptote), or all of it ("mean
// field", "fluid limit").
func TheoryKinds(r Report, key, group string) []string {
	var out []string
	for _, p := range r.Points {
		for _, f := range p.Theory {
			if k := kindOf(f); f.Key == key && f.Group == group && !slices.Contains(out, k) {
				out = append(out, k)
			}
		}
	}
	rank := func(k string) int {
		if i := slices.Index(kindOrder, k); i >= 0 {
			return i
		}
		return len(kindOrder)
	}
	slices.SortStableFunc(out, func(a, b string) int { return rank(a) - rank(b) })
	return out
}

// kindOrder is the order theory columns and lines come in, whichever
// point gives which first.
var kindOrder = []string{"fluid limit", "asymptote", "mean field", "random's mean field", "binomial", "1/n", "formula"}

func kindOf(f engine.Figure) string {
	k, _, _ := strings.Cut(f.Name, ": ")
	return k
}

// TheoryName is a theory's column: its kind, and its formula where every
// point has one ("asymptote: m/n + ln ln n / ln d"; one choice's changes
// where m passes n, and its column is "asymptote").
func TheoryName(r Report, key, group, kind string) string {
	name := ""
	for _, p := range r.Points {
		for _, f := range p.Theory {
			if f.Key != key || f.Group != group || kindOf(f) != kind {
				continue
			}
			if name != "" && name != f.Name {
				return kind
			}
			name = f.Name
		}
	}
	return name
}

// TheoryValue is a theory's value at a point, "-" where it has none.
func TheoryValue(p Point, key, group, kind string) string {
	for _, f := range p.Theory {
		if f.Key == key && f.Group == group && kindOf(f) == kind {
			return f.Value
		}
	}
	return "-"
}

// Caveats are said under a sweep whose engine gives a theory: what the
// theory is, and where it is not a prediction.
var Caveats = map[string]string{
	"availability": "theory: the formula A = MTTF / (MTTF + MTTR), what the watched machine's share of time up approaches over a long watch; a short watch of few failures strays from it",
	"bins":         "theory: the fluid limit is the prediction at each n (the expected max of the load's differential equations); the asymptote is the theorem's leading term as n grows (for one choice ln n / ln ln n while m <= n, m/n + sqrt(2 (m/n) ln n) past it), a shape to read against, not a prediction at small n: there two choices' can sit above one choice's. A - is a fluid limit not worked out: none is above 200 balls a bin, and a sweep leaves out one that takes over 5 ms a point (a stale board's, often)",
	"hashing":      "theory: what an ideal mapping gives: a uniform hash's binomial spread of keys a node, and 1/n of the keys moved when a node leaves; a ring's arcs spread wider (more points a node narrow them)",
	"supermarket":  "theory: the mean field, the limit of many servers once settled; a run too short to settle (random near full load) sits under it. A stale board has none of its own: random's, the bar a choice on old numbers must clear, stands beside it. mean is jobs a server and 7+ the share of servers holding 7 or more, both averaged over the run after its warm-up",
}

// WriteText prints, for each numeric headline figure, a table of its
// mean (and 5-95 % over the seeds) at each point, with the engine's
// theory beside it; where one field was Varied and plot is not nil, the
// lines plot gives of the figure's chart (ChartOf) under its table.
func WriteText(w io.Writer, r Report, plot func(key string) []string) error {
	var fields []string
	for _, v := range r.Vary {
		if v.Follows != "" {
			fields = append(fields, fmt.Sprintf("%s (= %s)", v.Field, v.Follows))
			continue
		}
		fields = append(fields, fmt.Sprintf("%s (%d values)", v.Field, len(v.Values)))
	}
	seeds := "one run a point"
	if r.Seeds > 1 {
		seeds = fmt.Sprintf("%d seeds a point from %d", r.Seeds, r.FirstSeed)
	}
	if r.Title != "" {
		fmt.Fprintf(w, "%s\n", r.Title)
	}
	fmt.Fprintf(w, "%s swept over %s, %d points, %s\n", r.Engine, strings.Join(fields, " x "), len(r.Points), seeds)
	for _, key := range FigureKeys(r) {
		for _, group := range GroupsOf(r, key) {
			name, unit := NameOf(r, key, group)
			title := name
			if group != "" {
				title = group + ": " + name
			}
			fmt.Fprintf(w, "\n%s\n", title)
			tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
			head := "  " + strings.Join(VaryFields(r), "\t") + "\tmean"
			if r.Seeds > 1 {
				head += "\t5-95 %"
			}
			kinds := TheoryKinds(r, key, group)
			for _, kind := range kinds {
				head += "\t" + TheoryName(r, key, group, kind)
			}
			fmt.Fprintln(tw, head+"\t")
			for _, p := range r.Points {
				row := "  "
				for _, f := range VaryFields(r) {
					row += p.At[f] + "\t"
				}
				if s, ok := SpreadOf(p, key, group); ok {
					row += s.Number(s.Mean)
					if r.Seeds > 1 {
						row += "\t" + s.Number(s.P5) + " to " + s.Number(s.P95)
					}
				} else { // the figure is no number here: its run says "—" (hot bins under 5 balls a bin)
					row += noValue(p, key, group)
					if r.Seeds > 1 {
						row += "\t"
					}
				}
				for _, kind := range kinds {
					row += "\t" + TheoryValue(p, key, group, kind) + unitAfter(unit)
				}
				fmt.Fprintln(tw, row+"\t")
			}
			tw.Flush()
		}
		if plot != nil && Varied(r) == 1 {
			for _, line := range plot(key) {
				fmt.Fprintln(w, line)
			}
		}
	}
	for _, p := range r.Points {
		if len(p.Theory) > 0 {
			if c := Caveats[r.Engine]; c != "" {
				fmt.Fprintf(w, "\n%s\n", c)
			}
			break
		}
	}
	return nil
}

// unitAfter writes a unit as engine.Spread.Number does after a number.
func unitAfter(u string) string {
	if u == "" || u == "%" || u == "x" || strings.HasPrefix(u, "/") {
		return u
	}
	return " " + u
}

// noValue is what a point's runs gave for a figure that is no number
// there: its most common value ("—").
func noValue(p Point, key, group string) string {
	for _, s := range p.Figures {
		if s.Key == key && s.Group == group && len(s.Counts) > 0 {
			return s.Counts[0].Value
		}
	}
	return "—"
}

// written is a range's value as a flag takes it: whole numbers in full
// (1000000, not 1e+06), others as short as they read back.
// roundOff is x to 12 significant digits: a range's sums and products
// drift in the last bits (0.1 + 2 x 0.1 is 0.30000000000000004), and the
// value a point runs and prints is the one a person would write.
func roundOff(x float64) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'g', 12, 64), 64)
	return v
}

func written(x float64) string {
	if x == math.Trunc(x) && math.Abs(x) < 1e15 {
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}

// spanScale is the unit a key's chart is drawn in and the figure's units
// in one of it: spans (read in minutes) in the unit their largest mean
// reads best in, minutes, hours or days; any other figure in its own.
func spanScale(r Report, key string) (unit string, per float64) {
	top, unit := 0.0, ""
	for _, p := range r.Points {
		for _, s := range p.Figures {
			if s.Key == key && s.Numeric {
				top, unit = max(top, math.Abs(s.Mean)), s.Unit
			}
		}
	}
	switch {
	case unit != "min":
		return unit, 1
	case top >= 2*1440:
		return "days", 1440
	case top >= 120:
		return "h", 60
	}
	return "min", 1
}
