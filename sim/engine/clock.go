package engine

import "fmt"

// Clock writes a time of day, given in minutes after midnight (any whole
// number: it wraps round the day), as the casebook's timelines do:
// "11:48 PM", "2:25 AM", "12:00 PM".
func Clock(minutes int) string {
	t := (minutes%(24*60) + 24*60) % (24 * 60)
	h, m := t/60, t%60
	half := "AM"
	if h >= 12 {
		half = "PM"
	}
	if h %= 12; h == 0 {
		h = 12
	}
	return fmt.Sprintf("%d:%02d %s", h, m, half)
}
