package avail

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Duration writes a time in hours as days, hours, minutes, seconds or
// milliseconds, whichever reads best: "3.65 days", "8.76 h", "5.26 min",
// "2.63 s", "3.15 ms".
func Duration(h float64) string {
	switch {
	case h >= 48:
		return fmt.Sprintf("%.2f days", h/24)
	case h >= 1:
		return fmt.Sprintf("%.2f h", h)
	case h*60 >= 1:
		return fmt.Sprintf("%.2f min", h*60)
	case h*3600 >= 0.01:
		return fmt.Sprintf("%.2f s", h*3600)
	}
	return fmt.Sprintf("%.3g ms", h*3600e3)
}

// Round writes a duration as Duration does, less a fraction that is all
// zeros: "30 min" for half an hour, "4.04 days".
func Round(h float64) string { return strings.Replace(Duration(h), ".00 ", " ", 1) }

// Percent writes a share as a percentage with enough decimals to show
// its nines: 99.9001 %, 99.99970100 %.
func Percent(a float64) string {
	d := 4
	if a < 1 {
		d = min(12, max(4, int(math.Round(-math.Log10(1-a)))+1))
	}
	return fmt.Sprintf("%.*f %%", d, a*100)
}

// TargetPercent writes an availability target without float noise: 99.999 %.
func TargetPercent(t float64) string {
	return strconv.FormatFloat(math.Round(t*1e10)/1e8, 'f', -1, 64) + " %"
}

// Failures writes a count of failures: "1 failure", "418 failures".
func Failures(n int) string {
	if n == 1 {
		return "1 failure"
	}
	return fmt.Sprintf("%d failures", n)
}
