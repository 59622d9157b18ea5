package widget

import (
	"strings"
	"testing"

	"github.com/loadlab/loadlab/themes"
)

// Shown is the bars Render draws: all of them where the columns suffice,
// a bar a column past that, and what Render leaves out is what Shown
// leaves out.
func TestBarsShown(t *testing.T) {
	st := NewStyles(themes.All[0])
	values := make([]float64, 100)
	for i := range values {
		values[i] = float64(1 + i%7)
	}
	few := Bars{Values: values[:10], YMax: 8}
	if got := few.Shown(80, 10); got != 10 {
		t.Errorf("10 bars in 80 columns: %d shown", got)
	}
	many := Bars{Values: values, YMax: 8}
	shown := many.Shown(40, 10)
	if shown <= 0 || shown >= 100 {
		t.Fatalf("100 bars in 40 columns: %d shown", shown)
	}
	marked := make([]bool, 100)
	marked[shown-1], marked[shown] = true, true // the last drawn, and the first left out
	many.Marked = marked
	if got := strings.Count(many.Render(st, 40, 10), "▲"); got != 1 {
		t.Errorf("Render drew %d of the marks at bars %d and %d; Shown says %d are drawn", got, shown-1, shown, shown)
	}
}
