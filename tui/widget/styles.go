// Package widget is the drawing every lab shares: styles built from a
// palette, text fitting, the panel grid, legends, and the charts (ntcharts
// wrappers, and the hand-drawn column chart where ntcharts cannot draw what
// the lesson needs).
package widget

import (
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/lipgloss"
	"github.com/loadlab/loadlab/themes"
)

// Styles are every style the views use, built from one palette so that
// colour literals live only in themes.
type Styles struct {
	Theme string
	// Mono draws with text attributes only: no colour code is written.
	Mono      bool
	Title     lipgloss.Style
	Text      lipgloss.Style
	Muted     lipgloss.Style
	Accent    lipgloss.Style
	OK        lipgloss.Style
	Warn      lipgloss.Style
	Bad       lipgloss.Style
	Marker    lipgloss.Style
	Panel     lipgloss.Style
	Focused   lipgloss.Style
	StatusBar lipgloss.Style
	// Caption stands out: a moment's sentence.
	Caption lipgloss.Style
	Series  []lipgloss.Style
	// Seen, when set, hears of every chart drawn with these styles: its
	// kind and its plot's columns and rows (0 and 0 for a chart given too
	// little room to draw). The app leaves it nil; the class-view tests
	// measure every frame with it.
	Seen func(kind string, cols, rows int)
	// background is the escape sequence that sets the theme's background,
	// empty when the theme leaves the terminal's own.
	background string
}

func color(c string) lipgloss.TerminalColor {
	if c == "" {
		return lipgloss.NoColor{}
	}
	return lipgloss.Color(c)
}

// NewStyles builds the styles of a palette for this process's terminal.
func NewStyles(p themes.Palette) *Styles { return NewStylesFor(p, lipgloss.DefaultRenderer()) }

// NewStylesFor builds the styles of a palette for the terminal r renders
// to (an SSH session's, at its own colour profile). The mono palette has
// no colours, so emphasis falls back to bold, reverse and underline.
func NewStylesFor(p themes.Palette, r *lipgloss.Renderer) *Styles {
	fg := func(c string) lipgloss.Style { return r.NewStyle().Foreground(color(c)) }
	s := &Styles{
		Theme:  p.Name,
		Mono:   p.Name == "mono",
		Title:  fg(p.Accent).Bold(true),
		Text:   fg(p.Text),
		Muted:  fg(p.Muted),
		Accent: fg(p.Accent).Bold(true),
		OK:     fg(p.OK),
		Warn:   fg(p.Warn),
		Bad:    fg(p.Bad).Bold(true),
		Marker: fg(p.Marker),
		Panel: r.NewStyle().Border(lipgloss.RoundedBorder()).
			BorderForeground(color(p.Border)).Padding(0, 1),
		Focused: r.NewStyle().Border(lipgloss.ThickBorder()).
			BorderForeground(color(p.Accent)).Padding(0, 1),
		StatusBar: fg(p.Text).Bold(true),
		Caption:   fg(p.Marker).Bold(true),
	}
	if s.Mono {
		s.StatusBar = s.StatusBar.Reverse(true)
		s.Bad = s.Bad.Underline(true)
		s.Caption = s.Caption.Reverse(true)
	}
	for _, c := range p.Series {
		s.Series = append(s.Series, fg(c).Bold(true))
	}
	if len(s.Series) == 0 {
		s.Series = []lipgloss.Style{r.NewStyle().Bold(true)}
	}
	if p.Background != "" {
		probe := r.NewStyle().Background(color(p.Background)).Render("x")
		if i := strings.Index(probe, "x"); i > 0 {
			s.background = probe[:i]
		}
	}
	return s
}

// SeriesStyle is the style of the i-th thing compared.
func (s *Styles) SeriesStyle(i int) lipgloss.Style { return s.Series[i%len(s.Series)] }

// HelpStyles colours the key help from the palette: keys in the accent,
// descriptions in the body text, so the help bar reads on a projector.
func (s *Styles) HelpStyles() help.Styles {
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

// resetSeq is what lipgloss writes at the end of every styled run; after it
// the terminal's own background would show through.
const resetSeq = "\x1b[0m"

// Paint fills a w x h screen with the theme's background: every line is
// padded to w, every reset is followed by the background again, and lines
// up to h are added. Without a background (mono) it only pads.
func (s *Styles) Paint(screen string, w, h int) string {
	lines := strings.Split(screen, "\n")
	for len(lines) < h {
		lines = append(lines, "")
	}
	for i, l := range lines {
		if pad := w - Width(l); pad > 0 {
			l += strings.Repeat(" ", pad)
		}
		if s.background != "" {
			l = s.background + strings.ReplaceAll(l, resetSeq, resetSeq+s.background) + resetSeq
		}
		lines[i] = l
	}
	return strings.Join(lines, "\n")
}

// Saw tells Seen of a chart drawn.
func (s *Styles) Saw(kind string, cols, rows int) {
	if s.Seen != nil {
		s.Seen(kind, cols, rows)
	}
}
