package tui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// A raw paste of a megabyte (keys as fast as a client can send them)
// steps the run no more than a burst of typing does, draws no frame for
// the keys it drops, and says so once; after a pause keys act again. A
// bracketed paste into the prompt is one key, cut to the prompt's length.
func TestAKeyFloodCostsWhatAPasteCosts(t *testing.T) {
	t.Parallel()
	m, err := New(Options{Scenario: "small-steps", Theme: "mono", DropKeyFloods: true})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Unix(0, 0)
	m.flood.now = func() time.Time { return now }
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.stopAtMoments = false
	frames := 0
	for i := range 1 << 20 / 2 { // a megabyte of "n " as bubbletea delivers it, word by word
		now = now.Add(time.Microsecond)
		before := m.frame
		if i%2 == 0 {
			m.Update(keyFor("n"))
		} else {
			m.Update(tea.KeyMsg{Type: tea.KeySpace, Runes: []rune(" ")})
		}
		if m.frame != before {
			frames++
		}
	}
	if m.seek.steps > floodKeys {
		t.Errorf("the flood stepped the run %d times, want %d at most", m.seek.steps, floodKeys)
	}
	if frames > floodKeys+1 {
		t.Errorf("the flood drew %d frames, want %d at most", frames, floodKeys+1)
	}
	if !strings.Contains(m.note, "faster than anyone types") {
		t.Errorf("the flood was not told: note %q", m.note)
	}
	m.play.stop()
	at := m.seek.steps
	now = now.Add(floodQuiet)
	m.Update(keyFor("n"))
	if m.seek.steps != at+1 {
		t.Errorf("after a pause n stepped from %d to %d", at, m.seek.steps)
	}
	m.Update(keyFor(":"))
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(strings.Repeat("x", 1<<20)), Paste: true})
	if n := len(m.prompt.input.Value()); n != m.prompt.input.CharLimit {
		t.Errorf("a bracketed paste of a megabyte left %d characters in the prompt, want its limit %d", n, m.prompt.input.CharLimit)
	}
}
