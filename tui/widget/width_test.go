package widget

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
)

func TestNarrowRunesAreOneCellEach(t *testing.T) {
	for _, span := range narrowRunes {
		for r := span[0]; r <= span[1]; r++ {
			if w := lipgloss.Width(string(r)); w != 1 {
				t.Errorf("%U %q: %d cells", r, r, w)
			}
			if w := lipgloss.Width("a" + string(r) + string(r) + "a"); w != 4 {
				t.Errorf("%U %q joins its neighbours: %d cells for 4", r, r, w)
			}
		}
	}
}

func TestWidthIsLipglossWidth(t *testing.T) {
	pieces := []string{"a", " ", "7", "·", "…", "┊", "⣿", "▲", "→", "é", "\x1b[1;38;5;203m", "\x1b[0m", "\n",
		"e\u0301", "🙂", "界", "\u200d", "\ufe0f", "\x1b]8;;x\x1b\\", "\t", "\u00ad"}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var b strings.Builder
		for range r.IntN(12) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := b.String()
		if got, want := Width(s), lipgloss.Width(s); got != want {
			t.Fatalf("Width(%q) = %d, lipgloss.Width %d", s, got, want)
		}
	}
}
