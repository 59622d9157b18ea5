package themes

import (
	"regexp"
	"slices"
	"testing"
)

var hex = regexp.MustCompile(`^#[0-9A-F]{6}$`)

// Every coloured theme sets every semantic colour and enough series colours
// for all seven strategies; mono sets none, so the terminal's own colours
// and text attributes carry the screen.
func TestPalettesAreComplete(t *testing.T) {
	for _, p := range All {
		colours := append([]string{p.Text, p.Muted, p.Accent, p.Border, p.Background, p.OK, p.Warn, p.Bad, p.Marker}, p.Series...)
		for i, c := range colours {
			if p.Name == "mono" {
				if c != "" {
					t.Errorf("mono sets colour %d to %q", i, c)
				}
				continue
			}
			if !hex.MatchString(c) {
				t.Errorf("%s: colour %d is %q, want #RRGGBB", p.Name, i, c)
			}
		}
		if p.Name != "mono" && len(p.Series) < 7 {
			t.Errorf("%s: %d series colours for 7 strategies", p.Name, len(p.Series))
		}
	}
	if !slices.Contains(Names(), "contrast") {
		t.Error("the projector theme is missing")
	}
}
