package tui

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/list"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/loadlab/loadlab/tui/widget"
)

// pickerDelegate draws a scenario in three rows: its lab's heading when it
// opens the lab or a page (else a gap), then its name with the title
// beside it, wrapped to two rows. The headings are no items of the list,
// so the cursor never lands on one.
type pickerDelegate struct{ st *widget.Styles }

// The picker's columns: the cursor's bar, and the gap after the names.
const (
	pickerGutter = 2
	pickerGap    = 2
)

// keptMark comes before the name of a scenario whose run is kept.
const keptMark = "↺ "

func (d pickerDelegate) Height() int  { return 3 }
func (d pickerDelegate) Spacing() int { return 0 }

// Update moves to a lab's first scenario on its number.
func (d pickerDelegate) Update(msg tea.Msg, m *list.Model) tea.Cmd {
	k, ok := msg.(tea.KeyMsg)
	if !ok || !key.Matches(k, labKey) {
		return nil
	}
	n, _ := strconv.Atoi(k.String())
	if n == 0 { // the tenth lab, as 0 follows 9 on a keyboard
		n = 10
	}
	labs := labOrder(m.Items())
	if n < 1 || n > len(labs) {
		return nil
	}
	for i, it := range m.VisibleItems() {
		if groupOf(it) == labs[n-1] {
			m.Select(i)
			break
		}
	}
	return nil
}

func (d pickerDelegate) Render(w io.Writer, m list.Model, index int, item list.Item) {
	it, ok := item.(scenarioItem)
	if !ok {
		return
	}
	st := d.st
	var top string
	if visible := m.VisibleItems(); index%m.Paginator.PerPage == 0 || groupOf(visible[index-1]) != groupOf(it) {
		top = d.heading(m.Items(), groupOf(it), m.Width())
	}
	nameW := nameColumn(m.Items())
	title := titleLines(it.sc.Title, m.Width()-pickerGutter-nameW-pickerGap)

	nameStyle, gutter := st.Text, strings.Repeat(" ", pickerGutter)
	if index == m.Index() {
		nameStyle, gutter = st.Accent, st.Accent.Render("│")+" "
	}
	name := lipgloss.StyleRunes(it.sc.Name, m.MatchesForItem(index), nameStyle.Underline(true), nameStyle)
	under := ""
	switch {
	case it.kept != "":
		name = nameStyle.Render(keptMark) + name
		under = st.Muted.Render(strings.Repeat(" ", widget.Width(keptMark)) + "run kept")
	case it.sweep:
		under = st.Muted.Render("a sweep")
	}
	lines := []string{top}
	for i, left := range []string{name, under} {
		pad := strings.Repeat(" ", max(0, nameW-widget.Width(left))+pickerGap)
		lines = append(lines, gutter+left+pad+st.Text.Render(title[i]))
	}
	for i, l := range lines {
		lines[i] = widget.Truncate(l, m.Width())
	}
	fmt.Fprint(w, strings.Join(lines, "\n"))
}

// heading is a lab's title after its number, the key that jumps to it,
// and a rule to the edge that sets it off from the title above.
func (d pickerDelegate) heading(items []list.Item, group string, w int) string {
	h := strings.Repeat(" ", pickerGutter)
	for i, g := range labOrder(items) {
		if g == group && i < 10 {
			h += d.st.Accent.Render(strconv.Itoa((i+1)%10)) + " "
		}
	}
	h += d.st.Title.Render(group) + " "
	return h + d.st.Muted.Render(strings.Repeat("─", max(0, w-widget.Width(h)-pickerGutter)))
}

// nameColumn is the width of the widest name, marked as kept.
func nameColumn(items []list.Item) int {
	w := 0
	for _, it := range items {
		if si, ok := it.(scenarioItem); ok {
			w = max(w, widget.Width(keptMark+si.sc.Name))
		}
	}
	return w
}

// titleLines wraps a title at words into two rows. A title too long for
// them (never at 80 columns or more) ends its second row with an ellipsis.
func titleLines(title string, w int) [2]string {
	lines := widget.Wrap(title, max(1, w))
	var out [2]string
	copy(out[:], lines)
	if len(lines) > 2 {
		out[1] = widget.Truncate(strings.Join(lines[1:], " "), w)
	}
	return out
}
