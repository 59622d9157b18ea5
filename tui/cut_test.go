package tui

import (
	"regexp"
	"strings"
	"testing"
)

// cutWord is an ellipsis that cuts into a word or a number: a line may
// leave words out, marked " …", never show part of one.
var cutWord = regexp.MustCompile(`[^\s]…`)

// Nothing that carries meaning is cut: on every scenario's screen, at the sizes a class uses, opened and played to its end, no
// line ends a word or a number with an ellipsis.
func TestNothingCutMidWord(t *testing.T) {
	playsWholeRuns(t)
	for _, sc := range catalogue(t) {
		for _, size := range [][2]int{{80, 24}, {120, 40}, {160, 48}} {
			m := openAt(t, sc.Name, size[0], size[1])
			for _, when := range []string{"opened", "at its end"} {
				if when == "at its end" {
					drive(m, "end")
				}
				for _, l := range strings.Split(plain(m), "\n") {
					if cutWord.MatchString(l) {
						t.Errorf("%s at %dx%d, %s: a word cut short: %q", sc.Name, size[0], size[1], when, l)
					}
				}
			}
		}
	}
}
