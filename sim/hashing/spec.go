package hashing

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/rng"
)

// Spec is a hashing study in the words of the command line and scenario
// files.
type Spec struct {
	Nodes  int    `json:"nodes" toml:"nodes"`
	Keys   int    `json:"keys" toml:"keys"`
	Scheme string `json:"scheme" toml:"scheme"`
	// Against, when set, maps the same keys by a second scheme.
	Against string `json:"against" toml:"against"`
	VNodes  int    `json:"vnodes" toml:"vnodes"`
	Fanout  int    `json:"fanout" toml:"fanout"`
	// Weights are cycled over the nodes: node i weighs Weights[i mod len].
	Weights string `json:"weights" toml:"weights"`
	// Remove nodes chosen at random leave; Add new nodes join.
	Remove int   `json:"remove" toml:"remove"`
	Add    int   `json:"add" toml:"add"`
	Seed   int64 `json:"seed" toml:"seed"`
}

// DefaultSpec is the hashing post's measurement: 1000 nodes, 100,000 keys, HRW; one
// node leaves and one joins.
func DefaultSpec() Spec {
	return Spec{Nodes: 1000, Keys: 100000, Scheme: "hrw", VNodes: 100, Fanout: 8, Weights: "1", Remove: 1, Add: 1, Seed: 425}
}

// Engine names the engine a Spec configures.
func (Spec) Engine() string { return "hashing" }

func (s Spec) weights() ([]float64, error) {
	var out []float64
	for _, f := range strings.Split(s.Weights, ",") {
		w, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
		if err != nil || !(w > 0) || math.IsInf(w, 0) {
			return nil, engine.Invalid("weights", "must list numbers > 0, got %q", strings.TrimSpace(f))
		}
		out = append(out, w)
	}
	return out, nil
}

func (s Spec) schemes() ([]Scheme, error) {
	var out []Scheme
	for i, name := range []string{s.Scheme, s.Against} {
		if i == 1 && name == "" {
			break
		}
		sc, err := ParseScheme(name)
		if err != nil {
			return nil, engine.Invalid(map[int]string{0: "scheme", 1: "against"}[i], "must be hrw, weighted-hrw, skeleton, ring or raw-hrw, got %q", name)
		}
		out = append(out, sc)
	}
	return out, nil
}

// Validate reports the first invalid field and the range it allows.
func (s Spec) Validate() error {
	switch {
	case s.Nodes < 1 || s.Nodes > 1_000_000:
		return engine.Invalid("nodes", "must be in 1..1000000, got %d", s.Nodes)
	case s.Keys < 1 || s.Keys > 100_000_000:
		return engine.Invalid("keys", "must be in 1..100000000, got %d", s.Keys)
	case s.VNodes < 1 || s.VNodes > 10_000:
		return engine.Invalid("vnodes", "must be in 1..10000, got %d", s.VNodes)
	case s.Fanout < 2 || s.Fanout > 1024:
		return engine.Invalid("fanout", "must be in 2..1024, got %d", s.Fanout)
	case s.Remove < 0 || s.Remove >= s.Nodes:
		return engine.Invalid("remove", "must be fewer than the %d nodes (0..%d), got %d", s.Nodes, s.Nodes-1, s.Remove)
	case s.Add < 0 || s.Add > 1_000_000:
		return engine.Invalid("add", "must be in 0..1000000, got %d", s.Add)
	case s.Seed < 0:
		return engine.Invalid("seed", "must be >= 0, got %d", s.Seed)
	}
	ws, err := s.weights()
	if err != nil {
		return err
	}
	schemes, err := s.schemes()
	if err != nil {
		return err
	}
	if !slices.Contains(schemes, WeightedHRW) && slices.ContainsFunc(ws, func(w float64) bool { return w != ws[0] }) {
		return engine.Invalid("weights", "apply to weighted-hrw only (as --scheme or --against), got %q", s.Weights)
	}
	return nil
}

// Schemes are the spec's scheme and, if set, its Against.
func (s Spec) Schemes() ([]Scheme, error) { return s.schemes() }

// SpreadOf is the spread of counts of keys over nodes.
func SpreadOf(counts []int, keys int) Spread { return spread(counts, keys) }

// Spread is keys per node: their mean, standard deviation as a percentage
// of the mean, least, most, and nodes with none.
type Spread struct {
	Mean   float64 `json:"mean"`
	StdPct float64 `json:"std_pct"`
	Min    int     `json:"min"`
	Max    int     `json:"max"`
	Zero   int     `json:"zero"`
}

// Study is one scheme's figures.
type Study struct {
	Scheme  string `json:"scheme"`
	PerNode Spread `json:"per_node"`
	Counts  []int  `json:"-"`
	Removed []int  `json:"removed_nodes"`
	// MovedFraction is the share of keys whose node changed when Remove
	// nodes left; MovedOnlyFromRemoved says every one of them had been on
	// a node that left. The Added figures are the same for nodes joining.
	MovedFraction        float64 `json:"moved_fraction"`
	MovedOnlyFromRemoved bool    `json:"moved_only_from_removed"`
	Added                int     `json:"added"`
	AddedFraction        float64 `json:"added_moved_fraction"`
	MovedOnlyToAdded     bool    `json:"moved_only_to_added"`
	// Shares is each weight's share of the keys, beside its share of the
	// total weight.
	Shares   []Share `json:"shares"`
	LookupNs float64 `json:"lookup_ns"`
}

// Share is one weight's keys.
type Share struct {
	Weight   float64 `json:"weight"`
	Share    float64 `json:"share"`
	Expected float64 `json:"expected"`
}

// KeyHashes are the keys' names and hashes: key i is named "k<seed>-<i>".
func (s Spec) KeyHashes() ([]string, []uint64) {
	names, hs := make([]string, s.Keys), make([]uint64, s.Keys)
	for i := range s.Keys {
		names[i] = fmt.Sprintf("k%d-%d", s.Seed, i)
		hs[i] = fnv1a(names[i])
	}
	return names, hs
}

// NodeList is the spec's nodes with their weights.
func (s Spec) NodeList() []Node {
	ws, _ := s.weights()
	out := make([]Node, s.Nodes)
	for i := range out {
		out[i] = NewNode(i, ws[i%len(ws)])
	}
	return out
}

// owners maps every key.
func owners(ctx context.Context, m *Mapping, names []string, hs []uint64) ([]int32, error) {
	out := make([]int32, len(hs))
	for i, h := range hs {
		if i%4096 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		out[i] = int32(m.Owner(names[i], h))
	}
	return out, nil
}

// Run maps the keys by each scheme, then with the removed nodes gone and
// with the added ones joined, and times lookups.
func (s Spec) Run(ctx context.Context, progress func(float64)) ([]Study, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	schemes, _ := s.schemes()
	names, hs := s.KeyHashes()
	nodes := s.NodeList()
	removed := rng.New(s.Seed).Sample(s.Nodes, s.Remove)
	var out []Study
	for k, sc := range schemes {
		st, err := s.study(ctx, sc, nodes, removed, names, hs)
		if err != nil {
			return nil, err
		}
		out = append(out, st)
		if progress != nil {
			progress(float64(k+1) / float64(len(schemes)))
		}
	}
	return out, nil
}

func (s Spec) study(ctx context.Context, sc Scheme, nodes []Node, removed []int, names []string, hs []uint64) (Study, error) {
	m := NewMapping(sc, nodes, s.VNodes, s.Fanout)
	before, err := owners(ctx, m, names, hs)
	if err != nil {
		return Study{}, err
	}
	st := Study{Scheme: sc.String(), Removed: slices.Clone(removed)}
	st.Counts = make([]int, len(nodes))
	for _, o := range before {
		st.Counts[o]++
	}
	st.PerNode = spread(st.Counts, len(hs))
	// nodes leave: the highest index first, so that the others keep theirs
	gone := m
	order := slices.Sorted(slices.Values(removed))
	slices.Reverse(order)
	for _, i := range order {
		gone = gone.Without(i)
	}
	after, err := owners(ctx, gone, names, hs)
	if err != nil {
		return Study{}, err
	}
	left := make(map[string]bool)
	for _, i := range removed {
		left[nodes[i].Name] = true
	}
	moved, onlyFromRemoved := 0, true
	for i := range hs {
		was, is := nodes[before[i]].Name, gone.Nodes()[after[i]].Name
		if was != is {
			moved++
			onlyFromRemoved = onlyFromRemoved && left[was]
		}
	}
	st.MovedFraction, st.MovedOnlyFromRemoved = float64(moved)/float64(len(hs)), onlyFromRemoved
	// nodes join
	joined := m
	for a := range s.Add {
		joined = joined.With(NewNode(len(nodes)+a, nodes[len(nodes)-1].Weight))
	}
	if s.Add > 0 {
		withNew, err := owners(ctx, joined, names, hs)
		if err != nil {
			return Study{}, err
		}
		moved, onlyToAdded := 0, true
		for i := range hs {
			if int(withNew[i]) != int(before[i]) {
				moved++
				onlyToAdded = onlyToAdded && int(withNew[i]) >= len(nodes)
			}
		}
		st.Added, st.AddedFraction, st.MovedOnlyToAdded = s.Add, float64(moved)/float64(len(hs)), onlyToAdded
	}
	// shares by weight
	total, byWeight := 0.0, map[float64]int{}
	for _, n := range nodes {
		total += n.Weight
	}
	weightOf := map[float64]float64{}
	for i, n := range nodes {
		byWeight[n.Weight] += st.Counts[i]
		weightOf[n.Weight] += n.Weight
	}
	ws := slices.Sorted(func(yield func(float64) bool) {
		for w := range byWeight {
			if !yield(w) {
				return
			}
		}
	})
	for _, w := range ws {
		st.Shares = append(st.Shares, Share{w, float64(byWeight[w]) / float64(len(hs)), weightOf[w] / total})
	}
	// lookups, timed
	n := min(len(hs), 20000)
	start := time.Now()
	sink := 0
	for i := range n {
		sink += m.Owner(names[i], hs[i])
	}
	st.LookupNs = float64(time.Since(start).Nanoseconds()) / float64(n)
	_ = sink
	return st, nil
}

func spread(counts []int, keys int) Spread {
	sp := Spread{Mean: float64(keys) / float64(len(counts)), Min: math.MaxInt}
	var ss float64
	for _, c := range counts {
		d := float64(c) - sp.Mean
		ss += d * d
		sp.Min, sp.Max = min(sp.Min, c), max(sp.Max, c)
		if c == 0 {
			sp.Zero++
		}
	}
	sp.StdPct = 100 * math.Sqrt(ss/float64(len(counts))) / sp.Mean
	return sp
}

// Cost: every key is mapped three times, each lookup costs its scheme's
// scores.
func (s Spec) Cost() engine.Cost {
	perLookup := float64(s.Nodes) * 4e-9 // HRW: a score a node
	schemes, _ := s.schemes()
	secs := 0.0
	for _, sc := range schemes {
		switch sc {
		case Ring:
			secs += 3 * float64(s.Keys) * 200e-9
		case Skeleton:
			secs += 3 * float64(s.Keys) * float64(s.Fanout) * 40e-9 * math.Log(float64(s.Nodes)+1)
		case RawHRW:
			secs += 3 * float64(s.Keys) * perLookup * 5
		default:
			secs += 3 * float64(s.Keys) * perLookup
		}
	}
	return engine.Cost{Seconds: secs, Bytes: 16<<20 + float64(s.Keys)*40 + float64(s.Nodes*s.VNodes)*16,
		OutputBytes: 4096, TimeLevers: []string{"keys", "nodes"}, MemoryLevers: []string{"keys", "vnodes"}}
}
