// Package themes holds loadlab's colour palettes and nothing else: the TUI
// builds its styles from one of them. Colours are hex strings; an empty
// string means the terminal's default, which is how the mono theme draws.
package themes

// Palette is a set of colours by role. Every lab draws from the same roles,
// so a new lab needs no new colour.
type Palette struct {
	Name string
	// Text and Muted are body text and secondary text (axes, labels).
	Text, Muted string
	// Accent marks the title, the focused panel, keys and selections.
	Accent string
	// Border frames panels; Background fills the whole screen, so that a
	// light theme reads on a dark terminal and the other way round.
	Border, Background string
	// Series colour the things compared (strategies, protection sets,
	// pools), colour-blind safe, in Okabe-Ito order on the dark theme.
	Series []string
	// OK, Warn and Bad are states: better / healthy, at risk (a hot bin, a
	// half-open breaker), worse / failed.
	OK, Warn, Bad string
	// Marker picks out the thing the latest step touched (the bins a ball
	// looked at), and the lines drawn across a chart.
	Marker string
}

// okabeIto is the Okabe-Ito colour-blind-safe palette, black left out,
// ordered so that the first six stay distinct on a 256-colour terminal
// (orange and yellow both fall near 178-221 there, so yellow comes last:
// the cascade's four pools and two bulkhead lines share one chart).
var okabeIto = []string{"#56B4E9", "#E69F00", "#009E73", "#CC79A7", "#0072B2", "#D55E00", "#F0E442"}

// All lists the themes in the order the theme key cycles through them.
var All = []Palette{
	{
		Name: "dark", Text: "#E6E6E6", Muted: "#9E9E9E", Accent: "#56B4E9",
		Border: "#5A5A5A", Background: "#1C1C1C",
		Series: okabeIto, OK: "#009E73", Warn: "#E69F00", Bad: "#FF6E40", Marker: "#F0E442",
	},
	{
		Name: "light", Text: "#1C1C1C", Muted: "#5F5F5F", Accent: "#0072B2",
		Border: "#A8A8A8", Background: "#FAFAFA",
		Series: []string{"#0072B2", "#B35900", "#007A5A", "#6A3D9A", "#A0457F", "#1C1C1C", "#7A5C00"},
		OK:     "#007A5A", Warn: "#B35900", Bad: "#B23B00", Marker: "#A0457F",
	},
	{
		// High contrast for projectors: pure white on black, saturated,
		// no mid greys that wash out on a screen.
		Name: "contrast", Text: "#FFFFFF", Muted: "#D0D0D0", Accent: "#FFFF00",
		Border: "#FFFFFF", Background: "#000000",
		Series: []string{"#00FFFF", "#FF8700", "#00FF00", "#FFFF00", "#FF5FFF", "#FF5F5F", "#FFFFFF"},
		OK:     "#00FF00", Warn: "#FF8700", Bad: "#FF5F5F", Marker: "#FF5FFF",
	},
	{Name: "mono"},
}

// Names lists the theme names.
func Names() []string {
	var out []string
	for _, p := range All {
		out = append(out, p.Name)
	}
	return out
}
