package tui

import (
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/list"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// scenarioItem is one scenario in the picker; kept describes a run that
// reopening it resumes.
type scenarioItem struct {
	sc   scenarios.Scenario
	kept string
	// sweep marks a sweep scenario: sc holds its name, title and lesson
	// over its base's spec, and enter opens the sweep's screen.
	sweep bool
}

// FilterValue holds the fields rankScenarios reads, one a line.
func (i scenarioItem) FilterValue() string { return filterFields(i.sc) }

var (
	openKey = lab.Bind([]string{"enter"}, "enter", "open")
	// labKey jumps to the first scenario of a lab, numbered as its heading.
	labKey = lab.Bind([]string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "0"}, "1-9, 0", "lab")
)

// newPicker lists the scenarios, and with sweeps each sweep scenario
// after the last scenario of its lab.
func newPicker(w, h int, sweeps bool) list.Model {
	var items []list.Item
	for _, sc := range scenarios.All() {
		items = append(items, scenarioItem{sc: sc})
	}
	if sweeps {
		items = withSweeps(items)
	}
	l := list.New(items, pickerDelegate{}, w, h)
	l.Title = "loadlab · choose a scenario · 1-9, 0 jump to a lab"
	l.Filter = rankScenarios
	// The headings and the filter's own line say what the status bar
	// would, and its quoted filter is cut with an ellipsis.
	l.SetShowStatusBar(false)
	l.SetShowHelp(true)
	l.DisableQuitKeybindings()
	// The root handles these; list them beside the list's own keys. The
	// short help leaves out the theme so that a filtered list's keys fit
	// 80 columns whole.
	c := lab.CommonKeys
	l.AdditionalShortHelpKeys = func() []key.Binding { return []key.Binding{openKey, c.Quit} }
	l.AdditionalFullHelpKeys = func() []key.Binding { return []key.Binding{openKey, labKey, c.Theme, c.Quit} }
	return l
}

// styleList paints the picker from the theme: the list's own colours would
// ignore it (and write colour codes under mono).
func styleList(l *list.Model, st *widget.Styles) {
	l.SetDelegate(pickerDelegate{st: st})
	s := list.DefaultStyles()
	s.Title = st.Title.Padding(0, 1)
	// The first row of a page is a heading, which sets it off from the title.
	s.TitleBar = s.TitleBar.UnsetBackground().PaddingBottom(0)
	s.FilterPrompt = st.Accent
	s.FilterCursor = st.Accent
	s.NoItems = st.Muted
	s.ArabicPagination = st.Muted
	s.ActivePaginationDot = st.Text.SetString("•")
	s.InactivePaginationDot = st.Muted.SetString("•")
	l.Styles = s
	l.Paginator.ActiveDot = st.Text.Render("•")
	l.Paginator.InactiveDot = st.Muted.Render("•")
	l.FilterInput.PromptStyle = st.Accent
	l.FilterInput.TextStyle = st.Text
	l.FilterInput.Cursor.Style = st.Accent
	l.FilterInput.PlaceholderStyle = st.Muted
	l.Help.Styles = st.HelpStyles()
}
