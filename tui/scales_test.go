package tui

import (
	"regexp"
	"strings"
	"testing"
)

// axisRun is a chart's x axis on a row: the corner and its run of ticks.
var axisRun = regexp.MustCompile(`└[─┬┴┼]+`)

// Panels side by side share their scales: where a row holds two or more
// charts' x axes, every one is as long and ticked at the same columns, in
// every scenario at 80x24 and 160x48, opened, played on and at the end.
func TestSideBySideAxesMatch(t *testing.T) {
	playsWholeRuns(t)
	for _, sc := range catalogue(t) {
		for _, size := range [][2]int{{80, 24}, {160, 48}} {
			m := openAt(t, sc.Name, size[0], size[1])
			m.play.stop()
			for _, keys := range [][]string{{}, {">", ">"}, {"end"}} {
				for _, k := range keys {
					drive(m, k)
				}
				for _, line := range strings.Split(plain(m), "\n") {
					axes := axisRun.FindAllString(line, -1)
					for _, a := range axes[min(1, len(axes)):] {
						if a != axes[0] {
							t.Errorf("%s at %dx%d after %v: side-by-side axes differ:\n%s", sc.Name, size[0], size[1], keys, line)
							break
						}
					}
				}
			}
		}
	}
}
