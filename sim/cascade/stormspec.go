package cascade

import (
	"context"
	"math"
	"strings"

	"github.com/loadlab/loadlab/sim/engine"
)

// StormSpec is a retry storm in the words of the command line and scenario
// files: one run per jitter mode listed, on the same seed.
type StormSpec struct {
	Seed    int64   `json:"seed"`
	Clients int     `json:"clients"`
	Retries int     `json:"retries"`
	BaseMs  float64 `json:"base-ms"`
	CapMs   float64 `json:"cap-ms"`
	Jitter  string  `json:"jitter"`
	Layers  int     `json:"layers"`
	// DeadlineMs and Budget are 26.3.2's deadline and retry budget (see
	// StormConfig); 0 is none.
	DeadlineMs float64 `json:"deadline-ms"`
	Budget     float64 `json:"budget"`
	// Model is "storm" (26.3.2's: clients that fail together retrying a
	// dependency that keeps failing; "" too) or "occ" (AWS's backoff
	// simulator: clients racing to update one row, OCCConfig), and Runs
	// the occ model's runs a mode, their figures the mean.
	Model string `json:"model"`
	Runs  int    `json:"runs"`
}

// DefaultStormSpec is 26.3.2's example: b = 100 ms, three retries, a 2 s
// cap, a thousand clients, every jitter mode.
func DefaultStormSpec() StormSpec {
	return StormSpec{Seed: 425, Clients: 1000, Retries: 3, BaseMs: 100, CapMs: 2000, Jitter: "none,full,equal,decorrelated", Layers: 3, Runs: 100}
}

// Engine names the engine a StormSpec configures.
func (StormSpec) Engine() string { return "retry-storm" }

// Configs is one StormConfig per jitter mode listed.
func (s StormSpec) Configs() ([]StormConfig, error) {
	var out []StormConfig
	seen := map[string]bool{}
	for _, name := range strings.Split(s.Jitter, ",") {
		name = strings.TrimSpace(name)
		j, err := ParseJitter(name)
		if err != nil {
			return nil, err
		}
		if seen[name] {
			return nil, engine.Invalid("jitter", "lists %q twice", name)
		}
		seen[name] = true
		c := StormConfig{Seed: s.Seed, Clients: s.Clients, Retries: s.Retries, BaseMs: s.BaseMs, CapMs: s.CapMs, Jitter: j, Layers: s.Layers,
			DeadlineMs: s.DeadlineMs, Budget: s.Budget}
		if err := c.Validate(); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// Validate reports the first invalid field.
func (s StormSpec) Validate() error {
	if s.Model != "" && s.Model != "storm" && s.Model != "occ" {
		return engine.Invalid("model", "must be storm or occ, got %q", s.Model)
	}
	if _, err := s.Configs(); err != nil {
		return err
	}
	if s.Model == "occ" {
		_, err := s.OCCConfigs()
		return err
	}
	return nil
}

// OCCConfigs is one OCCConfig per jitter mode listed, on the simulator's
// network: a delay of |normal(10 ms, 2 ms)| a message.
func (s StormSpec) OCCConfigs() ([]OCCConfig, error) {
	cfgs, err := s.Configs()
	if err != nil {
		return nil, err
	}
	var out []OCCConfig
	for _, c := range cfgs {
		o := OCCConfig{Seed: s.Seed, Clients: s.Clients, Runs: s.Runs, BaseMs: s.BaseMs, CapMs: s.CapMs, Jitter: c.Jitter, NetMeanMs: 10, NetSDMs: 2}
		if err := o.Validate(); err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, nil
}

// IdleFlags are the fields the occ model leaves unread, each with why.
func (s StormSpec) IdleFlags() map[string]string {
	if s.Model != "occ" {
		return map[string]string{"runs": "the storm model runs once (--model occ runs many)"}
	}
	tries := "the occ model's clients try until their write succeeds"
	return map[string]string{"retries": tries, "deadline-ms": tries + ", with no deadline", "budget": tries + ", with no budget",
		"layers": "nothing calls below the occ model's clients"}
}

// Run runs every jitter mode listed, stopping with ctx's error once ctx
// is done; progress, if not nil, gets the share of modes done.
func (s StormSpec) Run(ctx context.Context, progress func(float64)) (Storms, error) {
	if s.Model == "occ" {
		return s.runOCC(ctx, progress)
	}
	cfgs, err := s.Configs()
	if err != nil {
		return nil, err
	}
	out := make([]Storm, len(cfgs))
	var times []float64 // every mode's retry times, in turn
	for i, c := range cfgs {
		if out[i], times, err = runStorm(ctx, c, times); err != nil {
			return nil, err
		}
		if progress != nil {
			progress(float64(i+1) / float64(len(cfgs)))
		}
	}
	return out, nil
}

// Costs of a storm on one core, in nanoseconds, measured on this project's
// 2-core machine (BenchmarkStormCostModel prints the estimate against the
// measured work), and the bytes of its report.
const (
	nsStormDraw = 25.0 // one retry drawn, kept and counted
	nsStormMs   = 2.2  // one millisecond of the histogram: made (its pages faulted in), scanned
	nsStormRun  = 2e6  // starting the run
	// One millisecond written: an indented JSON number, a CSV row, or a
	// look for the text chart's busiest.
	nsStormJSONMs, nsStormCSVMs, nsStormTextMs = 28.0, 40.0, 0.3
	// stormJSONMs is a zero's line in the JSON ("        0,\n"); a count
	// adds its digits past the first (see Shape).
	stormJSONMs = 11.0
	stormText   = 1200.0 // a mode's chart and caption
	stormHead   = 700.0  // a mode's fields besides the histogram, in JSON
	// stormWaveJSON is a wave in the JSON but its four numbers' digits;
	// stormWaveBytes a wave kept in memory.
	stormWaveJSON, stormWaveBytes = 110.0, 32.0
)

// Cost estimates the storms and their report in format (text, json or
// csv): their draws, the retry times each keeps while it counts them, and
// a histogram a millisecond wide up to the latest possible retry, which
// the JSON and CSV reports list in full, and the waves, which the JSON
// lists. An invalid spec costs nothing (it is refused first).
func (s StormSpec) Cost(format string) engine.Cost {
	c := engine.Cost{TimeLevers: []string{"clients", "retries"}, MemoryLevers: []string{"cap-ms", "retries", "clients"},
		OutputLevers: []string{"cap-ms", "retries"}}
	cfgs, err := s.Configs()
	if err != nil {
		return c
	}
	if s.Model == "occ" {
		return s.occCost(cfgs, format)
	}
	draws := float64(s.Clients) * float64(s.Retries)
	ns, hist, kept := 0.0, 0.0, 0.0
	if format == "csv" {
		c.OutputBytes = float64(len("jitter,ms,retries\n"))
	}
	for _, cfg := range cfgs {
		ms, extra, waves := cfg.Shape()
		hist += ms
		kept += waves
		ns += draws*nsStormDraw + ms*nsStormMs
		switch format {
		case "json":
			c.OutputBytes += stormHead + ms*stormJSONMs + extra + waves*(stormWaveJSON+2*digits(ms)+2*digits(draws))
			ns += ms * nsStormJSONMs
		case "csv":
			c.OutputBytes += ms*(float64(len(cfg.Jitter.String()))+4) + extra + digitSum(ms)
			ns += ms * nsStormCSVMs
		default:
			c.OutputBytes += stormText
			ns += ms * nsStormTextMs
		}
	}
	c.Seconds = (nsStormRun + ns) / 1e9
	if hist*nsStormMs > draws*nsStormDraw*float64(len(cfgs)) {
		c.TimeLevers = []string{"cap-ms", "retries"}
	}
	// The modes share one buffer of retry times; their histograms stay
	// for the report, which is built in memory (in a buffer of the
	// estimated size) before it is written.
	c.Bytes = 16e6 + draws*8 + hist*8 + kept*stormWaveBytes + 1.5*c.OutputBytes
	if draws > hist+1.5*c.OutputBytes/8 {
		c.MemoryLevers = []string{"clients", "retries"}
	}
	if format == "text" {
		c.OutputLevers = []string{"jitter"}
	}
	return c
}

// digits is the digits of whole number n written out (one at least).
func digits(n float64) float64 {
	return math.Floor(math.Log10(max(n, 1))) + 1
}

// digitSum is the digits of 0, 1, ..., n-1 written out.
func digitSum(n float64) float64 {
	sum := 0.0
	for lo, hi, d := 0.0, 10.0, 1.0; lo < n; lo, hi, d = hi, hi*10, d+1 {
		sum += d * (min(n, hi) - lo)
	}
	return sum
}

// Figures runs the spec on one core to its headline figures: what a
// sweep's point and a run over seeds record of each run.
func (s StormSpec) Figures(ctx context.Context) ([]engine.Figure, error) {
	return engine.HeadlineOf(s.Run(ctx, nil))
}
