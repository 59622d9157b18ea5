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

// EveryRunSwitched gives every config of cs the switches text names
// (ParseSwitches against knobs over base, up to end), written into the
// field at points at as FormatSwitches writes them: the form a config
// that must stay comparable carries them in. err is cs's, passed on.
func EveryRunSwitched[C any](cs []C, err error, text string, knobs Knobs[C], base C, unit TimeUnit, end float64, at func(*C) *string) ([]C, error) {
	if err != nil {
		return nil, err
	}
	switches, err := ParseSwitches(text, knobs, base, unit, end)
	for i := range cs {
		*at(&cs[i]) = FormatSwitches(switches)
	}
	return cs, err
}
