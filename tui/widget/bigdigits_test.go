package widget

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
)

// No two digits share a shape: a projector shows no colour to tell them
// apart by.
func TestBigDigitsAreDistinct(t *testing.T) {
	seen := map[[3]string]rune{}
	for d := '0'; d <= '9'; d++ {
		g, ok := bigGlyphs[d]
		if !ok {
			t.Fatalf("no big glyph for %c", d)
		}
		if other, dup := seen[g]; dup {
			t.Errorf("%c and %c are drawn alike:\n%s", d, other, strings.Join(g[:], "\n"))
		}
		seen[g] = d
		for _, row := range g {
			if lipgloss.Width(row) != 3 {
				t.Errorf("%c has a row %q of %d cells, want 3", d, row, lipgloss.Width(row))
			}
		}
	}
}

// A big figure is four lines of one width, whatever its value holds:
// digits, separators, units drawn small, or nothing big at all.
func TestBigFigureRowsShareOneWidth(t *testing.T) {
	st := mono(t)
	for _, v := range []string{"16.7 %", "47.8%", "11,793", "0.30 s", "99.99 %", "—", "12 ms", "3.2 y", "n/a", "", "-4:30"} {
		t.Run(v, func(t *testing.T) {
			rows := strings.Split(plain(BigFigure(st, "success", v)), "\n")
			if len(rows) != 4 {
				t.Fatalf("%d lines, want 4:\n%s", len(rows), strings.Join(rows, "\n"))
			}
			for i, r := range rows {
				if lipgloss.Width(r) != lipgloss.Width(rows[0]) {
					t.Errorf("row %d is %d cells, row 0 is %d:\n%s", i, lipgloss.Width(r), lipgloss.Width(rows[0]), strings.Join(rows, "\n"))
				}
			}
		})
	}
	if got := plain(BigFigure(st, "p99", "0.30 s")); !strings.HasSuffix(got, "s") || strings.Count(got, "s") != 1 {
		t.Errorf("the unit is not written small on the bottom row:\n%s", got)
	}
}

// Figures that do not fit beside each other go to the next band, whole:
// no line is wider than the strip, and every label is there uncut.
func TestBigStripWrapsWithinItsWidth(t *testing.T) {
	st := mono(t)
	figs := []Figure{{Group: "S1", Name: "success", Value: "16.7 %"}, {Group: "S6", Name: "success", Value: "47.8%"},
		{Name: "backlog", Value: "11,793"}, {Name: "p99", Value: "0.30 s"}, {Name: "availability", Value: "99.99 %"}, {Name: "shed", Value: "—"}}
	for _, w := range []int{80, 60, 40, 24, 12, 8} {
		t.Run(fmt.Sprint(w), func(t *testing.T) {
			got := plain(BigStrip(st, w, figs))
			rows := strings.Split(got, "\n")
			for i, r := range rows {
				if lipgloss.Width(r) > w {
					t.Errorf("row %d is %d cells, wider than %d:\n%s", i, lipgloss.Width(r), w, got)
				}
			}
			if len(rows)%4 != 0 {
				t.Errorf("%d rows: not whole bands of 4:\n%s", len(rows), got)
			}
			for _, f := range figs {
				if label := figureLabel(f); w >= lipgloss.Width(label) && !strings.Contains(got, label) {
					t.Errorf("%q is missing or cut:\n%s", label, got)
				}
			}
		})
	}
	if rows := strings.Count(plain(BigStrip(st, 80, figs)), "\n") + 1; rows < 8 {
		t.Errorf("six big figures fit one band of 80 columns (%d rows): nothing wrapped", rows)
	}
}
