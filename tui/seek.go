package tui

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/sim/engine"
)

// A lab's engine only steps forward; the shell moves a run back by taking
// it to its first step and replaying it on the same seed, which is exact
// because engines are deterministic. The replay runs in time-budgeted
// batches, a frame each, so a long way back shows its progress and never
// holds up the keys; any other key stops it where it got to.

// seek is where the open run is and where a replay is heading.
type seek struct {
	// steps is the lab steps since the run's first step.
	steps int64
	// target is the step a replay is heading for; going reports one under
	// way.
	target int64
	going  bool
	gen    int
	// placed reports a replay that ended where it was headed: the status
	// bar says the step (a note would take a row from the lab) until the
	// run moves on.
	placed bool
	// after is the note the replay's end shows: the edit that asked for
	// it says what changed; resume plays on from there.
	after  string
	resume bool
}

// seekMsg carries a replay on to its next batch.
type seekMsg struct{ gen int }

// atStart clears the place: the lab was rebuilt at its first step.
func (s *seek) atStart() { s.steps, s.going = 0, false; s.gen++ }

// playsRun reports whether the lab has a run to move through, and if not
// what moves it instead.
func (m *Model) playsRun() (string, bool) {
	if moves := m.lab.Info().Moves; moves != "" {
		return moves, false
	}
	return "", true
}

// seekTo starts a replay to step target (clamped at 0; past the end it
// stops at the end).
func (m *Model) seekTo(target int64) tea.Cmd {
	if moves, ok := m.playsRun(); !ok {
		m.setNote("nothing to step through here: "+moves, false)
		return nil
	}
	m.play.stop()
	target = max(0, target)
	if target == m.seek.steps && !m.seek.going { // nothing moves: say where it is
		m.seek.placed = true
		m.setNote("already there: "+m.placeNote(), false)
		return nil
	}
	if target < m.seek.steps {
		if err := m.rewind(); err != nil {
			m.setNote("refused: "+err.Error(), true)
			return nil
		}
	}
	m.seek.target, m.seek.going, m.seek.after, m.seek.resume = target, true, "", false
	m.seek.gen++
	return m.seekBatch()
}

// rewind takes the run to its first step, keeping the user's own state
// where the lab has some.
func (m *Model) rewind() error {
	var err error
	if rewind := m.lab.Info().Rewind; rewind != nil {
		err = rewind()
	} else {
		err = m.lab.Restart()
	}
	if err != nil {
		return err
	}
	m.seek.steps = 0
	return nil
}

// seekBatch replays steps for one frame's budget and carries on in the
// next frame if the target is further.
func (m *Model) seekBatch() tea.Cmd {
	m.pace()
	deadline := time.Now().Add(m.play.budget)
	for m.seek.steps < m.seek.target {
		if !m.lab.Step() {
			m.seek.target = m.seek.steps // the run ended first
			break
		}
		m.seek.steps++
		if caption, at := m.lab.NewMoment(); at { // a replay passes moments without stopping
			m.meet(caption)
		}
		if (m.play.budget < stepBudget || m.seek.steps%16 == 0) && time.Now().After(deadline) {
			break
		}
	}
	if m.seek.steps < m.seek.target {
		if m.seek.target == math.MaxInt64 {
			m.setNote(fmt.Sprintf("playing to the end: step %s (any key stops)", engine.Digits(m.seek.steps)), false)
		} else {
			m.setNote(fmt.Sprintf("replaying from the start to step %s: %.0f%% (any key stops)", engine.Digits(m.seek.target), 100*float64(m.seek.steps)/float64(m.seek.target)), false)
		}
		gen := m.seek.gen
		if m.cores != nil { // a shared session's next batch waits for its next frame
			return m.play.after(m.play.frame-m.play.budget, func(time.Time) tea.Msg { return seekMsg{gen} })
		}
		return func() tea.Msg { return seekMsg{gen} }
	}
	m.seek.going = false
	m.seek.placed = true
	m.setNote(m.seek.after, false)
	m.seek.after = ""
	if m.seek.resume {
		m.seek.resume = false
		return m.play.start()
	}
	return nil
}

// stopSeek ends a replay where it got to.
func (m *Model) stopSeek() {
	if m.seek.going {
		m.seek.going, m.seek.resume = false, false
		m.seek.gen++
		what := "stopped the replay at "
		if m.seek.target == math.MaxInt64 {
			what = "stopped playing to the end at "
		}
		m.setNote(what+m.placeNote(), false)
	}
}

// placeNote says where the run is, and why its length is about where the
// lab says so.
func (m *Model) placeNote() string {
	s := m.place()
	if info := m.lab.Info(); !info.Exact && info.About != "" && strings.Contains(s, " of about ") {
		s += " (" + info.About + ")"
	}
	return s
}

// place says where the run is, in the fewest words.
func (m *Model) place() string {
	if m.seek.steps == 0 {
		return "at the first step"
	}
	s := "step " + engine.Digits(m.seek.steps)
	if n, ok := m.totalSteps(); ok && n >= m.seek.steps {
		of := " of about "
		if m.lab.Info().Exact {
			of = " of "
		}
		s += of + engine.Digits(n)
	}
	if m.lab.Done() {
		s += ": the end"
	}
	return s
}

// totalSteps is the run's length, where the lab knows it.
func (m *Model) totalSteps() (int64, bool) {
	if n := m.lab.Info().Steps; n > 0 {
		return n, true
	}
	return 0, false
}

// jump moves a tenth of the run either way.
func (m *Model) jump(dir int64) tea.Cmd {
	n, ok := m.totalSteps()
	if !ok {
		if moves, plays := m.playsRun(); !plays {
			m.setNote("nothing to step through here: "+moves, false)
		} else {
			m.setNote("this run's length is not known ahead: ← and home go back, end goes to the end", false)
		}
		return nil
	}
	return m.seekTo(m.seek.steps + dir*max(1, n/10))
}

// seekKey handles the keys that move through the run; ok is false for
// any other key.
func (m *Model) seekKey(k tea.KeyMsg) (tea.Cmd, bool) {
	c := m.keys
	switch {
	case key.Matches(k, c.StepBack):
		if m.seek.steps == 0 && !m.seek.going {
			if _, plays := m.playsRun(); plays {
				m.setNote("at the first step: nothing before it", false)
				return nil, true
			}
		}
		target := m.seek.steps - 1
		if m.seek.going {
			target = m.seek.target - 1
		}
		return m.seekTo(target), true
	case key.Matches(k, c.First):
		return m.seekTo(0), true
	case key.Matches(k, c.Last):
		return m.seekTo(math.MaxInt64), true
	case key.Matches(k, c.JumpBack):
		return m.jump(-1), true
	case key.Matches(k, c.JumpForward):
		return m.jump(1), true
	}
	return nil, false
}

// toggleMoments turns stopping at moments on or off and says at which
// steps play stops, or why M does nothing here.
func (m *Model) toggleMoments() {
	stops := m.lab.Info().Stops
	if moves, plays := m.playsRun(); !plays {
		m.setNote("M: nothing plays here ("+moves+"); what each change does shows as a note", false)
		return
	}
	if stops == "" {
		m.setNote("M: this lab marks no moments, so play runs to the end", false)
		return
	}
	m.stopAtMoments = !m.stopAtMoments
	if m.stopAtMoments {
		m.setNote("play stops at moments: "+stops, false)
	} else {
		m.setNote("play runs through moments", false)
	}
}
