package bins

import (
	"slices"

	"github.com/loadlab/loadlab/sim/engine"
)

// TrialResult holds every strategy's final figures for one trial.
type TrialResult struct {
	Seed    int64              `json:"seed"`
	Results map[string]Figures `json:"results"`
}

// Summary condenses one strategy's trials.
type Summary struct {
	MaxMean   float64 `json:"max_mean"`
	MaxMedian float64 `json:"max_median"`
	// MaxP95 is the 95th percentile of the max load across trials, by
	// nearest rank.
	MaxP95    int     `json:"max_p95"`
	P99Median float64 `json:"p99_median"`
	StdMean   float64 `json:"std_mean"`
	EmptyMean float64 `json:"empty_mean"`
	HotMean   float64 `json:"hot_mean"`
	// MaxDistribution[k] is the number of trials whose max load was k.
	MaxDistribution []int      `json:"max_distribution"`
	Theory          Prediction `json:"theory"`
}

// Comparison sets strategy A against with strategy B trial by trial: in how many
// trials A's max load was lower than, equal to, or higher than B's, and the
// median of A's max minus B's.
type Comparison struct {
	A          string  `json:"a"`
	B          string  `json:"b"`
	Lower      int     `json:"lower"`
	Equal      int     `json:"equal"`
	Higher     int     `json:"higher"`
	MedianDiff float64 `json:"median_diff"`
}

// Result is the headless output of a run.
type Result struct {
	Bins       int                `json:"bins"`
	Balls      int                `json:"balls"`
	Seed       int64              `json:"seed"`
	Stream     string             `json:"stream"`
	Hot        float64            `json:"hot"`
	Strategies []string           `json:"strategies"`
	Trials     []TrialResult      `json:"trials"`
	Summary    map[string]Summary `json:"summary"`
	Paired     []Comparison       `json:"paired"`
	// Moments are the first trial's moments; Step is the ball.
	Moments []engine.Moment `json:"moments"`
}

// Result summarises the finished trials (all of them once Done).
func (e *Engine) Result() Result {
	return summarize(e.cfg, e.trials, e.Moments())
}

// summarize builds the Result of a config from its finished trials, in
// trial order.
func summarize(cfg Config, trials []TrialResult, moments []engine.Moment) Result {
	r := Result{
		Bins: cfg.Bins, Balls: cfg.Balls, Seed: cfg.Seed,
		Stream: cfg.Stream.String(), Hot: cfg.Hot,
		Trials:  trials,
		Summary: make(map[string]Summary, len(cfg.Strategies)),
		Paired:  []Comparison{},
		Moments: append([]engine.Moment{}, moments...),
	}
	if r.Trials == nil {
		r.Trials = []TrialResult{}
	}
	maxes := make([][]int, len(cfg.Strategies))
	baseline := 0
	for i, st := range cfg.Strategies {
		name := st.Name
		if name == cfg.Baseline {
			baseline = i
		}
		r.Strategies = append(r.Strategies, name)
		var p99s, stds, empties, hots []float64
		dist := []int{}
		for _, t := range trials {
			f := t.Results[name]
			maxes[i] = append(maxes[i], f.Max)
			p99s = append(p99s, float64(f.P99))
			stds = append(stds, f.Std)
			empties = append(empties, float64(f.Empty))
			hots = append(hots, float64(f.Hot))
			for len(dist) <= f.Max {
				dist = append(dist, 0)
			}
			dist[f.Max]++
		}
		maxF := intsToFloats(maxes[i])
		r.Summary[name] = Summary{
			MaxMean:         mean(maxF),
			MaxMedian:       median(maxF),
			MaxP95:          nearestRank(maxes[i], 95),
			P99Median:       median(p99s),
			StdMean:         mean(stds),
			EmptyMean:       mean(empties),
			HotMean:         mean(hots),
			MaxDistribution: dist,
			Theory:          Predict(st, cfg.Bins, cfg.Balls),
		}
	}
	for i, st := range cfg.Strategies {
		if i == baseline {
			continue
		}
		p := Comparison{A: st.Name, B: cfg.Strategies[baseline].Name}
		diffs := make([]float64, len(maxes[i]))
		for t := range maxes[i] {
			d := maxes[i][t] - maxes[baseline][t]
			switch {
			case d < 0:
				p.Lower++
			case d == 0:
				p.Equal++
			default:
				p.Higher++
			}
			diffs[t] = float64(d)
		}
		p.MedianDiff = median(diffs)
		r.Paired = append(r.Paired, p)
	}
	return r
}

func mean(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

func intsToFloats(xs []int) []float64 {
	out := make([]float64, len(xs))
	for i, x := range xs {
		out[i] = float64(x)
	}
	return out
}

// median is the middle value, or the mean of the two middle values, as
// Python's statistics.median.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// nearestRank is the p-th percentile by nearest rank: the smallest value
// with at least p % of the values at or below it.
func nearestRank(xs []int, p int) int {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	rank := (p*len(s) + 99) / 100
	return s[max(rank, 1)-1]
}
