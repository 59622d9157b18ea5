package main

import (
	"strings"
	"testing"
)

// Columns of 1000, 1 and 500 retries: the spike fills every row, the half
// the lower half, and the single retry, under half a row, is still seen
// as '.' in the bottom row; the empty columns stay empty.
func TestStormChartShowsEveryRetry(t *testing.T) {
	t.Parallel()
	var busiest [stormCols]int
	busiest[0], busiest[1], busiest[2] = 1000, 1, 500
	lines := stormChart(busiest, 1)
	want := []string{"#  ", "#  ", "#  ", "#  ", "# #", "# #", "# #", "#.#"}
	for i, w := range want {
		plot := lines[i][strings.Index(lines[i], "|")+1:]
		if plot[:3] != w || strings.TrimSpace(plot[3:]) != "" {
			t.Errorf("row %d: %q, want %q then blank", stormRows-i, plot, w)
		}
	}
	if !strings.HasPrefix(lines[0], "   1000 |") {
		t.Errorf("top row %q: want the peak as its label", lines[0])
	}
}
