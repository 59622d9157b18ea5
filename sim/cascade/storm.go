package cascade

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/rng"
)

// Jitter is how a retry's backoff is randomised (section 26.3.2).
type Jitter int

// The jitter modes. With d_k = min(base x 2^(k-1), cap) the k-th retry
// waits d_k (none), uniform(0, d_k) (full), d_k/2 + uniform(0, d_k/2)
// (equal), min(cap, uniform(base, 3 x the previous wait)) starting from
// base (decorrelated), or nothing at all (no-backoff: it retries at once).
const (
	NoJitter Jitter = iota
	FullJitter
	EqualJitter
	Decorrelated
	NoBackoff
)

var jitterNames = []string{"none", "full", "equal", "decorrelated", "no-backoff"}

func (j Jitter) String() string { return jitterNames[j] }

// ParseJitter reads a jitter mode's name.
func ParseJitter(s string) (Jitter, error) {
	i := slices.Index(jitterNames, s)
	if i < 0 {
		return 0, engine.Invalid("jitter", "must be none, full, equal, decorrelated or no-backoff, got %q", s)
	}
	return Jitter(i), nil
}

// StormConfig is the retry storm of 26.3.2: Clients clients fail together
// at t = 0 and each retries Retries times against a dependency that keeps
// failing at once, waiting a backoff of base BaseMs doubling per retry up
// to CapMs.
type StormConfig struct {
	Seed    int64
	Clients int
	Retries int
	BaseMs  float64
	CapMs   float64
	Jitter  Jitter
	// Layers is how many layers of a call chain retry, each Retries times:
	// a failure at the bottom becomes (1 + Retries)^Layers calls.
	Layers int
	// DeadlineMs, above 0, is the whole request's deadline: a retry due
	// at or after it is not sent (26.3.2's FAIL_DEADLINE). Budget, above
	// 0, is 26.3.2's retry budget: the retries sent may number at most
	// Budget times the clients' first calls; a client whose retry finds
	// the budget spent stops (FAIL_BUDGET).
	DeadlineMs float64
	Budget     float64
}

// Validate reports the first invalid field.
func (c StormConfig) Validate() error {
	switch {
	case c.Seed < 0:
		return engine.Invalid("seed", "must be >= 0, got %d", c.Seed)
	case c.Clients < 1 || c.Clients > 10_000_000:
		return engine.Invalid("clients", "must be in 1..10000000, got %d", c.Clients)
	case c.Retries < 0 || c.Retries > 30:
		return engine.Invalid("retries", "must be in 0..30, got %d", c.Retries)
	case !(c.BaseMs > 0) || c.BaseMs > 1e6:
		return engine.Invalid("base-ms", "must be in (0, 1e6], got %v", c.BaseMs)
	case !(c.CapMs >= c.BaseMs) || c.CapMs > 1e7:
		return engine.Invalid("cap-ms", "must be in base-ms..1e7, got %v", c.CapMs)
	case c.Layers < 1 || c.Layers > 10:
		return engine.Invalid("layers", "must be in 1..10, got %d", c.Layers)
	case !(c.DeadlineMs >= 0) || c.DeadlineMs > 1e7:
		return engine.Invalid("deadline-ms", "must be in [0, 1e7] (0: none), got %v", c.DeadlineMs)
	case !(c.Budget >= 0) || c.Budget > 30:
		return engine.Invalid("budget", "must be in [0, 30] retries a first call (0: none), got %v", c.Budget)
	}
	return nil
}

// Storm is a retry storm's outcome.
type Storm struct {
	Jitter  string `json:"jitter"`
	Clients int    `json:"clients"`
	Retries int    `json:"retries"`
	// Histogram[i] counts the retries sent in millisecond i after the
	// failure.
	Histogram []int `json:"histogram"`
	// Peak is the largest millisecond's count, at PeakMs.
	Peak   int `json:"peak"`
	PeakMs int `json:"peak_ms"`
	// TotalRetries is the retries sent, Clients x Retries less those the
	// deadline and the budget stopped (PastDeadline, OverBudget); LastMs
	// the last retry's time.
	TotalRetries int     `json:"total_retries"`
	PastDeadline int     `json:"past_deadline"`
	OverBudget   int     `json:"over_budget"`
	LastMs       float64 `json:"last_ms"`
	// Amplification is (1 + Retries)^Layers, the calls one request becomes
	// at the bottom of a chain whose every layer retries.
	Amplification float64 `json:"amplification"`
	// Caption says what the histogram shows.
	Caption string `json:"caption"`
	// WaveList is the storm's waves of retries, in time order (see Waves).
	WaveList []Wave `json:"waves"`
	// The occ model's (StormSpec.Model): its runs, and the writes a run
	// and the time its last client is done, each their mean; its
	// histogram and TotalRetries count every run's writes.
	Model  string  `json:"model,omitempty"`
	Runs   int     `json:"runs,omitempty"`
	Calls  float64 `json:"writes_a_run,omitempty"`
	TimeMs float64 `json:"done_ms,omitempty"`
	// BaseMs and CapMs are the occ model's backoff base and cap.
	BaseMs float64 `json:"base_ms,omitempty"`
	CapMs  float64 `json:"cap_ms,omitempty"`
}

// RunStorm draws every client's retry times and counts them per
// millisecond.
func RunStorm(c StormConfig) (Storm, error) {
	s, _, err := runStorm(context.Background(), c, nil)
	return s, err
}

// stormCheck is how many clients, or milliseconds of the histogram, a
// storm runs between looks at ctx: a few milliseconds of work.
const stormCheck = 1 << 12

// runStorm is RunStorm, stopping with ctx's error once ctx is done. It
// draws the retry times into times (grown if short) and returns it for the
// next mode.
func runStorm(ctx context.Context, c StormConfig, times []float64) (Storm, []float64, error) {
	if err := c.Validate(); err != nil {
		return Storm{}, times, err
	}
	src := rng.New(c.Seed)
	if need := c.Clients * c.Retries; cap(times) < need {
		// a new array, not slices.Grow's: fresh memory needs no clearing,
		// which at hundreds of MB would be seconds deaf to ctx
		times = make([]float64, 0, need)
	}
	times = times[:0]
	for i := range c.Clients {
		if i%stormCheck == 0 && ctx.Err() != nil {
			return Storm{}, times, ctx.Err()
		}
		times = c.client(src, times)
	}
	s := Storm{Jitter: c.Jitter.String(), Clients: c.Clients, Retries: c.Retries, Amplification: math.Pow(float64(1+c.Retries), float64(c.Layers))}
	s.PastDeadline = c.Clients*c.Retries - len(times)
	if c.Budget > 0 {
		kept, err := c.withinBudget(ctx, times)
		if err != nil {
			return Storm{}, times, err
		}
		s.OverBudget = len(times) - len(kept)
		times = append(times[:0], kept...)
	}
	s.TotalRetries = len(times)
	for i, t := range times {
		if i%(stormCheck<<4) == 0 && ctx.Err() != nil {
			return Storm{}, times, ctx.Err()
		}
		s.LastMs = max(s.LastMs, t)
	}
	s.Histogram = make([]int, int(s.LastMs)+1)
	for i, t := range times {
		if i%(stormCheck<<4) == 0 && ctx.Err() != nil {
			return Storm{}, times, ctx.Err()
		}
		s.Histogram[int(t)]++
	}
	for ms, n := range s.Histogram {
		if ms%(stormCheck<<8) == 0 && ctx.Err() != nil {
			return Storm{}, times, ctx.Err()
		}
		if n > s.Peak {
			s.Peak, s.PeakMs = n, ms
		}
	}
	var err error
	if s.WaveList, err = findWaves(ctx, s.Histogram); err != nil {
		return Storm{}, times, err
	}
	name := s.Jitter + " jitter"
	if s.Jitter == "none" {
		name = "no jitter"
	}
	s.Caption = fmt.Sprintf("%s: %d retries over %.0f ms, at most %d in one millisecond (at %d ms)",
		name, s.TotalRetries, s.LastMs, s.Peak, s.PeakMs)
	if s.PastDeadline > 0 {
		s.Caption += fmt.Sprintf("; %d past the %.10g ms deadline, not sent", s.PastDeadline, c.DeadlineMs)
	}
	if c.Budget > 0 {
		s.Caption += fmt.Sprintf("; %d over the budget of %.10g retries a first call, not sent", s.OverBudget, c.Budget)
	}
	return s, times, nil
}

// withinBudget is the retries sent under the budget: at most Budget x
// Clients of them, the earliest first. A client whose retry finds the
// budget spent sends none after it, but by then no retry is sent at all,
// so the retries sent are the earliest ones whoever sent them: found by
// counting them a millisecond at a time, with no sort of them all, and
// ctx looked at as it goes. Their order is not kept (the histogram needs
// none).
func (c StormConfig) withinBudget(ctx context.Context, times []float64) ([]float64, error) {
	left := int(c.Budget * float64(c.Clients))
	if left >= len(times) {
		return times, nil
	}
	lastMs := 0
	for i, t := range times {
		if i%(stormCheck<<4) == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		lastMs = max(lastMs, int(t))
	}
	perMs := make([]int, lastMs+1)
	for _, t := range times {
		perMs[int(t)]++
	}
	edge, before := 0, 0 // the millisecond the budget runs out in, and the retries before it
	for before+perMs[edge] < left {
		before += perMs[edge]
		edge++
	}
	kept := make([]float64, 0, left)
	var atEdge []float64
	for i, t := range times {
		if i%(stormCheck<<4) == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		switch ms := int(t); {
		case ms < edge:
			kept = append(kept, t)
		case ms == edge:
			atEdge = append(atEdge, t)
		}
	}
	slices.Sort(atEdge)
	return append(kept, atEdge[:left-before]...), nil
}

// client appends one client's retry times to times.
func (c StormConfig) client(src *rng.Source, times []float64) []float64 {
	t, prev := 0.0, c.BaseMs
	for k := 1; k <= c.Retries; k++ {
		t += c.Jitter.wait(src, k, c.BaseMs, c.CapMs, &prev)
		if c.DeadlineMs > 0 && t >= c.DeadlineMs {
			break // past the request's deadline: no more retries
		}
		times = append(times, t)
	}
	return times
}

// wait is the k-th retry's backoff (k from 1) under j, with base and
// cap: d_k = min(base x 2^(k-1), cap) as the jitter modes say; prev
// carries decorrelated's previous wait, base before the first.
func (j Jitter) wait(src *rng.Source, k int, base, cap float64, prev *float64) float64 {
	d := math.Min(base*math.Pow(2, float64(k-1)), cap)
	switch j {
	case NoJitter:
		return d
	case FullJitter:
		return src.Uniform(0, d)
	case EqualJitter:
		return d/2 + src.Uniform(0, d/2)
	case Decorrelated:
		*prev = math.Min(cap, src.Uniform(base, 3**prev))
		return *prev
	}
	return 0
}

// exactDraws is the largest storm whose histogram Shape draws exactly (a
// millisecond of work).
const exactDraws = 1 << 15

// Shape is the length of the storm's histogram, a millisecond past its
// last retry, the digits its counts take past one each, and its waves:
// drawn exactly for a storm of up to exactDraws retries; else the longest
// it can be, every wait at its largest (d_k for none, full and equal;
// min(cap, 3^k base) for decorrelated), with the digits of twice the mean
// count. Many clients come near that bound; a few fall short by up to a
// half. The waves of a large storm are at most one a retry round without
// jitter (every client's k-th retry lands in one millisecond), else one a
// retry and one each WaveGapMs + 1 milliseconds.
func (c StormConfig) Shape() (length, extraDigits, waves float64) {
	if c.Clients*c.Retries <= exactDraws {
		src := rng.New(c.Seed)
		var times []float64
		counts := map[int]int{}
		for range c.Clients {
			times = c.client(src, times[:0])
			for _, t := range times {
				counts[int(t)]++
			}
		}
		busy := make([]int, 0, len(counts))
		for ms, n := range counts {
			busy = append(busy, ms)
			extraDigits += float64(len(strconv.Itoa(n)) - 1)
		}
		slices.Sort(busy)
		for i, ms := range busy {
			if i == 0 || ms-busy[i-1] > WaveGapMs {
				waves++
			}
		}
		if len(busy) == 0 {
			return 1, 0, 0
		}
		return float64(busy[len(busy)-1]) + 1, extraDigits, waves
	}
	last, prev := 0.0, c.BaseMs
	for k := 1; k <= c.Retries; k++ {
		d := math.Min(c.BaseMs*math.Pow(2, float64(k-1)), c.CapMs)
		if c.Jitter == Decorrelated {
			d = math.Min(c.CapMs, 3*prev)
			prev = d
		}
		last += d
	}
	length = math.Floor(last) + 1
	draws := float64(c.Clients) * float64(c.Retries)
	waves = min(draws, math.Floor((length-1)/(WaveGapMs+1))+1)
	if c.Jitter == NoJitter {
		waves = min(waves, float64(c.Retries))
	}
	return length, length * (math.Floor(math.Log10(max(2*draws/length, 1)))), waves
}

// Busiest is the most retries sent in one millisecond from millisecond
// from up to (not including) millisecond to: a chart whose columns span
// many milliseconds shows each column's busiest, so that its height reads
// in retries per millisecond, as the caption's peak does.
func (s Storm) Busiest(from, to int) int {
	n := 0
	for i := max(from, 0); i < to && i < len(s.Histogram); i++ {
		n = max(n, s.Histogram[i])
	}
	return n
}
