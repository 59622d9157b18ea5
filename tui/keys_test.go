package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// keyFor is the message a key name in a binding stands for.
func keyFor(k string) tea.KeyMsg {
	types := map[string]tea.KeyType{"left": tea.KeyLeft, "right": tea.KeyRight, "up": tea.KeyUp, "down": tea.KeyDown,
		"home": tea.KeyHome, "end": tea.KeyEnd, "enter": tea.KeyEnter, "esc": tea.KeyEsc, "tab": tea.KeyTab,
		"pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown, "backspace": tea.KeyBackspace,
		"ctrl+b": tea.KeyCtrlB, "ctrl+c": tea.KeyCtrlC, "ctrl+f": tea.KeyCtrlF}
	if t, ok := types[k]; ok {
		return tea.KeyMsg{Type: t}
	}
	if k == " " {
		return tea.KeyMsg{Type: tea.KeySpace, Runes: []rune(" ")}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
}

// Keys a class brings from another lab say why they do nothing here: the
// bins lab's T, m, d and 1 in the exact lab (whose v is its own chart), the stepper's p and g in
// the bins lab, a letter no lab binds anywhere; and + on the exact table,
// where nothing plays, says so rather than "speed 2/s".
func TestKeysOfOtherLabsSayWhy(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		scenario string
		keys     []string
		want     string
	}{
		{"exact-n4", []string{"T", "m", "1", "7"}, "the bins lab's"},
		{"exact-n4", []string{"d", "D"}, "sets d in the bins lab"},
		{"exact-n4", []string{"+", "-"}, "nothing to play here"},
		{"small-steps", []string{"z"}, "z is not a key of this lab"},
	} {
		for _, k := range c.keys {
			m := openAt(t, c.scenario, 80, 24)
			m.Update(keyFor(k))
			if !strings.Contains(m.note, c.want) {
				t.Errorf("%s: %s says %q, want %q", c.scenario, k, m.note, c.want)
			}
		}
	}
}
