package engine

import (
	"strconv"
	"strings"
)

// TimeUnit is the unit an engine's clock counts in: Name as reports
// write it and the seconds in one (0: a model time with no seconds, whose
// switch times are plain numbers).
type TimeUnit struct {
	Name    string
	Seconds float64
	// Clock, if set, reads a time of day ("4:14", "4:14am", "11:50 PM")
	// into the unit, for a run that has a clock; Day writes a time of the
	// run as one.
	Clock func(minutesOfDay int) float64
	Day   func(t float64) string
	// Read, if set, reads a time the run's own way ("Apr 22 3:00 PM")
	// before the rest are tried.
	Read func(s string) (float64, bool)
}

// write says a time in the unit: a time of day for a clock, else the
// number and the unit's name.
func (u TimeUnit) write(t float64) string {
	if u.Day != nil {
		return u.Day(t)
	}
	return strconv.FormatFloat(t, 'g', -1, 64) + " " + u.Name
}

// clockMinutes reads a time of day: H:MM on a 24-hour clock, or with am
// or pm on a 12-hour one.
func clockMinutes(s string) (int, bool) {
	t := strings.ToLower(strings.ReplaceAll(s, " ", ""))
	half := ""
	for _, h := range []string{"am", "pm"} {
		if n, ok := strings.CutSuffix(t, h); ok {
			t, half = n, h
		}
	}
	hs, ms, ok := strings.Cut(t, ":")
	h, err1 := strconv.Atoi(hs)
	m, err2 := strconv.Atoi(ms)
	if !ok || err1 != nil || err2 != nil || len(ms) != 2 || m < 0 || m > 59 || h < 0 || h > 23 || half != "" && (h < 1 || h > 12) {
		return 0, false
	}
	switch {
	case half == "am" && h == 12:
		h = 0
	case half == "pm" && h != 12:
		h += 12
	}
	return 60*h + m, true
}

// DayUnit is the clock of a run that starts at startClock (minutes after
// midnight): seconds from its start, or a time of day in the day that
// follows.
func DayUnit(startClock int) TimeUnit {
	return TimeUnit{Name: "s", Seconds: 1, Clock: func(m int) float64 {
		return float64(60 * ((m - startClock + 24*60) % (24 * 60)))
	}, Day: func(t float64) string { return Clock(startClock + int(t)/60) }}
}
