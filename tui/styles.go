package tui

import (
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/lipgloss"
	"github.com/loadlab/loadlab/themes"
)

// Styles are every style the views use, built from one palette so that
// colour literals live only in themes.
type Styles struct {
	Theme     string
	Title     lipgloss.Style
	Text      lipgloss.Style
	Muted     lipgloss.Style
	Accent    lipgloss.Style
	Good      lipgloss.Style
	Bad       lipgloss.Style
	Bar       lipgloss.Style
	Hot       lipgloss.Style
	Mean      lipgloss.Style
	Chosen    lipgloss.Style
	Panel     lipgloss.Style
	Focused   lipgloss.Style
	StatusBar lipgloss.Style
	Series    []lipgloss.Style
}

func color(c string) lipgloss.TerminalColor {
	if c == "" {
		return lipgloss.NoColor{}
	}
	return lipgloss.Color(c)
}

// newStyles builds the styles of a palette. The mono palette has no colours,
// so emphasis falls back to bold, reverse and underline.
func newStyles(p themes.Palette) Styles {
	fg := func(c string) lipgloss.Style { return lipgloss.NewStyle().Foreground(color(c)) }
	s := Styles{
		Theme:  p.Name,
		Title:  fg(p.Accent).Bold(true),
		Text:   fg(p.Text),
		Muted:  fg(p.Muted),
		Accent: fg(p.Accent).Bold(true),
		Good:   fg(p.Good),
		Bad:    fg(p.Bad).Bold(true),
		Bar:    fg(p.Bar),
		Hot:    fg(p.Hot),
		Mean:   fg(p.Mean),
		Chosen: fg(p.Chosen),
		Panel: lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).
			BorderForeground(color(p.Border)).Padding(0, 1),
		Focused: lipgloss.NewStyle().Border(lipgloss.ThickBorder()).
			BorderForeground(color(p.Accent)).Padding(0, 1),
		StatusBar: lipgloss.NewStyle().Foreground(color(p.Text)).Background(color(p.Background)),
	}
	if p.Name == "mono" {
		s.StatusBar = s.StatusBar.Reverse(true)
		s.Bad = s.Bad.Underline(true)
	}
	for _, c := range p.Series {
		s.Series = append(s.Series, fg(c).Bold(true))
	}
	if len(s.Series) == 0 {
		s.Series = []lipgloss.Style{lipgloss.NewStyle().Bold(true)}
	}
	return s
}

// helpStyles colours the key help from the palette: keys in the accent,
// descriptions in the body text, so the help bar reads on a projector.
func (s Styles) helpStyles() help.Styles {
	return help.Styles{
		Ellipsis:       s.Muted,
		ShortKey:       s.Accent,
		ShortDesc:      s.Text,
		ShortSeparator: s.Muted,
		FullKey:        s.Accent,
		FullDesc:       s.Text,
		FullSeparator:  s.Muted,
	}
}

// series is the style of the i-th strategy.
func (s Styles) series(i int) lipgloss.Style { return s.Series[i%len(s.Series)] }
