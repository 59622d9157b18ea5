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
	Configs string `json:"configs" toml:"configs"`
	// Timeout is default or tuned; RetryPolicy off, immediate or backoff.
	Timeout     string `json:"timeout" toml:"timeout"`
	RetryPolicy string `json:"retry" toml:"retry"`
	UseBreaker  bool   `json:"breaker" toml:"breaker"`
	UseBulkhead bool   `json:"bulkhead" toml:"bulkhead"`
	UseShed     bool   `json:"shed" toml:"shed"`
	UseBudget   bool   `json:"budget" toml:"budget"`
	// FollowAt follows one request through each run: "t:k" is the k-th
	// (from 0) to arrive at or after t seconds; empty follows none.
	FollowAt string `json:"follow" toml:"follow"`
}

// follow parses FollowAt.
func (s Spec) follow() (*Follow, error) {
	if s.FollowAt == "" {
		return nil, nil
	}
	ts, ks, ok := strings.Cut(s.FollowAt, ":")
	t, err1 := strconv.ParseFloat(ts, 64)
	k, err2 := strconv.Atoi(ks)
	if !ok || err1 != nil || err2 != nil || !(t >= 0) || k < 0 || t > s.Duration {
		return nil, engine.Invalid("follow", "must be t:k, the k-th request (from 0) to arrive at or after t seconds, with t in 0..%g, got %q", s.Duration, s.FollowAt)
	}
	return &Follow{T: t, K: k}, nil
}

// DefaultSpec is the lecture's experiment: S1-S6 on seed 425.
func DefaultSpec() Spec {
	return Spec{Config: DefaultConfig(), Configs: "S1,S2,S3,S4,S5,S6", Timeout: "default", RetryPolicy: "off"}
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
	if !s.hasCustom() && (s.Timeout != "default" || s.RetryPolicy != "off" || s.UseBreaker || s.UseBulkhead || s.UseShed || s.UseBudget) {
		return nil, engine.Invalid("configs", "must list custom for the switches (timeout, retry, breaker, bulkhead, shed, budget) to apply, got %q", s.Configs)
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
	p := Protections{Breaker: s.UseBreaker, Bulkhead: s.UseBulkhead, Shed: s.UseShed, Budget: s.UseBudget}
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

// Costs of a run, measured on this project's 2-core machine.
const (
	nsPerArrival = 1500
	nsPerTick    = 2000
	// bytesPerReq is a request and its rows in the engine's tables; a run
	// also keeps a fixed few MB (series, slabs, queues).
	bytesPerReq = 150
	bytesPerRun = 4 << 20
)

// Cost estimates the runs before they start.
func (s Spec) Cost(workers int) engine.Cost {
	runs, _ := s.Runs()
	c := engine.Cost{TimeLevers: []string{"duration", "rate", "configs"}, MemoryLevers: []string{"duration", "rate", "configs"},
		OutputLevers: []string{"duration", "configs"}}
	concurrent := max(1, min(workers, len(runs)))
	largest := 0.0
	for _, r := range runs {
		cfg := r.Config
		surge := max(0, min(cfg.SurgeEnd, cfg.Duration)-cfg.SurgeAt) * (cfg.SurgeX - 1)
		arrivals := cfg.Rate * (cfg.Duration + max(surge, 0))
		ticks := cfg.Duration / cfg.DT
		c.Seconds += (arrivals*float64(1+cfg.MaxRetries)*nsPerArrival + ticks*nsPerTick) / 1e9
		largest = max(largest, arrivals*bytesPerReq+bytesPerRun+ticks/float64(cfg.SampleEvery)*300)
		c.OutputBytes += 4096 + ticks/float64(cfg.SampleEvery)*300
	}
	// The runs in flight at once hold their tables; finished ones keep
	// only their results (samples, latencies).
	c.Bytes = 16<<20 + float64(concurrent)*largest + float64(len(runs))*1e6
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
	sem := make(chan struct{}, max(1, workers))
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
			for n := 0; e.Step(); n++ {
				if n%500 == 499 {
					if ctx.Err() != nil {
						return
					}
					mu.Lock()
					done += 500
					if progress != nil {
						progress(float64(done) / float64(total))
					}
					mu.Unlock()
				}
			}
			rep.Results[i] = e.Result()
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
