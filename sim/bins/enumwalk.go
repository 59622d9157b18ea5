package bins

import "sync/atomic"

// The lanes of the enumeration walker, in EnumStrategies order.
const (
	laneOne = iota
	laneTwo
	laneCorrelated
	laneAnti
	laneStale
	enumLanes
)

// enumWalker walks one subtree of the input tree depth first: depth i
// chooses ball i's (first, second) pair, so leaves come in lexicographic
// order and a prefix is placed once for all inputs that share it.
type enumWalker struct {
	cfg       EnumConfig
	n, m      int
	loads     [enumLanes][]int8
	top       [enumLanes][]int8 // running max per depth
	snaps     [][]int8          // stale snapshot taken at each depth
	snapAt    []int             // depth whose snapshot ball i reads
	path      [][2]int
	maxCounts [enumLanes][]int64
	paired    PairedCounts
	kinds     [][]int64 // kinds[one max][two max] counts counterexamples
	examples  []Counterexample
	// stop is set when the enumeration is cancelled; the walk looks at it
	// at checkDepth, where a subtree holds at most checkLeaves inputs.
	stop       *atomic.Bool
	checkDepth int
}

// checkLeaves is the most inputs a walk places between two looks at stop:
// well under a millisecond.
const checkLeaves = 1 << 14

func newEnumWalker(cfg EnumConfig, stop *atomic.Bool) *enumWalker {
	n, m := cfg.Bins, cfg.Balls
	w := &enumWalker{cfg: cfg, n: n, m: m, kinds: make([][]int64, m+1), stop: stop}
	leaves := 1.0
	for w.checkDepth = m; w.checkDepth > 1 && leaves*float64(n*n) <= checkLeaves; w.checkDepth-- {
		leaves *= float64(n * n)
	}
	for i := range w.kinds {
		w.kinds[i] = make([]int64, m+1)
	}
	for l := range w.loads {
		w.loads[l] = make([]int8, n)
		w.top[l] = make([]int8, m+1)
		w.maxCounts[l] = make([]int64, m+1)
	}
	w.snaps = make([][]int8, m)
	w.snapAt = make([]int, m)
	for i := range w.snaps {
		w.snaps[i] = make([]int8, n)
		w.snapAt[i] = i - i%cfg.Refresh
	}
	w.path = make([][2]int, m)
	return w
}

// walkFirst enumerates every input whose first ball has candidates (f, s).
func (w *enumWalker) walkFirst(f, s int) {
	w.place(0, f, s, int64(f*w.n+s))
}

// place puts ball i with candidates (f, s) in every lane, recurses, and
// takes the ball back out.
func (w *enumWalker) place(i, f, s int, index int64) {
	if i == w.checkDepth && w.stop.Load() {
		return // cancelled: the result is thrown away
	}
	if i%w.cfg.Refresh == 0 {
		copy(w.snaps[i], w.loads[laneStale])
	}
	snap := w.snaps[w.snapAt[i]]
	var bins [enumLanes]int
	bins[laneOne] = f
	bins[laneTwo] = lighter(w.loads[laneTwo], f, s)
	bins[laneCorrelated] = lighter(w.loads[laneCorrelated], f, f)
	bins[laneAnti] = heavier(w.loads[laneAnti], f, s)
	bins[laneStale] = lighter(snap, f, s)
	w.path[i] = [2]int{f, s}
	for l, b := range bins {
		w.loads[l][b]++
		w.top[l][i+1] = max(w.top[l][i], w.loads[l][b])
	}
	if i+1 == w.m {
		w.leaf(index)
	} else {
		n := w.n
		for f2 := 0; f2 < n; f2++ {
			for s2 := 0; s2 < n; s2++ {
				w.place(i+1, f2, s2, index*int64(n*n)+int64(f2*n+s2))
			}
		}
	}
	for l, b := range bins {
		w.loads[l][b]--
	}
}

func (w *enumWalker) leaf(index int64) {
	for l := range w.maxCounts {
		w.maxCounts[l][w.top[l][w.m]]++
	}
	one, two := w.top[laneOne][w.m], w.top[laneTwo][w.m]
	switch {
	case two < one:
		w.paired.Better++
	case two == one:
		w.paired.Same++
	default:
		w.paired.Worse++
		w.kinds[one][two]++
		if len(w.examples) < max(1, w.cfg.Counterexamples) { // the first is always kept
			w.examples = append(w.examples, Counterexample{
				Index:      index,
				Candidates: append([][2]int(nil), w.path...),
				One:        int8s(w.loads[laneOne]),
				Two:        int8s(w.loads[laneTwo]),
			})
		}
	}
}

// lighter is the two-choice rule: the less loaded of a and b, a on a tie.
func lighter(loads []int8, a, b int) int {
	if loads[b] < loads[a] {
		return b
	}
	return a
}

// heavier is the anti rule: the more loaded of a and b, a on a tie.
func heavier(loads []int8, a, b int) int {
	if loads[b] > loads[a] {
		return b
	}
	return a
}

func int8s(xs []int8) []int {
	out := make([]int, len(xs))
	for i, x := range xs {
		out[i] = int(x)
	}
	return out
}
