package placement

import (
	"strings"

	"github.com/loadlab/loadlab/sim/engine"
)

// Spec is the placement experiment in the words of the command line and
// scenario files.
type Spec struct {
	Seed int64 `json:"seed"`
	// Trials is the objects placed at each location of each event.
	Trials int `json:"trials"`
	Topology
	Replicas int `json:"replicas"`
	// Strategies and Events are comma-separated names, in the lecture's
	// order by default.
	Strategies string `json:"strategies"`
	Events     string `json:"events"`
}

// DefaultSpec is the lecture's experiment of 26.4.2: 3 AZs x 3 racks x 3
// nodes, 3 replicas, 4000 trials a location, seed 425.
func DefaultSpec() Spec {
	return Spec{Seed: 425, Trials: 4000, Topology: Topology{AZs: 3, RacksPerAZ: 3, NodesPerRack: 3, Versions: 1, Sites: 1, SitesPerCity: 1, Providers: 1}, Replicas: 3,
		Strategies: "random,greedy,rack-aware,az-aware", Events: "node,rack,az,correlated"}
}

// Engine names the engine a Spec configures.
func (Spec) Engine() string { return "placement" }

// Limits of a spec.
const (
	maxTrials   = 10_000_000
	maxNodes    = 1_000_000
	maxReplicas = 32
)

// Validate reports the first invalid field and the range it allows.
func (s Spec) Validate() error {
	switch {
	case s.Seed < 0:
		return engine.Invalid("seed", "must be >= 0, got %d", s.Seed)
	case s.Trials < 1 || s.Trials > maxTrials:
		return engine.Invalid("trials", "must be in 1..%d, got %d", maxTrials, s.Trials)
	case s.AZs < 1 || s.AZs > maxNodes:
		return engine.Invalid("azs", "must be in 1..%d, got %d", maxNodes, s.AZs)
	case s.RacksPerAZ < 1 || s.RacksPerAZ > maxNodes:
		return engine.Invalid("racks", "must be in 1..%d, got %d", maxNodes, s.RacksPerAZ)
	case s.NodesPerRack < 1 || s.NodesPerRack > maxNodes:
		return engine.Invalid("nodes", "must be in 1..%d, got %d", maxNodes, s.NodesPerRack)
	case s.Sites < 0 || s.Sites > maxNodes:
		return engine.Invalid("sites", "must be in 1..%d, got %d", maxNodes, s.Sites)
	case s.Providers < 0 || s.Providers > s.NumSites() || s.NumSites()%s.NumProviders() != 0:
		return engine.Invalid("providers", "must divide the %d sites (each provider owns as many), got %d", s.NumSites(), s.Providers)
	case s.SitesPerCity < 0 || s.SitesPerCity > s.SitesPerProvider() || s.SitesPerProvider()%s.CitySites() != 0:
		return engine.Invalid("sites-per-city", "must divide the %d sites of a provider (a city's sites are one provider's), got %d", s.SitesPerProvider(), s.SitesPerCity)
	case float64(s.NumSites())*float64(s.AZs)*float64(s.RacksPerAZ)*float64(s.NodesPerRack) > maxNodes:
		if s.HasSites() {
			return engine.Invalid("nodes", "makes %d x %d x %d x %d nodes, more than %d", s.NumSites(), s.AZs, s.RacksPerAZ, s.NodesPerRack, maxNodes)
		}
		return engine.Invalid("nodes", "makes %d x %d x %d nodes, more than %d", s.AZs, s.RacksPerAZ, s.NodesPerRack, maxNodes)
	case s.Versions < 1 || s.Versions > s.NodesPerAZ():
		return engine.Invalid("versions", "must be in 1..%d (the nodes of an AZ), got %d", s.NodesPerAZ(), s.Versions)
	case s.Replicas < 1 || s.Replicas > min(maxReplicas, s.Nodes()):
		return engine.Invalid("replicas", "must be in 1..%d (at most the %d nodes), got %d", min(maxReplicas, s.Nodes()), s.Nodes(), s.Replicas)
	}
	strategies, err := parseList(s.Strategies, "strategies", ParseStrategy)
	if err != nil {
		return err
	}
	if _, err := parseList(s.Events, "events", ParseEvent); err != nil {
		return err
	}
	for _, st := range strategies {
		if st.customer() {
			if err := st.serves(s.Topology, s.Replicas); err != nil {
				return err
			}
			continue
		}
		if count, _ := st.domains(s.Topology); st != Greedy && s.Replicas > count {
			return engine.Invalid("replicas", "must be at most the %d %s for %s placement (or leave it out of the strategies), got %d", count, domainWord(st), st, s.Replicas)
		}
		if st == Diverse && s.Replicas > s.Versions {
			return engine.Invalid("versions", "must be at least the %d replicas for diverse placement, got %d", s.Replicas, s.Versions)
		}
	}
	return nil
}

func domainWord(s Strategy) string {
	switch s {
	case RackAware:
		return "racks"
	case AZAware, Diverse:
		return "AZs"
	case SiteAware:
		return "sites"
	}
	return "nodes"
}

// parseList reads a comma-separated list of names, each once.
func parseList[T comparable](list, field string, parse func(string) (T, error)) ([]T, error) {
	var out []T
	for _, name := range strings.Split(list, ",") {
		v, err := parse(strings.TrimSpace(name))
		if err != nil {
			return nil, engine.Invalid(field, "must list names from %s, got %q", allNames(field), strings.TrimSpace(name))
		}
		for _, seen := range out {
			if seen == v {
				return nil, engine.Invalid(field, "lists %q twice", strings.TrimSpace(name))
			}
		}
		out = append(out, v)
	}
	return out, nil
}

func allNames(field string) string {
	if field == "strategies" {
		return strings.Join(strategyNames[:], " ")
	}
	return strings.Join(eventNames[:], " ")
}

func (s Spec) strategies() []Strategy {
	v, _ := parseList(s.Strategies, "strategies", ParseStrategy)
	return v
}

func (s Spec) events() []Event {
	v, _ := parseList(s.Events, "events", ParseEvent)
	return v
}
