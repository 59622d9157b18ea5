package cascade

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/loadlab/loadlab/sim/engine"
)

// Spec is a cascade run in the words of the command line and scenario
// files: the Config's constants, the presets to run, and the switches of
// the "custom" set.
type Spec struct {
	Config
	// Configs lists the protection sets to run, from S1-S6 and "custom"
	// (the switches below).
	Configs string `json:"configs"`
	// Timeout is default or tuned; RetryPolicy off, immediate or backoff.
	Timeout     string `json:"timeout"`
	RetryPolicy string `json:"retry"`
	UseBreaker  bool   `json:"breaker"`
	UseBulkhead bool   `json:"bulkhead"`
	UseShed     bool   `json:"shed"`
	UseBudget   bool   `json:"budget"`
	// Limiter is off, aimd or gradient; the rest are §MECH.4's guards.
	Limiter         string `json:"limiter"`
	UseThrottle     bool   `json:"throttle"`
	UseLayerRetries bool   `json:"layer-retries"`
	UseRetryCap     bool   `json:"retry-cap"`
	// FollowAt follows one request through each run: "t:k" is the k-th
	// (from 0) to arrive at or after t seconds; empty follows none.
	FollowAt string `json:"follow"`
	// Switch changes every run from a time on: "breaker=on@20s,...", as
	// engine.ParseSwitches reads it against Knobs.
	Switch string `json:"switch"`
}

// follow parses FollowAt.
func (s Spec) follow() (*Follow, error) {
	if s.FollowAt == "" {
		return nil, nil
	}
	ts, ks, ok := strings.Cut(s.FollowAt, ":")
	t, err1 := engine.ParseDecimal(ts)
	k, err2 := strconv.Atoi(ks)
	if !ok || err1 != nil || err2 != nil || !(t >= 0) || k < 0 || t > s.Duration {
		return nil, engine.Invalid("follow", "must be t:k, the k-th request (from 0) to arrive at or after t seconds, with t in 0..%g, got %q", s.Duration, s.FollowAt)
	}
	return &Follow{T: t, K: k}, nil
}

// DefaultSpec is the lecture's experiment: S1-S6 on seed 425.
func DefaultSpec() Spec {
	return Spec{Config: DefaultConfig(), Configs: "S1,S2,S3,S4,S5,S6", Timeout: "default", RetryPolicy: "off", Limiter: "off"}
}

// Engine names the engine a Spec configures.
func (Spec) Engine() string { return "cascade" }

// Run is one protection set's name and config.
type Run struct {
	Name, Title string
	Config      Config
}

// Runs validates the spec and returns its runs in the order listed.
func (s Spec) Runs() ([]Run, error) {
	if _, err := s.custom(); err != nil { // the switches must be valid even when no custom set runs
		return nil, err
	}
	if _, err := s.follow(); err != nil {
		return nil, err
	}
	switches, err := engine.ParseSwitches(s.Switch, Knobs, s.Config, Unit, s.Duration)
	if err != nil {
		return nil, err
	}
	if !s.hasCustom() && (s.Timeout != "default" || s.RetryPolicy != "off" || s.UseBreaker || s.UseBulkhead || s.UseShed || s.UseBudget ||
		s.Limiter != "off" || s.UseThrottle || s.UseLayerRetries || s.UseRetryCap) {
		return nil, engine.Invalid("configs", "must list custom for the protections (timeout, retry, breaker, bulkhead, shed, budget, limiter, throttle, layer-retries, retry-cap) to apply, got %q", s.Configs)
	}
	var runs []Run
	seen := map[string]bool{}
	for _, name := range strings.Split(s.Configs, ",") {
		name = strings.TrimSpace(name)
		if seen[strings.ToUpper(name)] {
			return nil, engine.Invalid("configs", "lists %q twice", name)
		}
		seen[strings.ToUpper(name)] = true
		cfg := s.Config
		cfg.Switches = switches
		if strings.EqualFold(name, "custom") {
			p, err := s.custom()
			if err != nil {
				return nil, err
			}
			cfg.Protections = p
			runs = append(runs, Run{"custom", "your protections", cfg})
			continue
		}
		i := slices.IndexFunc(Presets, func(p Preset) bool { return strings.EqualFold(p.Name, name) })
		if i < 0 {
			return nil, engine.Invalid("configs", "must list S1-S6 or custom, got %q", name)
		}
		cfg.Protections = Presets[i].Protections
		runs = append(runs, Run{Presets[i].Name, Presets[i].Title, cfg})
	}
	for _, r := range runs {
		if err := r.Config.Validate(); err != nil {
			return nil, err
		}
	}
	return runs, nil
}

// hasCustom reports whether Configs lists the custom set.
func (s Spec) hasCustom() bool {
	for _, name := range strings.Split(s.Configs, ",") {
		if strings.EqualFold(strings.TrimSpace(name), "custom") {
			return true
		}
	}
	return false
}

// custom is the set the switches describe.
func (s Spec) custom() (Protections, error) {
	p := Protections{Breaker: s.UseBreaker, Bulkhead: s.UseBulkhead, Shed: s.UseShed, Budget: s.UseBudget,
		Throttle: s.UseThrottle, LayerRetries: s.UseLayerRetries, RetryCap: s.UseRetryCap}
	l := slices.Index(limiterNames[:], s.Limiter)
	if l < 0 {
		return p, engine.Invalid("limiter", "must be off, aimd or gradient, got %q", s.Limiter)
	}
	p.Limiter = Limiter(l)
	switch s.Timeout {
	case "default":
	case "tuned":
		p.Tuned = true
	default:
		return p, engine.Invalid("timeout", "must be default or tuned, got %q", s.Timeout)
	}
	i := slices.Index([]string{"off", "immediate", "backoff"}, s.RetryPolicy)
	if i < 0 {
		return p, engine.Invalid("retry", "must be off, immediate or backoff, got %q", s.RetryPolicy)
	}
	p.Retry = Retry(i)
	return p, nil
}

// Validate reports the first invalid field.
func (s Spec) Validate() error {
	_, err := s.Runs()
	return err
}

// Costs of a run on one core, in nanoseconds, measured on this project's
// 2-core machine (BenchmarkCLICostModel in cmd/loadlab prints the estimate
// against the measured work).
const (
	nsPerRun     = 4e6 // starting a run: its tables, layers and series
	nsPerTick    = 100 // a tick with nothing to do: the layers, the timeouts, the moments
	nsPerAttempt = 110 // an attempt: admitted, queued, failed or retried
	nsPerServed  = 200 // an attempt served through the chain
	// nsPerEntry is a queue entry looked at: by a sample, which drops the
	// entries of requests that ended, or by a bulkheaded svc's scan for a
	// request its free pool can take.
	nsPerEntry = 3
	// retryShare is the share of the allowed retries an attempt is
	// expected to make when retries are on.
	retryShare = 1.0 / 3
	// bytesPerReq is a request's row in the engine's table and its
	// latency (kept, and sorted for the p95); bytesPerEntry a queue entry
	// with the room its queue grows into; bytesPerTick the view's series.
	bytesPerReq, bytesPerEntry, bytesPerTick = 80, 40, 12
	bytesPerRun                              = 4 << 20
	// The report: a sample in JSON; a moment or a breaker transition in
	// the engine's memory. storyMoments are a run's moments besides its
	// breaker's (measured: 6 to 8).
	jsonSampleBytes, momentBytes = 420, 300
	storyMoments                 = 8
	// A followed request's journey: a stage's line in the text or JSON,
	// and the most stages an attempt adds (a retry, a queue, a slot and
	// the call at each of three layers, an end and a retry or the end).
	stageBytes, stagesPerAttempt = 240, 11
)

// phase is a stretch of a run with one arrival rate and one database.
type phase struct {
	from, to, rate, capacity float64
}

// phases cuts the run at the slowdown and the surge.
func (c Config) phases() []phase {
	cuts := []float64{0, c.Duration}
	for _, t := range []float64{c.DegradeAt, c.SurgeAt, c.SurgeEnd} {
		if t > 0 && t < c.Duration {
			cuts = append(cuts, t)
		}
	}
	slices.Sort(cuts)
	var out []phase
	for i := 0; i+1 < len(cuts); i++ {
		from, to := cuts[i], cuts[i+1]
		if to <= from {
			continue
		}
		rate := c.Rate
		if c.SurgeAt <= from && from < c.SurgeEnd {
			rate *= c.SurgeX
		}
		out = append(out, phase{from, to, rate, c.capacity(from >= c.DegradeAt)})
	}
	return out
}

// capacity is about the requests a second the chain can serve: each
// layer's slots over how long a request holds one (its own service and
// the calls below it), the least of them. Above it the queues grow until
// the users give up.
func (c Config) capacity(slow bool) float64 {
	db := c.DBMs
	if slow {
		db *= c.DBSlowdown
	}
	p := c.DepProb
	dep := p*db + (1-p)*c.AuxMs
	svc := float64(c.SvcSlots) / (c.SvcMs + dep)
	if c.Bulkhead {
		svc = min(float64(c.BulkheadDB)/max(p, 1e-9)/(c.SvcMs+db), float64(c.BulkheadAux)/max(1-p, 1e-9)/(c.SvcMs+c.AuxMs))
	}
	return 1000 * min(float64(c.APISlots)/(c.APIMs+c.SvcMs+dep), svc,
		float64(c.DBSlots)/max(p, 1e-9)/db, float64(c.AuxSlots)/max(1-p, 1e-9)/c.AuxMs)
}

// runCost is one run's work in nanoseconds, its peak bytes and its
// samples and moments for the report.
func (c Config) runCost() (ns, bytes, samples, moments float64) {
	ticks := c.Duration / c.DT
	interval := float64(c.SampleEvery) * c.DT
	samples = ticks/float64(c.SampleEvery) + 2
	arrivals, served := 0.0, 0.0
	for _, ph := range c.phases() {
		arrivals += ph.rate * (ph.to - ph.from)
		served += min(ph.rate, ph.capacity) * (ph.to - ph.from)
	}
	// Retries: a share of those allowed; without a breaker's fast
	// failures only a timeout at a queue's head retries, and a tick checks
	// at most head-check entries of each of the four queues.
	retries := 0.0
	if c.Retry != NoRetry {
		retries = arrivals * float64(c.MaxRetries) * retryShare
		if !c.Breaker {
			retries = min(retries, ticks*4*float64(c.HeadCheck))
		}
	}
	attempts := arrivals + retries
	perAttempt := attempts / max(arrivals, 1)
	backlog, before := 0.0, 0.0
	for _, ph := range c.phases() {
		span := ph.to - ph.from
		ns += span / c.DT * nsPerTick
		in := ph.rate * perAttempt * span
		before += in
		if ph.rate <= ph.capacity {
			continue
		}
		// Overloaded: the queues hold what arrived over the users'
		// patience (each request has one live entry; those that ended
		// wait for the next sample to be dropped), no more than has
		// arrived (on average over the phase); shedding keeps the api
		// queue near shed-high but for high priority.
		entries := min(ph.rate*perAttempt*(c.ClientTimeout+interval), before-in/2)
		if c.Shed {
			entries = min(entries, float64(c.ShedHigh)+c.PrioHigh*entries)
		}
		backlog = max(backlog, entries)
		ns += span / interval * entries * nsPerEntry
		if c.Bulkhead {
			// Every tick the svc queue is walked, up to scan entries,
			// for a request of the pool with room; it holds at most
			// one request per api slot.
			ns += span / c.DT * min(float64(c.Scan), float64(c.APISlots), entries) * nsPerEntry
		}
	}
	// The p95 selects among the successes' latencies.
	ns += nsPerRun + attempts*nsPerAttempt + served*(nsPerServed+10) + samples*1000
	bytes = bytesPerRun + arrivals*bytesPerReq + backlog*bytesPerEntry + ticks*bytesPerTick + samples*100
	// Moments: the story's few, and the breaker's transitions, at most
	// one a tick and about two a cool-down.
	moments = storyMoments
	if c.Breaker {
		moments += min(ticks, 3*c.Duration/(c.BreakerCoolDown+c.BreakerWindow)) // a trip, a probe and a close a cycle
	}
	return ns, bytes, samples, moments
}

// Cost estimates the runs before they start, with their report in format
// (text, json or csv). An invalid spec costs nothing (it is refused
// first).
func (s Spec) Cost(workers int, format string) engine.Cost {
	c := engine.Cost{TimeLevers: []string{"duration", "rate", "configs"}, MemoryLevers: []string{"duration", "rate", "configs"},
		OutputLevers: []string{"duration", "configs"}}
	runs, err := s.Runs()
	if err != nil {
		return c
	}
	concurrent := engine.Goroutines(workers, len(runs))
	largest, scans, rest := 0.0, 0.0, 0.0
	switch format { // measured: a run's JSON is its samples and moments, its text a table and its moments, its CSV a row
	case "json":
		c.OutputBytes = 4096
	case "csv":
		c.OutputBytes = 100
	}
	for _, r := range runs {
		ns, bytes, samples, moments := r.Config.runCost()
		c.Seconds += ns / 1e9
		largest = max(largest, bytes)
		breaker := moments - storyMoments
		switch format {
		case "json":
			c.OutputBytes += 1024 + samples*jsonSampleBytes + 8*300 + breaker*600
		case "csv":
			c.OutputBytes += 80
		default:
			c.OutputBytes += 2300 + breaker*170
		}
		if s.FollowAt != "" && format != "csv" {
			attempts := 1.0
			if r.Config.Retry != NoRetry {
				attempts += float64(r.Config.MaxRetries)
			}
			c.OutputBytes += (1 + stagesPerAttempt*attempts) * stageBytes
		}
		rest += samples*200 + moments*momentBytes*2
		cfg := r.Config
		if scanned := cfg.Duration / cfg.DT * float64(min(cfg.Scan, cfg.APISlots)); cfg.Bulkhead && scanned > scans {
			scans = scanned
		}
	}
	// The runs in flight at once hold their tables; finished ones keep
	// only their results (samples, moments).
	c.Bytes = 16<<20 + float64(concurrent)*largest + rest + 1.5*c.OutputBytes
	if scans*nsPerEntry/1e9 > c.Seconds/2 {
		c.TimeLevers = []string{"scan", "duration", "api-slots"}
	}
	if format == "json" {
		c.OutputLevers = []string{"duration", "sample-every", "configs"}
	}
	return c
}

// Report is the outcome of every run of a Spec, in order.
type Report struct {
	Spec    Spec
	Names   []string
	Results []Result
	// Journeys are the followed request's stages in each run.
	Journeys [][]Stage
}

// Headline is every run's headline figures at its end, in the order the
// spec lists the runs, each run's set name its group.
func (r Report) Headline() []engine.Figure {
	var figs []engine.Figure
	for i, name := range r.Names {
		figs = append(figs, r.Results[i].Figures(name)...)
	}
	return figs
}

// RunAll runs the spec's protection sets on up to workers goroutines; each
// run is independent and seeded alike, so the report does not depend on
// workers. progress, if not nil, gets the fraction of ticks done.
func (s Spec) RunAll(ctx context.Context, workers int, progress func(float64)) (Report, error) {
	runs, err := s.Runs()
	if err != nil {
		return Report{}, err
	}
	follow, _ := s.follow()
	rep := Report{Spec: s, Names: make([]string, len(runs)), Results: make([]Result, len(runs)), Journeys: make([][]Stage, len(runs))}
	var mu sync.Mutex
	done, total := 0, 0
	for _, r := range runs {
		total += int(r.Config.Duration/r.Config.DT) + 1
	}
	sem := make(chan struct{}, engine.Goroutines(workers, len(runs)))
	var wg sync.WaitGroup
	for i, r := range runs {
		rep.Names[i] = r.Name
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			e, _ := New(r.Config) // validated by Runs
			if follow != nil {
				e, _ = NewFollowing(r.Config, *follow)
			}
			e.interrupt = func() bool { return ctx.Err() != nil }
			for n := 0; e.Step(); n++ {
				if ctx.Err() != nil {
					return
				}
				if n%500 == 499 {
					mu.Lock()
					done += 500
					if progress != nil {
						progress(float64(done) / float64(total))
					}
					mu.Unlock()
				}
			}
			res := e.Result()
			if ctx.Err() != nil {
				return
			}
			rep.Results[i] = res
			rep.Journeys[i] = e.Journey()
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return Report{}, err
	}
	return rep, nil
}

// Title describes a run for a report.
func (r Run) String() string { return fmt.Sprintf("%s (%s)", r.Name, r.Title) }

// Figures runs the spec on one core to its headline figures: what a
// sweep's point and a run over seeds record of each run.
func (s Spec) Figures(ctx context.Context) ([]engine.Figure, error) {
	return engine.HeadlineOf(s.RunAll(ctx, 1, nil))
}
