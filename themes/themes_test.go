package themes

import (
	"fmt"
	"regexp"
	"slices"
	"testing"

	colorful "github.com/lucasb-eyer/go-colorful"
	"github.com/muesli/termenv"
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

// minSeriesDistance is the least CIEDE2000 difference (on go-colorful's
// 0-1 scale) between two of the first six series colours as a 256-colour
// terminal shows them: 0.15 reads as two colours across a room, where the
// cascade's svc and aux pools once sat 0.10 apart (178 and 221 on dark, 130
// and 94 on light) and looked alike on a projector.
const minSeriesDistance = 0.15

// The first six series colours (the cascade's four pools and two bulkhead
// lines share a chart) stay apart where a terminal has 256 colours.
func TestSeriesDistinctOn256Colours(t *testing.T) {
	for _, p := range All {
		var shown []colorful.Color
		for _, c := range p.Series[:min(6, len(p.Series))] {
			h, err := colorful.Hex(fmt.Sprint(termenv.ANSI256.Color(c)))
			if err != nil {
				t.Fatal(err)
			}
			shown = append(shown, h)
		}
		for i := range shown {
			for j := i + 1; j < len(shown); j++ {
				if d := shown[i].DistanceCIEDE2000(shown[j]); d < minSeriesDistance {
					t.Errorf("%s: series %d (%s) and %d (%s) are %.3f apart on 256 colours, under %.2f", p.Name, i, p.Series[i], j, p.Series[j], d, minSeriesDistance)
				}
			}
		}
	}
}
