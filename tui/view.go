package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"
)

// View joins the cached body with the header, status and help bars.
func (m *Model) View() string {
	if m.screen == screenPicker {
		v := m.picker.View()
		if m.flash != "" {
			v += "\n" + m.flashView()
		}
		return v
	}
	if m.small {
		msg := fmt.Sprintf("Terminal too small: loadlab needs %dx%d, this one is %dx%d.", minWidth, minHeight, m.width, m.height)
		return lipgloss.NewStyle().Width(max(1, m.width)).Render(msg)
	}
	return m.frame
}

func (m *Model) header() string {
	left := m.st.Title.Render("loadlab") + m.st.Muted.Render(" · "+m.scenario.Name+" · ") + m.st.Text.Render(m.scenario.Title)
	return truncate(left, m.width)
}

func (m *Model) statusBar() string {
	if m.typingSeed {
		return m.st.StatusBar.Width(m.width).Render(m.seedInput.View() + "   enter applies, esc cancels")
	}
	state := "❚❚ paused"
	switch {
	case m.play.playing:
		state = "▶ playing"
	case m.lab.done():
		state = "✓ done"
	}
	parts := append(m.lab.status(), m.play.label(), state)
	line := " " + strings.Join(parts, " │ ") + " "
	bar := m.st.StatusBar.Render(line)
	if m.flash != "" {
		bar += " " + m.flashView()
	}
	return truncate(bar, m.width)
}

// flashView is the latest message: a refusal stands out, a note does not.
func (m *Model) flashView() string {
	if m.flashBad {
		return m.st.Bad.Render(m.flash)
	}
	return m.st.Muted.Render(m.flash)
}

func (m *Model) helpView() string {
	short, full := m.lab.help(m.keys)
	if m.fullHelp {
		lesson := m.st.Text.Width(m.width).Render(m.scenario.Lesson)
		return lipgloss.JoinVertical(lipgloss.Left, lesson, m.help.FullHelpView(full))
	}
	return m.help.ShortHelpView(short)
}
