package main

import (
	"fmt"
	"strings"
)

// The retry storm chart's plot: columns and rows.
const stormCols, stormRows = 60, 8

// stormChart draws a storm's retries over time from each column's busiest
// millisecond, per milliseconds a column, on the storm's own scale: the
// top row is its peak and row r of stormRows fills from r - 1/2 rows of
// it. A column with retries too few to fill half a row shows '.' in the
// bottom row, so that no retry goes unseen.
func stormChart(busiest [stormCols]int, per int) []string {
	top := 0
	for _, n := range busiest {
		top = max(top, n)
	}
	var out []string
	for r := stormRows; r >= 1; r-- {
		var line strings.Builder
		for _, n := range busiest {
			switch {
			case n > 0 && float64(n) >= float64(top)*(float64(r)-0.5)/stormRows:
				line.WriteByte('#')
			case n > 0 && r == 1:
				line.WriteByte('.')
			default:
				line.WriteByte(' ')
			}
		}
		label := ""
		if r == stormRows {
			label = fmt.Sprint(top)
		}
		out = append(out, fmt.Sprintf("%7s |%s", label, line.String()))
	}
	return append(out, "        +"+strings.Repeat("-", stormCols),
		fmt.Sprintf("         0 ms%*d ms (%d ms a column)", stormCols-5, stormCols*per, per),
		fmt.Sprintf("         height: retries in a column's busiest ms, on this storm's own scale: top row %d, '.' under half a row", top))
}
