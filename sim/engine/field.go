package engine

import (
	"errors"
	"fmt"
	"regexp"
)

// FieldError is an invalid configuration field: the field's name as the
// engine's config spells it (bins, d, strategies) and the reason, written
// to follow the name ("must be in 1..64, got 0"). Front ends name the field
// their own way: --bins on the command line, bins in a scenario file, a
// label in the TUI.
type FieldError struct {
	Field  string
	Reason string
}

func (e *FieldError) Error() string { return e.Field + " " + e.Reason }

// Invalid returns a FieldError for field with a formatted reason.
func Invalid(field, format string, args ...any) error {
	return &FieldError{Field: field, Reason: fmt.Sprintf(format, args...)}
}

// AsField reports the FieldError inside err, if any.
func AsField(err error) (*FieldError, bool) {
	var fe *FieldError
	ok := errors.As(err, &fe)
	return fe, ok
}

// Described is an error that names config fields in its message (an
// OverLimit's levers, the fields that bound an enumeration): Describe
// writes it with each field named by the front end.
type Described interface {
	error
	Describe(name func(field string) string) string
}

// Named writes err with its fields named by name: name("bins") might be
// "--bins" or "bins". It names the field of a FieldError and the fields of
// a Described error (an OverLimit's levers); other errors are written as
// they are.
func Named(err error, name func(field string) string) string {
	if fe, ok := AsField(err); ok {
		return name(fe.Field) + " " + fe.Reason
	}
	var d Described
	if errors.As(err, &d) {
		return d.Describe(name)
	}
	return err.Error()
}

// goExponent is an exponent as Go's %g writes it, 1e+06 or 2.5e-07.
var goExponent = regexp.MustCompile(`(\d)e([+-])0*(\d)`)

// PlainExponents writes the exponents of numbers in a message as the
// help and the sources do, 1e6 and 2.5e-7, where Go's %g writes 1e+06
// and 2.5e-07.
func PlainExponents(msg string) string {
	return goExponent.ReplaceAllStringFunc(msg, func(m string) string {
		sub := goExponent.FindStringSubmatch(m)
		sign := sub[2]
		if sign == "+" {
			sign = ""
		}
		return sub[1] + "e" + sign + sub[3]
	})
}
