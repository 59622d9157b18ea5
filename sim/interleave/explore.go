package interleave

import (
	"context"
	"fmt"
	"math/big"
	"strings"
)

// The explorer's bounds: processes, outcomes, and steps a process.
const (
	MaxProcs    = 4
	MaxOutcomes = 4
	MaxSteps    = 255
)

// MaxEnumerate is the most schedules Enumerate runs one by one: about ten
// seconds on one core.
const MaxEnumerate = 100_000_000

// Model is processes of atomic steps over a shared state S. Apply runs
// step k of process p on s and returns the new state; it must depend on
// its arguments alone. Outcome sorts a final state into 0..MaxOutcomes-1.
type Model[S comparable] interface {
	Start() S
	Lengths() []int
	Apply(s S, p, k int) S
	Outcome(s S) int
}

// Counts is schedules by outcome.
type Counts [MaxOutcomes]uint64

// Total is every schedule counted.
func (c Counts) Total() uint64 {
	var t uint64
	for _, n := range c {
		t += n
	}
	return t
}

// Of is the schedules of the outcomes in mask (bit o for outcome o).
func (c Counts) Of(mask uint8) uint64 {
	var t uint64
	for o, n := range c {
		if mask&(1<<o) != 0 {
			t += n
		}
	}
	return t
}

func (c *Counts) add(d Counts) {
	for i := range c {
		c[i] += d[i]
	}
}

// Schedule is an interleaving: the process that runs each step, in order.
type Schedule []int8

// Multinomial is the number of schedules of processes of the given
// lengths, (sum n)! / prod(n!), and whether it fits a uint64.
func Multinomial(lengths []int) (uint64, bool) {
	m := MultinomialBig(lengths)
	return m.Uint64(), m.IsUint64()
}

// MultinomialBig is Multinomial without a bound.
func MultinomialBig(lengths []int) *big.Int {
	out, sum := big.NewInt(1), 0
	for _, n := range lengths {
		sum += n
		out.Mul(out, new(big.Int).Binomial(int64(sum), int64(n)))
	}
	return out
}

// Formula writes the multinomial: "8!/(4! 4!)".
func Formula(lengths []int) string {
	sum := 0
	parts := make([]string, len(lengths))
	for i, n := range lengths {
		sum += n
		parts[i] = fmt.Sprintf("%d!", n)
	}
	return fmt.Sprintf("%d!/(%s)", sum, strings.Join(parts, " "))
}

// config is where a run of the model is: each process's next step and the
// shared state.
type config[S comparable] struct {
	pc [MaxProcs]uint8
	s  S
}

// Explorer holds the outcome counts of every configuration the model
// reaches, the schedules that go on from it counted once.
type Explorer[S comparable] struct {
	m     Model[S]
	n     []int
	memo  map[config[S]]Counts
	root  config[S]
	total Counts
	ctx   context.Context
	err   error
}

// exploreCheck is how many new configurations Explore makes between looks
// at its context.
const exploreCheck = 1 << 12

// Explore counts every schedule of m by outcome, merging equal
// configurations; it stops with ctx's error once ctx is done.
func Explore[S comparable](ctx context.Context, m Model[S]) (*Explorer[S], error) {
	n := m.Lengths()
	if err := checkLengths(n); err != nil {
		return nil, err
	}
	x := &Explorer[S]{m: m, n: n, memo: map[config[S]]Counts{}, ctx: ctx}
	x.root = config[S]{s: m.Start()}
	x.total = x.count(x.root)
	if x.err != nil {
		return nil, x.err
	}
	return x, nil
}

func checkLengths(n []int) error {
	if len(n) < 1 || len(n) > MaxProcs {
		return fmt.Errorf("interleave: %d processes, want 1..%d", len(n), MaxProcs)
	}
	for _, k := range n {
		if k < 0 || k > MaxSteps {
			return fmt.Errorf("interleave: a process of %d steps, want 0..%d", k, MaxSteps)
		}
	}
	if _, ok := Multinomial(n); !ok {
		return fmt.Errorf("interleave: %s schedules do not fit 64 bits", Formula(n))
	}
	return nil
}

func (x *Explorer[S]) count(c config[S]) Counts {
	if v, ok := x.memo[c]; ok || x.err != nil {
		return v
	}
	var out Counts
	done := true
	for p, n := range x.n {
		if int(c.pc[p]) < n {
			done = false
			next := c
			next.s = x.m.Apply(c.s, p, int(c.pc[p]))
			next.pc[p]++
			out.add(x.count(next))
		}
	}
	if done {
		out[x.m.Outcome(c.s)] = 1
	}
	if len(x.memo)%exploreCheck == 0 && x.ctx.Err() != nil {
		x.err = x.ctx.Err()
	}
	x.memo[c] = out
	return out
}

// Counts is every schedule by outcome.
func (x *Explorer[S]) Counts() Counts { return x.total }

// Configurations is the distinct configurations reached: the explorer's
// work, against the schedules' count.
func (x *Explorer[S]) Configurations() int { return len(x.memo) }

// Nth is the k-th schedule, in lexicographic order (process 0's step
// first), of those ending in an outcome of mask; false past the last.
func (x *Explorer[S]) Nth(mask uint8, k uint64) (Schedule, bool) {
	c := x.root
	if k >= x.memo[c].Of(mask) {
		return nil, false
	}
	var out Schedule
	for {
		moved := false
		for p, n := range x.n {
			if int(c.pc[p]) >= n {
				continue
			}
			next := c
			next.s = x.m.Apply(c.s, p, int(c.pc[p]))
			next.pc[p]++
			if in := x.memo[next].Of(mask); k < in {
				out, c, moved = append(out, int8(p)), next, true
				break
			} else {
				k -= in
			}
		}
		if !moved {
			return out, true
		}
	}
}

// Enumerate runs every schedule of m in lexicographic order (process 0's
// step first) and counts them by outcome. visit, if not nil, is given
// each schedule (valid only during the call) and its outcome, and stops
// the enumeration by returning false. It refuses models of more than
// MaxEnumerate schedules, and stops with ctx's error once ctx is done.
func Enumerate[S comparable](ctx context.Context, m Model[S], visit func(Schedule, int) bool) (Counts, error) {
	n := m.Lengths()
	if err := checkLengths(n); err != nil {
		return Counts{}, err
	}
	if total, _ := Multinomial(n); total > MaxEnumerate {
		return Counts{}, fmt.Errorf("interleave: %s = %d schedules, over the %d plain enumeration runs", Formula(n), total, MaxEnumerate)
	}
	steps := 0
	for _, k := range n {
		steps += k
	}
	// A depth-first walk with its own stack: at depth d the state before
	// step d, the program counters, and the process tried last.
	states := make([]S, steps+1)
	tried := make([]int, steps+1)
	sched := make(Schedule, steps)
	var pc [MaxProcs]int
	var counts Counts
	states[0] = m.Start()
	tried[0] = -1
	leaves := 0
	for d := 0; d >= 0; {
		if d == steps {
			o := m.Outcome(states[d])
			counts[o]++
			if visit != nil && !visit(sched, o) {
				return counts, nil
			}
			if leaves++; leaves%(1<<16) == 0 && ctx.Err() != nil {
				return Counts{}, ctx.Err()
			}
			d--
			pc[sched[d]]--
			continue
		}
		p := tried[d] + 1
		for p < len(n) && pc[p] >= n[p] {
			p++
		}
		if p == len(n) { // every branch at this depth is done: back up
			if d == 0 {
				break
			}
			d--
			pc[sched[d]]--
			continue
		}
		tried[d], sched[d] = p, int8(p)
		states[d+1] = m.Apply(states[d], p, pc[p])
		pc[p]++
		d++
		tried[d] = -1
	}
	return counts, nil
}
