package tui

import (
	"fmt"
	"math"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/sim/engine"
)

// speeds are the steps per second the speed keys move through; the last,
// 0, means as many as the frame budget allows.
var speeds = []float64{0.25, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 50000, 200000, 0}

const (
	// frameInterval paces redraws when the speed is above one step a frame.
	frameInterval = time.Second / 30
	// stepBudget bounds the time spent stepping in one frame, so that keys
	// and redraws stay responsive at any speed.
	stepBudget = 12 * time.Millisecond
	// sharedFrame is the longest frame a shared session slows to: ten
	// frames a second.
	sharedFrame = time.Second / 10
)

// tickMsg drives playing. gen ties it to one tick loop: pausing, resuming
// and changing speed start a new generation and older ticks are dropped, so
// two loops can never run at once.
type tickMsg struct {
	gen int
	at  time.Time
}

// play is the play state: playing or paused, the speed, and the tick loop.
type play struct {
	playing bool
	speed   int // index into speeds
	gen     int
	last    time.Time
	carry   float64 // fraction of a step owed from earlier frames
	// frame and budget are the time between frames above 30 steps a
	// second and the stepping a frame may take: frameInterval and
	// stepBudget, unless pace has fitted them to a share of the cores.
	frame, budget time.Duration
	// timer makes the shell's timed messages (play's ticks, a busy lab's
	// redraws, a shared session's next batch): tea.Tick when nil. Tests
	// that drive a model by hand set one that answers at once.
	timer func(time.Duration, func(time.Time) tea.Msg) tea.Cmd
}

// after is the message fn makes, d from now.
func (p *play) after(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
	if p.timer != nil {
		return p.timer(d, fn)
	}
	return tea.Tick(d, fn)
}

// oneStepASecond is the index of 1/s in speeds, where a lab that opens
// paused starts.
const oneStepASecond = 2

func newPlay() play { return play{speed: 11, frame: frameInterval, budget: stepBudget} }

// pace fits the frames into a share of the cores (a class server's
// sessions share them): as many frames as the desktop's thirty a second
// while a frame's drawing and stepping fit; past that, frames further
// apart, down to ten a second, with half the share for drawing and the
// rest for stepping (at least one step a frame). cores 0 is the whole
// machine; draw is what a frame's drawing takes.
func (p *play) pace(cores float64, draw time.Duration) {
	if cores <= 0 {
		p.frame, p.budget = frameInterval, stepBudget
		return
	}
	p.frame = min(max(time.Duration(2*float64(draw)/cores), frameInterval), sharedFrame)
	p.budget = min(max(time.Duration(cores*float64(p.frame))-draw, 0), stepBudget)
}

func (p *play) stepsPerSecond() float64 { return speeds[p.speed] }

// setSpeed picks the listed speed nearest to sps: 0 is the fastest and a
// negative speed (a lab that opens paused) one step a second.
func (p *play) setSpeed(sps float64) {
	if sps < 0 {
		p.speed = oneStepASecond
		return
	}
	if sps == 0 {
		p.speed = len(speeds) - 1
		return
	}
	best := 0
	for i, s := range speeds[:len(speeds)-1] {
		if math.Abs(math.Log(s/sps)) < math.Abs(math.Log(speeds[best]/sps)) {
			best = i
		}
	}
	p.speed = best
}

func (p *play) faster() { p.speed = min(p.speed+1, len(speeds)-1) }
func (p *play) slower() { p.speed = max(p.speed-1, 0) }

func (p *play) interval() time.Duration {
	if s := p.stepsPerSecond(); s > 0 && s < 30 {
		return time.Duration(float64(time.Second) / s)
	}
	return p.frame
}

// start begins a new tick loop.
func (p *play) start() tea.Cmd {
	p.playing = true
	p.gen++
	p.last = time.Now()
	p.carry = 0
	return p.next()
}

// restart begins a new loop if playing, so a speed change takes effect now.
func (p *play) restart() tea.Cmd {
	if !p.playing {
		return nil
	}
	return p.start()
}

func (p *play) stop() {
	p.playing = false
	p.gen++
}

func (p *play) next() tea.Cmd {
	gen := p.gen
	return p.after(p.interval(), func(t time.Time) tea.Msg { return tickMsg{gen: gen, at: t} })
}

// advance runs the steps owed since the last frame, inside the budget;
// step reports whether play may go on.
func (p *play) advance(step func() bool, now time.Time) {
	elapsed := now.Sub(p.last).Seconds()
	p.last = now
	sps := p.stepsPerSecond()
	owed := math.Inf(1)
	if sps > 0 {
		p.carry += elapsed * sps
		owed = math.Floor(p.carry)
		p.carry -= owed
		if sps < 30 {
			owed = 1 // one step per tick at narrating speeds
			p.carry = 0
		}
	}
	deadline := time.Now().Add(p.budget)
	for n := 0.0; n < owed; n++ {
		if !step() {
			break
		}
		if (p.budget < stepBudget || int(n)%16 == 15) && time.Now().After(deadline) {
			p.carry = 0 // behind: drop the debt rather than lag forever
			break
		}
	}
}

func (p *play) label() string {
	s := p.stepsPerSecond()
	if s == 0 {
		return "max speed"
	}
	if s < 1 {
		return fmt.Sprintf("one step every %.10g s", 1/s)
	}
	if s >= 1000 && s == math.Trunc(s) {
		return engine.Digits(int64(s)) + "/s"
	}
	return fmt.Sprintf("%.10g/s", s)
}

// pace fits the play's frames and stepping into the session's share of
// the cores, where it has one (Options.Cores).
func (m *Model) pace() {
	if m.cores != nil {
		m.play.pace(m.cores(), m.drawCost)
	}
}

// drawTimed redraws, and where the session shares the cores, keeps the
// running average of what a frame's drawing takes.
func (m *Model) drawTimed() {
	if m.cores == nil {
		m.redraw()
		return
	}
	t0 := time.Now()
	m.redraw()
	m.drawCost += (time.Since(t0) - m.drawCost) / 8
}

// busyMsg redraws a lab whose work runs off the UI loop.
type busyMsg struct{}

// busyEvery is how often a busy lab's progress is redrawn.
const busyEvery = 250 * time.Millisecond

func busyTick() tea.Cmd {
	return tea.Tick(busyEvery, func(time.Time) tea.Msg { return busyMsg{} })
}

// busy is busyTick on play's timer.
func (p *play) busy() tea.Cmd {
	return p.after(busyEvery, func(time.Time) tea.Msg { return busyMsg{} })
}
