package bins

import (
	"fmt"
	"slices"

	"github.com/loadlab/loadlab/sim/engine"
)

// Trajectory replays one fixed candidate sequence through one choice and
// two choices, ball by ball, so that a counterexample can be stepped
// forward and back. Ties go to first, as everywhere.
type Trajectory struct {
	Bins       int
	Candidates [][2]int
	states     []TrajectoryStep
	moments    []engine.Moment
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
	t.findMoments()
	return t
}

// Moments are the balls of the sequence worth stopping at: the choice that
// goes wrong, and the ball at which two choices' max first passes one
// choice's. Step is the ball.
func (t *Trajectory) Moments() []engine.Moment { return t.moments }

// findMoments marks the choice that goes wrong: the last ball at which two
// choices had a real choice (two different bins) and the other bin would
// have ended the sequence no worse than one choice, the rule applied to
// every ball after it. It then marks where two's max passes one's.
func (t *Trajectory) findMoments() {
	end := t.states[len(t.states)-1]
	if end.TwoMax <= end.OneMax {
		return
	}
	wrong := -1
	for b := 1; b <= t.Len(); b++ {
		s := t.states[b]
		if s.First == s.Second {
			continue
		}
		other := s.First + s.Second - s.TwoChose
		if t.twoMaxWith(b, other) <= end.OneMax {
			wrong = b
		}
	}
	if wrong > 0 {
		s := t.states[wrong]
		other := s.First + s.Second - s.TwoChose
		why := fmt.Sprintf("the lighter, load %d against %d", min(s.FirstLoad, s.SecondLoad), max(s.FirstLoad, s.SecondLoad))
		if s.FirstLoad == s.SecondLoad {
			why = fmt.Sprintf("a tie at load %d goes to first", s.FirstLoad)
		}
		t.moments = append(t.moments, engine.Moment{Step: int64(wrong), Caption: fmt.Sprintf(
			"ball %d: two choices take bin %d (%s); bin %d would have ended no worse than one choice's max %d",
			wrong, s.TwoChose, why, other, end.OneMax)})
	}
	for b := 1; b <= t.Len(); b++ {
		if s := t.states[b]; s.TwoMax > s.OneMax {
			t.moments = append(t.moments, engine.Moment{Step: int64(b), Caption: fmt.Sprintf(
				"ball %d: two choices' max reaches %d, above one choice's %d", b, s.TwoMax, s.OneMax)})
			return
		}
	}
}

// twoMaxWith is two choices' final max when ball b goes to bin instead and
// the rule decides every later ball.
func (t *Trajectory) twoMaxWith(b, bin int) int {
	loads := slices.Clone(t.states[b-1].Two)
	loads[bin]++
	for _, c := range t.Candidates[b:] {
		f, s := c[0], c[1]
		if loads[s] < loads[f] {
			f = s
		}
		loads[f]++
	}
	return slices.Max(loads)
}

// Len is the number of balls.
func (t *Trajectory) Len() int { return len(t.Candidates) }

// At returns the state after ball balls, 0 <= balls <= Len.
func (t *Trajectory) At(balls int) TrajectoryStep { return t.states[balls] }
