package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/loadlab/loadlab/sim/cascade"
)

// The success chart's plot: columns and rows, as lecture 26.4.1 draws it.
const chartWidth, chartHeight = 52, 6

// successChart draws a run's success rate over time as the lecture's
// program does (docs/sources.md, §26.4.1): a '*' per column at the mean of
// its samples, in the row nearest that mean, an exact half going to the
// even row (CPython's round: 50 % lands in the 40 % row). Under the axis,
// the marks: 0, ! when the db slows down, S and e for the surge, and the
// run's end, its first digit in the last column where the lecture prints
// the 6 of 60, then the legend.
func successChart(samples []cascade.Sample, c cascade.Config) []string {
	grid := make([][]byte, chartHeight)
	for r := range grid {
		grid[r] = []byte(strings.Repeat(" ", chartWidth))
	}
	n := len(samples)
	for col := 0; col < chartWidth && n > 0; col++ {
		lo := col * n / chartWidth
		hi := max(lo+1, (col+1)*n/chartWidth)
		v := 0.0
		for _, s := range samples[lo:hi] {
			v += 100 * s.Success
		}
		v /= float64(hi - lo)
		lvl := max(0, min(chartHeight-1, int(math.RoundToEven(v/100*(chartHeight-1)))))
		grid[chartHeight-1-lvl][col] = '*'
	}
	var out []string
	for r := range grid {
		out = append(out, fmt.Sprintf("%5.0f%% |%s", 100*float64(chartHeight-1-r)/float64(chartHeight-1), grid[r]))
	}
	out = append(out, "       +"+strings.Repeat("-", chartWidth))
	marks := []byte(strings.Repeat(" ", chartWidth))
	for _, m := range []struct {
		t   float64
		sym byte
	}{{0, '0'}, {c.DegradeAt, '!'}, {c.SurgeAt, 'S'}, {c.SurgeEnd, 'e'}} {
		// In float first: a time far past a short run is no index.
		marks[int(max(0, min(chartWidth-1, math.Floor(m.t/c.Duration*chartWidth))))] = m.sym
	}
	end := strconv.FormatFloat(c.Duration, 'g', -1, 64) + " s"
	return append(out, "        "+string(marks[:chartWidth-1])+end+"   ! db slows down   S~e surge")
}
