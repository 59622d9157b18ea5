package tui

import (
	"regexp"
	"strings"
	"testing"
)

// cutWord is an ellipsis that cuts into a word or a number: a line may
// leave words out, marked " …", never show part of one.
var cutWord = regexp.MustCompile(`[^\s]…`)

// axisRun is a chart's x axis on a row: the corner and its run of ticks.
var axisRun = regexp.MustCompile(`└[─┬┴┼]+`)

// One pass over the catalogue's frames, each scenario opened once per
// size a class uses and seen opened, played on a fifth and at its end:
//   - nothing that carries meaning is cut: no line ends a word or a
//     number with an ellipsis;
//   - panels side by side share their scales (at 80x24 and 160x48): where
//     a row holds two or more charts' x axes, every one is as long and
//     ticked at the same columns.
func TestCatalogueFrames(t *testing.T) {
	playsWholeRuns(t)
	for _, sc := range catalogue(t) {
		t.Run(sc.Name, func(t *testing.T) {
			t.Parallel()
			catalogueFrames(t, sc.Name)
		})
	}
}

// catalogueFrames runs TestCatalogueFrames' checks on one scenario.
func catalogueFrames(t *testing.T, scenario string) {
	for _, size := range [][2]int{{80, 24}, {120, 40}, {160, 48}} {
		m := openAt(t, scenario, size[0], size[1])
		m.play.stop()
		axes := size[0] != 120
		for _, keys := range [][]string{{}, {">", ">"}, {"end"}} {
			for _, k := range keys {
				drive(m, k)
			}
			for _, line := range strings.Split(plain(m), "\n") {
				if cutWord.MatchString(line) {
					t.Errorf("%s at %dx%d after %v: a word cut short: %q", scenario, size[0], size[1], keys, line)
				}
				if !axes {
					continue
				}
				runs := axisRun.FindAllString(line, -1)
				for _, a := range runs[min(1, len(runs)):] {
					if a != runs[0] {
						t.Errorf("%s at %dx%d after %v: side-by-side axes differ:\n%s", scenario, size[0], size[1], keys, line)
						break
					}
				}
			}
		}
	}
}
