package bins

import (
	"fmt"
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
	// HotMean is nil (null) below HotMinMean balls a bin, where the hot
	// count is not kept (Figures.HotCounted).
	HotMean *float64 `json:"hot_mean"`
	// MaxDistribution lists every max load some trial ended with and how
	// many trials did, lowest first.
	MaxDistribution []MaxCount `json:"max_distribution"`
	Theory          Prediction `json:"theory"`
}

// MaxCount is how many trials ended with a max load.
type MaxCount struct {
	Max    int `json:"max"`
	Trials int `json:"trials"`
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
	Bins   int     `json:"bins"`
	Balls  int     `json:"balls"`
	Seed   int64   `json:"seed"`
	Stream string  `json:"stream"`
	Hot    float64 `json:"hot"`
	// HotNote says why every hot count is null: the mean load is under
	// HotMinMean. It is empty where they are counted.
	HotNote    string   `json:"hot_note,omitempty"`
	Strategies []string `json:"strategies"`
	// Trials holds every trial's figures, or only the first trial's when
	// the run was asked not to keep them (see RunOptions).
	Trials  []TrialResult      `json:"trials"`
	Summary map[string]Summary `json:"summary"`
	// Theory is each strategy's prediction (also in its summary).
	Theory map[string]Prediction `json:"theory"`
	Paired []Comparison          `json:"paired"`
	// Moments are the first trial's moments; Step is the ball.
	Moments []engine.Moment `json:"moments"`
}

// TrialCount is the number of trials the summary covers (Trials may list
// only the first).
func (r Result) TrialCount() int {
	if len(r.Strategies) == 0 {
		return len(r.Trials)
	}
	n := 0
	for _, c := range r.Summary[r.Strategies[0]].MaxDistribution {
		n += c.Trials
	}
	return n
}

// Result summarises the finished trials (all of them once Done) and lists
// every one.
func (e *Engine) Result() Result {
	if e.full == nil {
		for _, l := range e.lanes {
			e.full = append(e.full, Predict(l.strategy, e.cfg.Bins, e.cfg.Balls))
		}
	}
	return summarize(e.cfg, e.rows, e.Moments(), true, e.full)
}

// ViewResult is Result for a view: the same figures, with the theory a
// snapshot carries (an integration that would hold the view up is left
// out and says so).
func (e *Engine) ViewResult() Result {
	theory := make([]Prediction, len(e.lanes))
	for i := range theory {
		theory[i] = e.prediction(i)
	}
	return summarize(e.cfg, e.rows, e.Moments(), true, theory)
}

// row is one strategy's figures at the end of one trial, kept compact: a
// run holds one per trial and strategy. Mean and Gap follow from the
// config, so they are not stored.
type row struct {
	max, min, p99, empty, hot int32
	top                       [5]int32
	ntop                      int8
	std                       float64
}

// rowBytes is the size of a row, for the cost model.
const rowBytes = 56

func rowOf(f Figures) row {
	r := row{max: int32(f.Max), min: int32(f.Min), p99: int32(f.P99), empty: int32(f.Empty), hot: int32(f.Hot),
		ntop: int8(len(f.Top5)), std: f.Std}
	for i, v := range f.Top5 {
		r.top[i] = int32(v)
	}
	return r
}

// figures expands a row with the trial's mean load.
func (r row) figures(mean float64) Figures {
	f := Figures{Max: int(r.max), Min: int(r.min), Mean: mean, Std: r.std, P99: int(r.p99), Empty: int(r.empty),
		Hot: int(r.hot), Top5: make([]int, r.ntop), Gap: float64(r.max) - mean}
	for i := range f.Top5 {
		f.Top5[i] = int(r.top[i])
	}
	return f
}

// summarize builds the Result of a config from its finished trials' rows,
// trial by trial, strategy by strategy. With keepAll false only the first
// trial is listed in Trials; the summary always covers every trial.
// theory, when not nil, is each strategy's prediction already worked out;
// nil works them out here.
func summarize(cfg Config, rows []row, moments []engine.Moment, keepAll bool, theory []Prediction) Result {
	k := len(cfg.Strategies)
	trials := len(rows) / k
	meanLoad := float64(cfg.Balls) / float64(cfg.Bins)
	r := Result{
		Bins: cfg.Bins, Balls: cfg.Balls, Seed: cfg.Seed,
		Stream: cfg.Stream.String(), Hot: cfg.Hot,
		Trials:  []TrialResult{},
		HotNote: hotNote(meanLoad),
		Summary: make(map[string]Summary, k),
		Theory:  make(map[string]Prediction, k),
		Paired:  []Comparison{},
		Moments: append([]engine.Moment{}, moments...),
	}
	listed := trials
	if !keepAll {
		listed = min(trials, 1)
	}
	for t := range listed {
		tr := TrialResult{Seed: cfg.Seed + int64(t), Results: make(map[string]Figures, k)}
		for i, s := range cfg.Strategies {
			tr.Results[s.Name] = rows[t*k+i].figures(meanLoad)
		}
		r.Trials = append(r.Trials, tr)
	}
	maxes := make([][]int, k)
	baseline := 0
	for i, st := range cfg.Strategies {
		name := st.Name
		if name == cfg.Baseline {
			baseline = i
		}
		r.Strategies = append(r.Strategies, name)
		p99s, stds, empties, hots := make([]float64, trials), make([]float64, trials), make([]float64, trials), make([]float64, trials)
		maxes[i] = make([]int, trials)
		counts := map[int]int{}
		for t := range trials {
			row := rows[t*k+i]
			maxes[i][t] = int(row.max)
			p99s[t], stds[t], empties[t], hots[t] = float64(row.p99), row.std, float64(row.empty), float64(row.hot)
			counts[int(row.max)]++
		}
		dist := []MaxCount{}
		for m, c := range counts {
			dist = append(dist, MaxCount{Max: m, Trials: c})
		}
		slices.SortFunc(dist, func(a, b MaxCount) int { return a.Max - b.Max })
		r.Summary[name] = Summary{
			MaxMean:         mean(intsToFloats(maxes[i])),
			MaxMedian:       median(intsToFloats(maxes[i])),
			MaxP95:          nearestRank(maxes[i], 95),
			P99Median:       median(p99s),
			StdMean:         mean(stds),
			EmptyMean:       mean(empties),
			HotMean:         hotMean(meanLoad, hots),
			MaxDistribution: dist,
			Theory:          predictionOf(theory, i, st, cfg),
		}
		r.Theory[name] = r.Summary[name].Theory
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

// hotNote is Result.HotNote at a mean load.
func hotNote(meanLoad float64) string {
	if (Figures{Mean: meanLoad}).HotCounted() {
		return ""
	}
	return fmt.Sprintf("hot is not counted below %d balls a bin", HotMinMean)
}

// hotMean is the mean hot count, nil where it is not counted.
func hotMean(meanLoad float64, hots []float64) *float64 {
	if !(Figures{Mean: meanLoad}).HotCounted() {
		return nil
	}
	m := mean(hots)
	return &m
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

// predictionOf is theory[i] if given, else strategy st's prediction.
func predictionOf(theory []Prediction, i int, st Strategy, cfg Config) Prediction {
	if theory != nil {
		return theory[i]
	}
	return Predict(st, cfg.Bins, cfg.Balls)
}
