package bins

import "slices"

// Trajectory replays one fixed candidate sequence through one choice and
// two choices, ball by ball, so that a counterexample can be stepped
// forward and back. Ties go to first, as everywhere.
type Trajectory struct {
	Bins       int
	Candidates [][2]int
	states     []TrajectoryStep
}

// TrajectoryStep is the state after a number of balls, with the decision
// each rule took for the latest one.
type TrajectoryStep struct {
	Ball int // balls placed
	One  []int
	Two  []int
	// The latest ball: its candidates, the loads two choices compared
	// (before the ball) and the bins chosen.
	First, Second         int
	FirstLoad, SecondLoad int
	OneChose, TwoChose    int
	OneMax, TwoMax        int
}

// NewTrajectory computes every step of the sequence up front: it is short.
func NewTrajectory(bins int, candidates [][2]int) *Trajectory {
	t := &Trajectory{Bins: bins, Candidates: candidates}
	one, two := make([]int, bins), make([]int, bins)
	t.states = append(t.states, TrajectoryStep{One: slices.Clone(one), Two: slices.Clone(two), OneChose: -1, TwoChose: -1})
	for i, c := range candidates {
		f, s := c[0], c[1]
		step := TrajectoryStep{Ball: i + 1, First: f, Second: s, FirstLoad: two[f], SecondLoad: two[s], OneChose: f, TwoChose: f}
		if two[s] < two[f] {
			step.TwoChose = s
		}
		one[step.OneChose]++
		two[step.TwoChose]++
		step.One, step.Two = slices.Clone(one), slices.Clone(two)
		step.OneMax, step.TwoMax = slices.Max(one), slices.Max(two)
		t.states = append(t.states, step)
	}
	return t
}

// Len is the number of balls.
func (t *Trajectory) Len() int { return len(t.Candidates) }

// At returns the state after ball balls, 0 <= balls <= Len.
func (t *Trajectory) At(balls int) TrajectoryStep { return t.states[balls] }
