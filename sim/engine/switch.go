package engine

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Switch is a change to a run from a moment on, as an operator makes one
// mid-incident: Name=Value from At (in the engine's unit) on. A run given
// the same switches on the same seed is the same run.
type Switch struct {
	Name  string  `json:"name"`
	Value string  `json:"value"`
	At    float64 `json:"at"`
}

// Knob is one thing a switch may change in a config C: Set applies a
// value, reporting false for one it does not accept (Accepts says which
// it does: "on or off", "a number in (0, 1e6]").
type Knob[C any] struct {
	Name, Accepts string
	Set           func(c *C, value string) bool
}

// Knobs are an engine's switchable things, in the order help lists them.
type Knobs[C any] []Knob[C]

// Set applies name=value to c, or says what is wrong in one line naming
// the switch field.
func (k Knobs[C]) Set(c *C, name, value string) error {
	i := slices.IndexFunc(k, func(n Knob[C]) bool { return n.Name == name })
	if i < 0 {
		return Invalid("switch", "names %s, got %q", k.names(), name)
	}
	if !k[i].Set(c, value) {
		return Invalid("switch", "%s takes %s, got %q", name, k[i].Accepts, value)
	}
	return nil
}

// names lists the knobs' names for messages.
func (k Knobs[C]) names() string {
	var out []string
	for _, n := range k {
		out = append(out, n.Name)
	}
	return strings.Join(out, ", ")
}

// Help is the knobs written one a line, "breaker: on or off".
func (k Knobs[C]) Help() string {
	var lines []string
	for _, n := range k {
		lines = append(lines, n.Name+": "+n.Accepts)
	}
	return strings.Join(lines, "\n")
}

// OnOff is a knob over a flag.
func OnOff[C any](name string, field func(c *C) *bool) Knob[C] {
	return Knob[C]{Name: name, Accepts: "on or off", Set: func(c *C, v string) bool {
		switch v {
		case "on":
			*field(c) = true
		case "off":
			*field(c) = false
		default:
			return false
		}
		return true
	}}
}

// OneOf is a knob over a field that takes one of values (set sets it to
// the i-th).
func OneOf[C any](name string, values []string, set func(c *C, i int)) Knob[C] {
	accepts := strings.Join(values[:len(values)-1], ", ") + " or " + values[len(values)-1]
	return Knob[C]{Name: name, Accepts: accepts, Set: func(c *C, v string) bool {
		i := slices.Index(values, v)
		if i >= 0 {
			set(c, i)
		}
		return i >= 0
	}}
}

// Number is a knob over a number in (lo, hi] (or [lo, hi] when closed).
func Number[C any](name string, lo, hi float64, closed bool, field func(c *C) *float64) Knob[C] {
	open := "("
	if closed {
		open = "["
	}
	accepts := PlainExponents(fmt.Sprintf("a number in %s%g, %g]", open, lo, hi))
	return Knob[C]{Name: name, Accepts: accepts, Set: func(c *C, v string) bool {
		x, err := ParseDecimal(v)
		if err != nil || !(x >= lo && x <= hi) || !closed && x == lo {
			return false
		}
		*field(c) = x
		return true
	}}
}

// WholeIn reads a whole number in lo..hi, in decimal as a flag takes it.
func WholeIn(v string, lo, hi int) (int, bool) {
	n, err := strconv.ParseInt(v, 10, 0)
	return int(n), err == nil && n >= int64(lo) && n <= int64(hi)
}

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

// SwitchSyntax is how help and messages write the --switch syntax.
const SwitchSyntax = "NAME=VALUE@TIME,..."

// ParseSwitches reads "name=value@time,..." against an engine's knobs,
// checking each value on a copy of base, and returns the switches in
// time order (switches at one time in the order written). Times are
// numbers in unit, or with a suffix ms, s, m or h when the unit has
// seconds, or times of day when it has a clock; each must fall before
// end (a switch at the end would change nothing). Empty text is no
// switches.
func ParseSwitches[C any](text string, knobs Knobs[C], base C, unit TimeUnit, end float64) ([]Switch, error) {
	if strings.TrimSpace(text) == "" {
		return nil, nil
	}
	var out []Switch
	for _, part := range strings.Split(text, ",") {
		part = strings.TrimSpace(part)
		name, rest, ok := strings.Cut(part, "=")
		value, at, ok2 := strings.Cut(rest, "@")
		if !ok || !ok2 || name == "" || value == "" || at == "" {
			return nil, Invalid("switch", "is %s with names %s; %q is not NAME=VALUE@TIME", SwitchSyntax, knobs.names(), part)
		}
		c := base
		if err := knobs.Set(&c, name, value); err != nil {
			return nil, err
		}
		t, err := parseSwitchTime(at, unit)
		if err != nil {
			return nil, err
		}
		if !(t >= 0 && t < end) {
			if unit.Day != nil {
				return nil, Invalid("switch", "%s: the time must be from %s (the run's start) to before %s (its end), got %s", part, unit.Day(0), unit.Day(end), at)
			}
			return nil, Invalid("switch", "%s: the time must be before the run's end (%s), got %s", part, unit.write(end), at)
		}
		out = append(out, Switch{Name: name, Value: value, At: t})
	}
	slices.SortStableFunc(out, func(a, b Switch) int { return cmp.Compare(a.At, b.At) })
	return out, nil
}

// parseSwitchTime reads a switch's time in unit.
func parseSwitchTime(s string, unit TimeUnit) (float64, error) {
	if unit.Read != nil {
		if t, ok := unit.Read(s); ok {
			return t, nil
		}
	}
	if unit.Clock != nil && strings.Contains(s, ":") {
		m, ok := clockMinutes(s)
		if !ok {
			return 0, Invalid("switch", "a time of day is H:MM, with am or pm or on a 24-hour clock (4:14am, 23:50), got %q", s)
		}
		return unit.Clock(m), nil
	}
	scale, num := 1.0, s
	if unit.Seconds > 0 {
		for _, u := range []struct {
			suffix  string
			seconds float64
		}{{"ms", 1e-3}, {"s", 1}, {"m", 60}, {"h", 3600}} {
			if n, ok := strings.CutSuffix(s, u.suffix); ok {
				num, scale = n, u.seconds/unit.Seconds
				break
			}
		}
	}
	x, err := ParseDecimal(num)
	if err != nil {
		if unit.Clock != nil {
			return 0, Invalid("switch", "times are times of day (4:14am) or numbers of %s, or with ms, s, m or h (20s, 1.5m), got %q", unit.Name, s)
		}
		if unit.Seconds > 0 {
			return 0, Invalid("switch", "times are numbers of %s or with ms, s, m or h (20s, 1.5m), got %q", unit.Name, s)
		}
		return 0, Invalid("switch", "times are numbers of %s (such as 500), got %q", unit.Name, s)
	}
	return x * scale, nil
}

// FormatSwitches writes switches back as ParseSwitches reads them, times
// in the engine's unit.
func FormatSwitches(list []Switch) string {
	var parts []string
	for _, s := range list {
		parts = append(parts, fmt.Sprintf("%s=%s@%s", s.Name, s.Value, strconv.FormatFloat(s.At, 'g', -1, 64)))
	}
	return strings.Join(parts, ",")
}

// Schedule hands out a run's switches as its clock reaches them.
type Schedule struct {
	list []Switch
	next int
}

// NewSchedule schedules switches in time order.
func NewSchedule(list []Switch) Schedule { return Schedule{list: list} }

// Next is the time of the next switch not yet handed out.
func (s *Schedule) Next() (float64, bool) {
	if s.next < len(s.list) {
		return s.list[s.next].At, true
	}
	return 0, false
}

// Due is the next switch due by time t, if any; each is handed out once.
func (s *Schedule) Due(t float64) (Switch, bool) {
	if s.next < len(s.list) && s.list[s.next].At <= t {
		s.next++
		return s.list[s.next-1], true
	}
	return Switch{}, false
}

// DayUnit is the clock of a run that starts at startClock (minutes after
// midnight): seconds from its start, or a time of day in the day that
// follows.
func DayUnit(startClock int) TimeUnit {
	return TimeUnit{Name: "s", Seconds: 1, Clock: func(m int) float64 {
		return float64(60 * ((m - startClock + 24*60) % (24 * 60)))
	}, Day: func(t float64) string { return Clock(startClock + int(t)/60) }}
}

// Switched is an engine's switching: its schedule, handed out as the
// clock reaches each switch, and the switches applied so far.
type Switched struct {
	schedule Schedule
	applied  []Switch
}

// FoldStart applies the switches at time 0 of a time-ordered list to c,
// the config a run starts from, and returns the rest: a switch at the
// start is its flag, the same run and the same report either way.
func FoldStart[C any](knobs Knobs[C], c *C, list []Switch) []Switch {
	i := 0
	for ; i < len(list) && list[i].At <= 0; i++ {
		knobs.Set(c, list[i].Name, list[i].Value) // checked when parsed
	}
	return list[i:]
}

// NewSwitched schedules switches in time order.
func NewSwitched(list []Switch) Switched { return Switched{schedule: NewSchedule(list)} }

// Due applies, in order, every switch due by t.
func (s *Switched) Due(t float64, apply func(Switch) error) {
	for sw, ok := s.schedule.Due(t); ok; sw, ok = s.schedule.Due(t) {
		apply(sw) // checked when scheduled
	}
}

// Record notes a switch applied at t. A switch of the same name at the
// same time takes the earlier one's place (keys pressed twice at one
// moment are one switch).
func (s *Switched) Record(sw Switch, t float64) {
	sw.At = t
	if n := len(s.applied); n > 0 && s.applied[n-1].At == t && s.applied[n-1].Name == sw.Name {
		s.applied[n-1] = sw
		return
	}
	s.applied = append(s.applied, sw)
}

// Applied is the switches applied so far, each at its time.
func (s *Switched) Applied() []Switch { return s.applied }

// Next is the time of the next switch not yet applied.
func (s *Switched) Next() (float64, bool) { return s.schedule.Next() }

// AddSwitch is list with sw made at sw.At, as a lab keeps a run's
// switches: those after it are dropped (a run stepped back and changed
// goes on from the change, as an edit does), and one of the same name at
// the same time gives it its place.
func AddSwitch(list []Switch, sw Switch) []Switch {
	out := list[:0:0]
	for _, s := range list {
		if s.At < sw.At || s.At == sw.At && s.Name != sw.Name {
			out = append(out, s)
		}
	}
	return append(out, sw)
}

// Make is a switch made by hand now, at t: applied at once, and returned
// as a schedule would hold it, so that a run given it is this run.
func (s *Switched) Make(name, value string, t float64, apply func(Switch) error) (Switch, error) {
	sw := Switch{Name: name, Value: value, At: t}
	return sw, apply(sw)
}
