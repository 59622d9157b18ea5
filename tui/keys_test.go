package tui

import (
	"testing"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/scenarios"
)

// keyFor is the message a key name in a binding stands for.
func keyFor(k string) tea.KeyMsg {
	types := map[string]tea.KeyType{"left": tea.KeyLeft, "right": tea.KeyRight, "up": tea.KeyUp, "down": tea.KeyDown,
		"home": tea.KeyHome, "end": tea.KeyEnd, "enter": tea.KeyEnter, "esc": tea.KeyEsc, "tab": tea.KeyTab,
		"pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown, "backspace": tea.KeyBackspace}
	if t, ok := types[k]; ok {
		return tea.KeyMsg{Type: t}
	}
	if k == " " {
		return tea.KeyMsg{Type: tea.KeySpace, Runes: []rune(" ")}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
}

// Every key a lab's help lists acts (the screen changes) or says in a note
// why it does nothing here, in every scenario at 80x24.
func TestEveryKeyActsOrSaysWhyNot(t *testing.T) {
	for _, sc := range scenarios.All() {
		t.Run(sc.Name, func(t *testing.T) {
			probe := openAt(t, sc.Name, 80, 24)
			_, full := probe.lab.Help()
			seen := map[string]bool{"q": true, "ctrl+c": true}
			for _, col := range full {
				for _, b := range col {
					for _, k := range b.Keys() {
						if seen[k] {
							continue
						}
						seen[k] = true
						m := openAt(t, sc.Name, 80, 24)
						before := m.frame
						msg := keyFor(k)
						if !key.Matches(msg, b) {
							t.Fatalf("test bug: %q does not match its own binding", k)
						}
						m.Update(msg)
						if m.frame == before && m.note == "" {
							t.Errorf("%q (%s) changed nothing and said nothing", k, b.Help().Desc)
						}
					}
				}
			}
		})
	}
}
