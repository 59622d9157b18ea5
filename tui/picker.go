package tui

import (
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/list"
	"github.com/charmbracelet/lipgloss"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// scenarioItem is one scenario in the picker; kept describes a run that
// reopening it resumes.
type scenarioItem struct {
	sc   scenarios.Scenario
	kept string
}

func (i scenarioItem) Title() string {
	t := i.sc.Name + " · " + i.sc.Title
	if i.kept != "" {
		t = "↺ " + t
	}
	return t
}

func (i scenarioItem) Description() string {
	if i.kept != "" {
		return "run kept (" + i.kept + "): enter resumes it; in the lab r restarts the run, R returns to the scenario as written · " + i.sc.Lesson
	}
	return i.sc.Lesson
}

// FilterValue holds the fields rankScenarios reads, one a line.
func (i scenarioItem) FilterValue() string { return filterFields(i.sc) }

var openKey = lab.Bind([]string{"enter"}, "enter", "open")

func newPicker(w, h int) list.Model {
	var items []list.Item
	for _, sc := range scenarios.All() {
		items = append(items, scenarioItem{sc: sc})
	}
	l := list.New(items, list.NewDefaultDelegate(), w, h)
	l.Title = "loadlab · choose a scenario"
	l.Filter = rankScenarios
	l.SetShowHelp(true)
	l.DisableQuitKeybindings()
	// The root handles these; list them beside the list's own keys.
	ours := func() []key.Binding {
		c := lab.CommonKeys
		return []key.Binding{openKey, c.Theme, c.Quit}
	}
	l.AdditionalShortHelpKeys = ours
	l.AdditionalFullHelpKeys = ours
	return l
}

// styleList paints the picker from the theme: the list's own colours would
// ignore it (and write colour codes under mono).
func styleList(l *list.Model, st *widget.Styles) {
	d := list.NewDefaultDelegate()
	pad := st.Text.PaddingLeft(2)
	d.Styles = list.DefaultItemStyles{
		NormalTitle:   pad,
		NormalDesc:    st.Muted.PaddingLeft(2),
		SelectedTitle: st.Accent.PaddingLeft(1).Border(lipgloss.NormalBorder(), false, false, false, true).BorderForeground(st.Accent.GetForeground()),
		SelectedDesc:  st.Text.PaddingLeft(1).Border(lipgloss.NormalBorder(), false, false, false, true).BorderForeground(st.Accent.GetForeground()),
		DimmedTitle:   st.Muted.PaddingLeft(2),
		DimmedDesc:    st.Muted.PaddingLeft(2),
		FilterMatch:   st.Text.Underline(true),
	}
	l.SetDelegate(d)
	s := list.DefaultStyles()
	s.Title = st.Title.Padding(0, 1)
	s.TitleBar = s.TitleBar.UnsetBackground()
	s.Spinner = st.Muted
	s.FilterPrompt = st.Accent
	s.FilterCursor = st.Accent
	s.DefaultFilterCharacterMatch = st.Text.Underline(true)
	s.StatusBar = st.Muted.Padding(0, 0, 1, 2)
	s.StatusEmpty = st.Muted
	s.StatusBarActiveFilter = st.Text
	s.StatusBarFilterCount = st.Muted
	s.NoItems = st.Muted
	s.ArabicPagination = st.Muted
	s.ActivePaginationDot = st.Text.SetString("•")
	s.InactivePaginationDot = st.Muted.SetString("•")
	s.DividerDot = st.Muted.SetString(" • ")
	l.Styles = s
	l.Paginator.ActiveDot = st.Text.Render("•")
	l.Paginator.InactiveDot = st.Muted.Render("•")
	l.FilterInput.PromptStyle = st.Accent
	l.FilterInput.TextStyle = st.Text
	l.FilterInput.Cursor.Style = st.Accent
	l.FilterInput.PlaceholderStyle = st.Muted
	l.Help.Styles = st.HelpStyles()
}
