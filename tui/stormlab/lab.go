// Package stormlab is the retry-storm lab of section 26.3.2: a thousand
// clients fail together and retry; the histogram of their retries fills
// millisecond by millisecond, for the jitter mode chosen, switchable live.
package stormlab

import (
	"context"
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/cascade"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// stepMs is the storm time one step reveals.
const stepMs = 10

// Lab shows one jitter mode's storm at a time; all of them are computed
// up front (they are small) so that switching keeps the time and scale.
type Lab struct {
	spec   cascade.StormSpec
	storms []cascade.Storm
	shown  int
	nowMs  int
	spanMs int
	// waves are each storm's waves of retries, its moments.
	waves [][]engine.Moment
}

// New opens the lab on a retry-storm spec.
func New(s scenarios.Spec) (lab.Lab, error) {
	spec, ok := s.(cascade.StormSpec)
	if !ok {
		return nil, fmt.Errorf("stormlab: %T is not a retry-storm spec", s)
	}
	l := &Lab{spec: spec}
	return l, l.Restart()
}

// Restart computes the storms again and rewinds to t = 0.
func (l *Lab) Restart() error {
	storms, err := l.spec.Run(context.Background(), nil)
	if err != nil {
		return err
	}
	l.storms, l.nowMs, l.spanMs, l.waves = storms, 0, 1, nil
	for _, s := range storms {
		l.spanMs = max(l.spanMs, len(s.Histogram))
		l.waves = append(l.waves, s.Waves())
	}
	return nil
}

// StopsAt says which steps are moments.
func (l *Lab) StopsAt() string { return "each wave of retries" }

// NewMoment reports the waves of the storm on screen that the latest step
// revealed.
func (l *Lab) NewMoment() (string, bool) {
	var captions []string
	for _, w := range l.waves[l.shown] {
		if int(w.Step) >= l.nowMs-stepMs && int(w.Step) < l.nowMs {
			captions = append(captions, w.Caption)
		}
	}
	return strings.Join(captions, "; "), len(captions) > 0
}

// Pace says a speed in storm time.
func (l *Lab) Pace(stepsPerSecond float64) string {
	return fmt.Sprintf("%gx real time", stepsPerSecond*stepMs/1000)
}

// Step reveals the next 10 ms.
func (l *Lab) Step() bool {
	if l.Done() {
		return false
	}
	l.nowMs += stepMs
	return true
}

// Steps is the 10 ms slices of the longest storm.
func (l *Lab) Steps() int64 { return int64((l.spanMs + stepMs - 1) / stepMs) }

// Done reports whether every retry has been shown.
func (l *Lab) Done() bool { return l.nowMs >= l.spanMs }

// Status is the jitter and the time.
func (l *Lab) Status() []string {
	return []string{jitterName(l.storms[l.shown].Jitter), fmt.Sprintf("t %d / %d ms", min(l.nowMs, l.spanMs), l.spanMs), fmt.Sprintf("seed %d", l.spec.Seed)}
}

// Seed is the storm's seed.
func (l *Lab) Seed() int64 { return l.spec.Seed }

// WithSeed recomputes on another seed.
func (l *Lab) WithSeed(seed int64) error { return lab.Reseed(&l.spec.Seed, seed, l.Restart) }

// NextSeed recomputes on the next seed.
func (l *Lab) NextSeed() error { return l.WithSeed(l.spec.Seed + 1) }

var jitterKey = lab.Bind([]string{"j"}, "j", "next jitter mode")

// Help lists the lab's keys with the shell's.
func (l *Lab) Help() ([]key.Binding, [][]key.Binding) {
	c := lab.CommonKeys
	return []key.Binding{c.Play, c.Step, jitterKey, c.Help, c.Quit, c.Faster, c.Slower},
		[][]key.Binding{lab.PlayKeys(), append([]key.Binding{jitterKey}, lab.ShellKeys()...)}
}

// Key switches the jitter mode, keeping the time.
func (l *Lab) Key(msg tea.KeyMsg) lab.Outcome {
	if !key.Matches(msg, jitterKey) {
		return lab.Outcome{}
	}
	l.shown = (l.shown + 1) % len(l.storms)
	return lab.Taken() // the heading says which mode and what it did
}

// Render draws the shown mode's retries over time up to now, a column's
// height its busiest millisecond, on one count scale for every mode.
func (l *Lab) Render(f lab.Frame) string {
	st := f.St
	s := l.storms[l.shown]
	cols := max(8, f.W-8)
	per := (l.spanMs + cols - 1) / cols
	values := make([]float64, 0, cols)
	labels := make([]string, 0, cols)
	top := 1
	for _, m := range l.storms {
		for c := 0; c*per < l.spanMs; c++ {
			top = max(top, m.Busiest(c*per, (c+1)*per))
		}
	}
	ticks := widget.NiceTicks(0, float64(l.spanMs), max(2, cols/7))
	for c := 0; c*per < l.spanMs; c++ {
		v := 0
		if c*per < l.nowMs {
			v = s.Busiest(c*per, min((c+1)*per, l.nowMs))
		}
		values = append(values, float64(v))
		label := "" // a round time labels the column it falls in
		for len(ticks) > 0 && ticks[0] < float64((c+1)*per) {
			label, ticks = fmt.Sprint(ticks[0]), ticks[1:]
		}
		labels = append(labels, label)
	}
	var modes []string
	for i, m := range l.storms {
		name := m.Jitter
		if i == l.shown {
			name = "[" + name + "]"
		}
		modes = append(modes, name)
	}
	head := []string{
		st.Title.Render(fmt.Sprintf("%d clients fail at t = 0 and retry %d times: ", l.spec.Clients, l.spec.Retries)) +
			st.Text.Render(fmt.Sprintf("wait min(%g ms x 2^(k-1), %g ms) before retry k", l.spec.BaseMs, l.spec.CapMs)),
		st.Muted.Render("jitter: " + strings.Join(modes, "  ") + "   (j switches; the scale stays)"),
		st.Text.Render(s.Caption),
		st.Muted.Render(fmt.Sprintf("height: retries in the busiest millisecond of each %d ms column, up to t = %d ms (x: ms after the failure)", per, min(l.nowMs, l.spanMs))),
	}
	bars := widget.Bars{Labels: labels, Values: values, YMax: float64(top), Style: st.SeriesStyle(l.shown).UnsetBold()}
	foot := st.Muted.Render(fmt.Sprintf("%d layers each retrying %d times turn one failure at the bottom into (1+%d)^%d = %.0f calls",
		l.spec.Layers, l.spec.Retries, l.spec.Retries, l.spec.Layers, s.Amplification))
	chartH := max(4, f.H-len(head)-1)
	lines := append(head, strings.Split(bars.Render(st, f.W, chartH), "\n")...)
	return widget.FitLines(append(lines, foot), f.W, f.H)
}
