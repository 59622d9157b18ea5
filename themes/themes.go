// Package themes holds loadlab's colour palettes and nothing else: the TUI
// builds its styles from one of them. Colours are hex strings; an empty
// string means the terminal's default, which is how the mono theme draws.
package themes

// Palette is a set of semantic colours.
type Palette struct {
	Name string
	// Text and Muted are body text and secondary text.
	Text, Muted string
	// Accent marks the title, the focused panel and selections.
	Accent string
	// Border frames panels; Background fills the status bar.
	Border, Background string
	// Bar fills histogram bars; Hot fills the part of a bar at or above the
	// hot threshold; Mean draws the mean line; Chosen fills the bins the
	// latest ball looked at.
	Bar, Hot, Mean, Chosen string
	// Good and Bad colour outcomes (lower and higher max load, errors).
	Good, Bad string
	// Series colours the strategies, colour-blind safe (Okabe-Ito order).
	Series []string
}

// okabeIto is the Okabe-Ito colour-blind-safe palette, black left out.
var okabeIto = []string{"#56B4E9", "#E69F00", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7"}

// All lists the themes in the order the theme key cycles through them.
var All = []Palette{
	{
		Name: "dark", Text: "#E6E6E6", Muted: "#8A8A8A", Accent: "#56B4E9",
		Border: "#4E4E4E", Background: "#262626",
		Bar: "#56B4E9", Hot: "#E69F00", Mean: "#F0E442", Chosen: "#CC79A7", Good: "#009E73", Bad: "#D55E00",
		Series: okabeIto,
	},
	{
		Name: "light", Text: "#1C1C1C", Muted: "#5F5F5F", Accent: "#0072B2",
		Border: "#A8A8A8", Background: "#E4E4E4",
		Bar: "#0072B2", Hot: "#D55E00", Mean: "#7A5C00", Chosen: "#A0457F", Good: "#007A5A", Bad: "#B23B00",
		Series: []string{"#0072B2", "#D55E00", "#007A5A", "#7A5C00", "#6A3D9A", "#A0457F", "#1C1C1C"},
	},
	{
		// High contrast for projectors: pure white on black, saturated,
		// no mid greys that wash out on a screen.
		Name: "contrast", Text: "#FFFFFF", Muted: "#D0D0D0", Accent: "#FFFF00",
		Border: "#FFFFFF", Background: "#000000",
		Bar: "#00FFFF", Hot: "#FF8700", Mean: "#FFFF00", Chosen: "#FF5FFF", Good: "#00FF00", Bad: "#FF5F5F",
		Series: []string{"#00FFFF", "#FF8700", "#00FF00", "#FFFF00", "#FF5FFF", "#FF5F5F", "#FFFFFF"},
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
