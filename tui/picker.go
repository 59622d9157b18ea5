package tui

import (
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/list"
	"github.com/loadlab/loadlab/scenarios"
)

// scenarioItem is one scenario in the picker.
type scenarioItem struct{ sc scenarios.Scenario }

func (i scenarioItem) Title() string       { return i.sc.Name + " · " + i.sc.Title }
func (i scenarioItem) Description() string { return i.sc.Lesson }
func (i scenarioItem) FilterValue() string { return i.sc.Name + " " + i.sc.Title }

func newPicker(w, h int, k keyMap) list.Model {
	var items []list.Item
	for _, sc := range scenarios.All() {
		items = append(items, scenarioItem{sc})
	}
	l := list.New(items, list.NewDefaultDelegate(), w, h)
	l.Title = "loadlab · choose a scenario"
	l.SetShowHelp(true)
	l.DisableQuitKeybindings()
	// The root handles these; list them beside the list's own keys.
	ours := func() []key.Binding { return []key.Binding{k.Open, k.Theme, k.Quit} }
	l.AdditionalShortHelpKeys = ours
	l.AdditionalFullHelpKeys = ours
	return l
}
