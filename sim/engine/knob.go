package engine

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

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
