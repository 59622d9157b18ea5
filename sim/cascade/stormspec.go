package cascade

import (
	"strings"

	"github.com/loadlab/loadlab/sim/engine"
)

// StormSpec is a retry storm in the words of the command line and scenario
// files: one run per jitter mode listed, on the same seed.
type StormSpec struct {
	Seed    int64   `json:"seed" toml:"seed"`
	Clients int     `json:"clients" toml:"clients"`
	Retries int     `json:"retries" toml:"retries"`
	BaseMs  float64 `json:"base-ms" toml:"base-ms"`
	CapMs   float64 `json:"cap-ms" toml:"cap-ms"`
	Jitter  string  `json:"jitter" toml:"jitter"`
	Layers  int     `json:"layers" toml:"layers"`
}

// DefaultStormSpec is 26.3.2's example: b = 100 ms, three retries, a 2 s
// cap, a thousand clients, every jitter mode.
func DefaultStormSpec() StormSpec {
	return StormSpec{Seed: 425, Clients: 1000, Retries: 3, BaseMs: 100, CapMs: 2000, Jitter: "none,full,equal,decorrelated", Layers: 3}
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
		c := StormConfig{Seed: s.Seed, Clients: s.Clients, Retries: s.Retries, BaseMs: s.BaseMs, CapMs: s.CapMs, Jitter: j, Layers: s.Layers}
		if err := c.Validate(); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// Validate reports the first invalid field.
func (s StormSpec) Validate() error {
	_, err := s.Configs()
	return err
}

// Run runs every jitter mode listed.
func (s StormSpec) Run() ([]Storm, error) {
	cfgs, err := s.Configs()
	if err != nil {
		return nil, err
	}
	out := make([]Storm, len(cfgs))
	for i, c := range cfgs {
		if out[i], err = RunStorm(c); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Cost estimates the storms: their draws, the retry times they keep and
// a histogram a millisecond wide up to the latest possible retry.
func (s StormSpec) Cost() engine.Cost {
	c := engine.Cost{TimeLevers: []string{"clients", "retries"}, MemoryLevers: []string{"cap-ms", "retries", "clients"},
		OutputLevers: []string{"cap-ms", "retries"}}
	modes := float64(strings.Count(s.Jitter, ",") + 1)
	draws := float64(s.Clients) * float64(s.Retries)
	last := s.CapMs * float64(s.Retries) // no wait exceeds the cap
	c.Seconds = modes * draws * 30e-9
	c.Bytes = 16e6 + modes*(draws*8+last*8)
	c.OutputBytes = modes * (512 + last*4)
	return c
}
