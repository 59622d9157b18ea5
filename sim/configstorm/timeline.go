package configstorm

import (
	"fmt"
	"strconv"

	"github.com/loadlab/loadlab/sim/engine"
)

// Phase is the part of the outage an event of the timeline opens.
type Phase = engine.Phase

// The phases, as the casebook marks them.
const (
	Trigger = engine.Trigger
	Sustain = engine.Sustain
	Recover = engine.Recover
)

// Event is one step of the lecture's timeline, at the model's time for it
// (minutes after the bad value): the lecture gives the order of the
// events and the 2.5 hours, not their times.
type Event struct {
	AtMin float64
	Phase Phase
	What  string
}

// Clock is the event's time on the timeline: hours and minutes after the
// bad value.
func (e Event) Clock() string { return Elapsed(int(e.AtMin)) }

// Timeline is the lecture's account of 2010-09-23 (§26.2.8), each event at
// the time the config gives it.
func (c Config) Timeline() []Event {
	back := c.CutAtMin + c.OffMin
	return []Event{
		{0, Trigger, "a change writes an invalid configuration value; every client sees it and queries the database to fix it"},
		{0, Sustain, "the database is overwhelmed: hundreds of thousands of queries a second"},
		{float64(c.FixAtMin), Sustain, "the invalid value is fixed, and the storm goes on: a client reads the database's error as an invalid value, deletes its cache entry and queries again, without backoff"},
		{float64(c.CutAtMin), Recover, "the lecture's team turns the site off: no traffic reaches the database, and it recovers"},
		{float64(back), Recover, "the lecture's team lets users back slowly, and the cache fills again"},
		{float64(back + c.RampMin), Recover, "in the lecture the site is fully back, 2.5 hours after the change"},
	}
}

// Elapsed writes minutes after the bad value as h:mm ("2:30"), before it
// with a minus ("-0:05").
func Elapsed(min int) string {
	sign := ""
	if min < 0 {
		sign, min = "-", -min
	}
	return fmt.Sprintf("%s%d:%02d", sign, min/60, min%60)
}

// ElapsedS writes seconds after the bad value as h:mm:ss ("2:29:42").
func ElapsedS(s int) string {
	sign := ""
	if s < 0 {
		sign, s = "-", -s
	}
	return fmt.Sprintf("%s%d:%02d:%02d", sign, s/3600, s/60%60, s%60)
}

// Span writes a duration in seconds as a class says it: "8 s", "42 min",
// "2 h 15 min".
func Span(s int) string {
	switch {
	case s < 120:
		return fmt.Sprintf("%d s", s)
	case s < 3600-30:
		return fmt.Sprintf("%d min", (s+30)/60)
	}
	m := (s + 30) / 60
	if m%60 == 0 {
		return fmt.Sprintf("%d h", m/60)
	}
	return fmt.Sprintf("%d h %d min", m/60, m%60)
}

// commas writes a whole number with its thousands apart: 295,000.
func commas(n int) string {
	s := strconv.Itoa(n)
	if n < 0 {
		return "-" + commas(-n)
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
