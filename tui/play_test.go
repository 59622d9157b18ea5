package tui

import (
	"testing"
	"time"
)

func TestPaceFitsFramesIntoTheShare(t *testing.T) {
	draw := 1500 * time.Microsecond
	sixtieth := 1.6 / 60
	for _, c := range []struct {
		name          string
		cores         float64
		frame, budget time.Duration
	}{
		{"the whole machine", 0, frameInterval, stepBudget},
		{"a core of its own", 1, frameInterval, stepBudget},
		{"a tenth of a core", 0.1, frameInterval, frameInterval/10 - draw},
		// 60 sessions on 2 cores: ten frames a second, stepping what is left
		{"a sixtieth of 1.6 cores", sixtieth, sharedFrame, time.Duration(sixtieth*float64(sharedFrame)) - draw},
		{"less than the drawing", 0.001, sharedFrame, 0},
	} {
		p := newPlay()
		p.pace(c.cores, draw)
		if p.frame != c.frame || p.budget != c.budget {
			t.Errorf("%s: frame %v and stepping %v, want %v and %v", c.name, p.frame, p.budget, c.frame, c.budget)
		}
		if c.cores > 0 && c.budget > 0 && float64(draw+p.budget) > c.cores*float64(p.frame)*1.0001 {
			t.Errorf("%s: %v of work a frame of %v is over the share", c.name, draw+p.budget, p.frame)
		}
	}
}

func TestAFrameStepsOnceWhateverItsBudget(t *testing.T) {
	p := newPlay()
	p.pace(0.001, 5*time.Millisecond) // no time left to step
	p.speed = len(speeds) - 1         // as fast as the budget allows
	steps := 0
	p.advance(func() bool { steps++; return true }, time.Now())
	if steps != 1 {
		t.Fatalf("%d steps, want the one every frame takes", steps)
	}
}
