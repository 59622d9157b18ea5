package queue

import "fmt"

// policy is one balancing policy (Config.Policy): how it sends a job to a
// server, the structures it keeps, and how the reports name it. Each
// policy is a type in a file of its own; adding one adds its type, its
// name (policyNames) and a line here.
type policy interface {
	// pick is the server the arriving job goes to.
	pick(s *Sim) int
	// build makes the structures the policy keeps from the servers as
	// they are now: at the start, or when a switch brings the policy in.
	build(s *Sim)
	// label names the policy of c alone ("jsq-2", "stale-2 (board every
	// 1)").
	label(c Config) string
	// draws reports whether the policy draws c.D servers to compare.
	draws() bool
	// choices is the d of the mean field the policy is measured against,
	// where it has one (1 for random, d for jsq-d and stale-d).
	choices(c Config) (int, bool)
}

// policies are the policies' types, by Policy.
var policies = [...]policy{
	Random:     random{},
	JSQD:       jsqD{},
	JSQ:        jsq{},
	RoundRobin: roundRobin{},
	StaleD:     staleD{},
	WeightedRR: weightedRR{},
	PeakEWMA:   peakEWMA{},
}

// named is what most policies share: no structure, no draws, their name
// for a label, no mean field.
type named struct{}

func (named) build(*Sim)                 {}
func (named) draws() bool                { return false }
func (named) choices(Config) (int, bool) { return 0, false }
func (named) label(c Config) string      { return c.Policy.String() }

// drawing is what the policies that draw d servers share.
type drawing struct{ named }

func (drawing) draws() bool { return true }

// random sends a job to a server drawn uniformly (d = 1).
type random struct{ named }

func (random) pick(s *Sim) int            { return s.pickable() }
func (random) choices(Config) (int, bool) { return 1, true }

// jsqD sends a job to the shortest of d servers drawn with replacement,
// ties to the first drawn (the power of d choices).
type jsqD struct{ drawing }

func (jsqD) pick(s *Sim) int              { return s.shortestOf(s.jobs) }
func (jsqD) label(c Config) string        { return fmt.Sprintf("jsq-%d", c.D) }
func (jsqD) choices(c Config) (int, bool) { return c.D, true }

// roundRobin sends jobs to the servers in turn, passing over the ones
// left out.
type roundRobin struct{ named }

func (roundRobin) pick(s *Sim) int {
	n := s.cfg.Servers
	s.rr = (s.rr + 1) % n
	for !s.eligible(s.rr) {
		s.rr = (s.rr + 1) % n
	}
	return s.rr
}

// shortestOf is the least loaded of d servers drawn with replacement,
// ties to the first drawn, by loads (the servers' jobs, or a board's).
func (s *Sim) shortestOf(loads []int32) int {
	best := s.pickable()
	s.look(best)
	for i := 1; i < s.cfg.D; i++ {
		c := s.pickable()
		s.look(c)
		if loads[c] < loads[best] {
			best = c
		}
		if i%interruptEvery == 0 && s.interrupt != nil && s.interrupt() {
			s.halted = true
			return best
		}
	}
	return best
}
