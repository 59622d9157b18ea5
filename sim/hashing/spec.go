package hashing

import (
	"context"
	"maps"
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
	Nodes  int    `json:"nodes"`
	Keys   int    `json:"keys"`
	Scheme string `json:"scheme"`
	// Against, when set, maps the same keys by a second scheme.
	Against string `json:"against"`
	VNodes  int    `json:"vnodes"`
	Fanout  int    `json:"fanout"`
	// Table is Maglev's table size, a prime above the nodes (0: TableFor
	// the nodes); Epsilon the bounded ring's ε (0: no node above the
	// mean, rounded up).
	Table   int     `json:"table"`
	Epsilon float64 `json:"epsilon"`
	// Weights are cycled over the nodes: node i weighs Weights[i mod len].
	Weights string `json:"weights"`
	// Remove nodes chosen at random leave; Add new nodes join.
	Remove int   `json:"remove"`
	Add    int   `json:"add"`
	Seed   int64 `json:"seed"`
	// TimeLookups times lookups and reports the time of one (LookupNs): a
	// measurement that differs from run to run, so that it is left out of
	// the report unless asked for.
	TimeLookups bool `json:"time_lookups"`
}

// DefaultSpec is the hashing post's measurement: 1000 nodes, 100,000 keys, HRW; one
// node leaves and one joins.
func DefaultSpec() Spec {
	return Spec{Nodes: 1000, Keys: 100000, Scheme: "hrw", VNodes: 100, Fanout: 8, Epsilon: DefaultEpsilon, Weights: "1", Remove: 1, Add: 1, Seed: 425}
}

// Engine names the engine a Spec configures.
func (Spec) Engine() string { return "hashing" }

// The weights' range: a ratio of up to 1e12 between two nodes, and sums
// and scores (-w / ln u) that stay finite and clear of underflow.
const minWeight, maxWeight = 1e-6, 1e6

func (s Spec) weights() ([]float64, error) {
	var out []float64
	for _, f := range strings.Split(s.Weights, ",") {
		f = strings.TrimSpace(f)
		w, err := engine.ParseDecimal(f)
		if err != nil || !(w >= minWeight && w <= maxWeight) {
			return nil, engine.Invalid("weights", "must list numbers in [1e-6, 1e6], got %q", f)
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
			return nil, engine.Invalid(map[int]string{0: "scheme", 1: "against"}[i], "must be hrw, weighted-hrw, skeleton, ring, raw-hrw, jump, maglev or bounded, got %q", name)
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
	case !(s.Epsilon >= 0 && s.Epsilon <= 10):
		return engine.Invalid("epsilon", "must be in [0, 10], got %g", s.Epsilon)
	case s.Table != 0 && (s.Scheme == "maglev" || s.Against == "maglev") && (s.Table <= s.Nodes || s.Table > MaxTable || !prime(s.Table)):
		return engine.Invalid("table", "must be a prime above the %d nodes and at most %d (or 0: %d), got %d", s.Nodes, MaxTable, TableFor(s.Nodes), s.Table)
	}
	ws, err := s.weights()
	if err != nil {
		return err
	}
	schemes, err := s.schemes()
	if err != nil {
		return err
	}
	if slices.Contains(schemes, Maglev) && s.Table == 0 && TableFor(s.Nodes) > MaxTable {
		return engine.Invalid("nodes", "must be at most %d for maglev's table of 100 x the nodes, got %d (or give --table, a prime above the nodes)", (MaxTable-1)/100, s.Nodes)
	}
	if !slices.Contains(schemes, WeightedHRW) && slices.ContainsFunc(ws, func(w float64) bool { return w != ws[0] }) {
		return engine.Invalid("weights", "apply to weighted-hrw only (as --scheme or --against), got %q", s.Weights)
	}
	return nil
}

// MaxTable bounds Maglev's table: 10,000,019 entries (40 MB), the prime
// for 100,000 nodes.
const MaxTable = 10_000_019

// shape is what the spec builds its schemes with beyond their nodes.
func (s Spec) shape() shape {
	return shape{vnodes: s.VNodes, fanout: s.Fanout, table: s.Table, epsilon: s.Epsilon}
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
	// IdealMoved and IdealAdded are what an ideal mapping moves: the share
	// of the nodes (under weighted HRW, of the weight) that left, and that
	// the joining nodes take.
	IdealMoved float64 `json:"ideal_moved_fraction"`
	IdealAdded float64 `json:"ideal_added_fraction"`
	// Shares is each weight's share of the keys, beside its share of the
	// total weight.
	Shares []Share `json:"shares"`
	// LookupNs is the measured time of a lookup, with TimeLookups only.
	LookupNs float64 `json:"lookup_ns,omitempty"`
	// Table is Maglev's table size and TableMin, TableMax the fewest and
	// most of its entries a node holds; Capacity is the bounded ring's
	// most keys a node.
	Table    int     `json:"table,omitempty"`
	TableMin int     `json:"table_min,omitempty"`
	TableMax int     `json:"table_max,omitempty"`
	Capacity int     `json:"capacity,omitempty"`
	Epsilon  float64 `json:"epsilon,omitempty"`
}

// Share is one weight's keys.
type Share struct {
	Weight   float64 `json:"weight"`
	Share    float64 `json:"share"`
	Expected float64 `json:"expected"`
}

// KeyHashes are the keys' names and hashes: key i is named "k<seed>-<i>".
func (s Spec) KeyHashes() ([]string, []uint64) {
	names, hs, _ := keyHashes(context.Background(), s.Seed, s.Keys)
	return names, hs
}

// keyHashes writes the names into one string, which they share.
func keyHashes(ctx context.Context, seed int64, keys int) ([]string, []uint64, error) {
	prefix := "k" + strconv.FormatInt(seed, 10) + "-"
	var all strings.Builder
	all.Grow(keys * (len(prefix) + len(strconv.Itoa(keys-1))))
	var digits [20]byte
	for i := range keys {
		if i%checkEvery == 0 && ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
		all.WriteString(prefix)
		all.Write(strconv.AppendInt(digits[:0], int64(i), 10))
	}
	text := all.String()
	names, hs := make([]string, keys), make([]uint64, keys)
	start, width, wider := 0, 1, 10 // key i has width digits until wider
	for i := range keys {
		if i%checkEvery == 0 && ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
		if i == wider {
			width, wider = width+1, wider*10
		}
		names[i] = text[start : start+len(prefix)+width]
		hs[i] = fnv1a(names[i])
		start += len(prefix) + width
	}
	return names, hs, nil
}

// NodeList is the spec's nodes with their weights.
func (s Spec) NodeList() []Node {
	out, _ := s.nodeList(context.Background())
	return out
}

func (s Spec) nodeList(ctx context.Context) ([]Node, error) {
	ws, _ := s.weights()
	out := make([]Node, s.Nodes)
	for i := range out {
		if i%checkEvery == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		out[i] = NewNode(i, ws[i%len(ws)])
	}
	return out, nil
}

// every is how many lookups by m go between two looks at the context.
func every(m *Mapping) int {
	return max(1, int(1e6/m.lookupNs())) // a millisecond
}

// owners maps every key.
func owners(ctx context.Context, m *Mapping, names []string, hs []uint64) ([]int32, error) {
	out := make([]int32, len(hs))
	if err := m.Assign(ctx, names, hs, out); err != nil {
		return nil, err
	}
	return out, nil
}

// timedLookups is how many keys a run with TimeLookups looks up, timed.
const timedLookups = 20000

// timeLookups is the time of a lookup by m, in nanoseconds, over the first
// keys.
func timeLookups(ctx context.Context, m *Mapping, names []string, hs []uint64) (float64, error) {
	n, step := min(len(hs), timedLookups), every(m)
	start := time.Now()
	sink := 0
	for i := range n {
		if i%step == 0 && ctx.Err() != nil {
			return 0, ctx.Err()
		}
		sink += m.Owner(names[i], hs[i])
	}
	took := time.Since(start)
	_ = sink
	return float64(took.Nanoseconds()) / float64(n), nil
}

// Run maps the keys by each scheme, then with the removed nodes gone and
// with the added ones joined, and, if asked, times lookups.
func (s Spec) Run(ctx context.Context, progress func(float64)) ([]Study, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	schemes, _ := s.schemes()
	names, hs, err := keyHashes(ctx, s.Seed, s.Keys)
	if err != nil {
		return nil, err
	}
	nodes, err := s.nodeList(ctx)
	if err != nil {
		return nil, err
	}
	removed := rng.New(s.Seed).Sample(s.Nodes, s.Remove)
	added := make([]Node, s.Add)
	for a := range added {
		if a%checkEvery == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		added[a] = NewNode(len(nodes)+a, nodes[len(nodes)-1].Weight)
	}
	var out []Study
	for k, sc := range schemes {
		step := func(f float64) {
			if progress != nil {
				progress((float64(k) + f) / float64(len(schemes)))
			}
		}
		st, err := s.study(ctx, sc, nodes, removed, added, names, hs, step)
		if err != nil {
			return nil, err
		}
		out = append(out, st)
		step(1)
	}
	return out, nil
}

// study maps the keys by one scheme, then with the removed nodes gone and
// with the added ones joined. Each change is made at once: the mappings
// are the ones that taking the nodes out one by one (the highest index
// first, so that the others keep theirs) and adding them one by one would
// give.
func (s Spec) study(ctx context.Context, sc Scheme, nodes []Node, removed []int, added []Node, names []string, hs []uint64, progress func(float64)) (Study, error) {
	m, err := newMapping(ctx, sc, nodes, s.shape())
	if err != nil {
		return Study{}, err
	}
	progress(0.1)
	before, err := owners(ctx, m, names, hs)
	if err != nil {
		return Study{}, err
	}
	progress(0.3)
	st := Study{Scheme: sc.String(), Removed: slices.Clone(removed), MovedOnlyFromRemoved: true}
	st.Counts = make([]int, len(nodes))
	for i, o := range before {
		if i%checkEvery == 0 && ctx.Err() != nil {
			return Study{}, ctx.Err()
		}
		st.Counts[o]++
	}
	st.PerNode = spread(st.Counts, len(hs))
	switch sc {
	case Maglev:
		shares := m.TableShares()
		st.Table, st.TableMin, st.TableMax = m.table, slices.Min(shares), slices.Max(shares)
	case Bounded:
		st.Capacity, st.Epsilon = Capacity(len(hs), len(nodes), m.epsilon), m.epsilon
	}
	// nodes leave
	if len(removed) > 0 {
		left := make([]bool, len(nodes))
		for _, i := range removed {
			left[i] = true
		}
		after, err := ownersWithout(ctx, m, removed, left, names, hs)
		if err != nil {
			return Study{}, err
		}
		moved := 0
		for i := range hs {
			if i%checkEvery == 0 && ctx.Err() != nil {
				return Study{}, ctx.Err()
			}
			if was, is := before[i], after[i]; was != is {
				moved++
				st.MovedOnlyFromRemoved = st.MovedOnlyFromRemoved && left[was]
			}
		}
		st.MovedFraction = float64(moved) / float64(len(hs))
		gone := make([]Node, 0, len(removed))
		for _, i := range removed {
			gone = append(gone, nodes[i])
		}
		st.IdealMoved = idealShare(sc, gone, nodes)
	}
	progress(0.6)
	// nodes join
	if len(added) > 0 {
		withNew, err := ownersWith(ctx, m, added, names, hs)
		if err != nil {
			return Study{}, err
		}
		moved, onlyToAdded := 0, true
		for i := range hs {
			if i%checkEvery == 0 && ctx.Err() != nil {
				return Study{}, ctx.Err()
			}
			if withNew[i] != before[i] {
				moved++
				onlyToAdded = onlyToAdded && int(withNew[i]) >= len(nodes)
			}
		}
		st.Added, st.AddedFraction, st.MovedOnlyToAdded = len(added), float64(moved)/float64(len(hs)), onlyToAdded
		st.IdealAdded = idealShare(sc, added, append(slices.Clone(nodes), added...))
	}
	progress(0.9)
	// shares by weight
	total, byWeight, weightOf := 0.0, map[float64]int{}, map[float64]float64{}
	for i, n := range nodes {
		if i%checkEvery == 0 && ctx.Err() != nil {
			return Study{}, ctx.Err()
		}
		total += n.Weight
		byWeight[n.Weight] += st.Counts[i]
		weightOf[n.Weight] += n.Weight
	}
	for _, w := range slices.Sorted(maps.Keys(byWeight)) {
		st.Shares = append(st.Shares, Share{w, float64(byWeight[w]) / float64(len(hs)), weightOf[w] / total})
	}
	if s.TimeLookups {
		if st.LookupNs, err = timeLookups(ctx, m, names, hs); err != nil {
			return Study{}, err
		}
	}
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

// idealShare is the share of the keys an ideal mapping keeps on part of
// all the nodes: their number's share, or under weighted HRW their
// weight's.
func idealShare(sc Scheme, part, all []Node) float64 {
	if sc != WeightedHRW {
		return float64(len(part)) / float64(len(all))
	}
	_, p := WeightClasses(part)
	_, a := WeightClasses(all)
	return p / a
}

// IdleFlags are the fields the spec's schemes leave unread, each with
// why: Maglev's table and the bounded ring's ε belong to those schemes.
func (s Spec) IdleFlags() map[string]string {
	idle := map[string]string{}
	uses := func(name string) bool { return s.Scheme == name || s.Against == name }
	if !uses("maglev") {
		idle["table"] = "it is maglev's table size, and neither --scheme nor --against is maglev"
	}
	if !uses("bounded") {
		idle["epsilon"] = "it is the bounded ring's ε, and neither --scheme nor --against is bounded"
	}
	if !uses("skeleton") {
		idle["fanout"] = "it is the skeleton's fanout, and neither --scheme nor --against is skeleton"
	}
	if !uses("ring") && !uses("bounded") {
		idle["vnodes"] = "it is the ring's points a node, and neither --scheme nor --against is a ring"
	}
	return idle
}

// Figures runs the spec on one core to its headline figures: what a
// sweep's point and a run over seeds record of each run.
func (s Spec) Figures(ctx context.Context) ([]engine.Figure, error) {
	studies, err := s.Run(ctx, nil)
	return engine.HeadlineOf(Report{Spec: s, Studies: studies}, err)
}
