package engine

import (
	"errors"
	"fmt"
	"strings"
)

// Cost is what a run will take, estimated from its config alone before it
// starts.
type Cost struct {
	// Seconds is the work on one core.
	Seconds float64 `json:"seconds"`
	// Bytes is the peak memory, with the workers the run will use and what
	// the result and the output hold.
	Bytes float64 `json:"memory_bytes"`
	// OutputBytes is the size of the report in the format asked for.
	OutputBytes float64 `json:"output_bytes"`
	// TimeLevers, MemoryLevers and OutputLevers name the config fields
	// that lower each figure, the one that matters most first.
	TimeLevers, MemoryLevers, OutputLevers []string `json:"-"`
}

// Limits are what a run may cost.
type Limits struct {
	Seconds     float64
	Bytes       float64
	OutputBytes float64
}

// DefaultSeconds is the time limit of a run: about ten minutes on one core.
const DefaultSeconds = 600

// OverLimit is a run refused before it starts: which figure is over, the
// estimate and the limit, and the fields to lower.
type OverLimit struct {
	What            string // "time", "memory", "output" or "step"
	Estimate, Limit float64
	Levers          []string
	// Of is what would cost it: "the run" when empty.
	Of string
}

func (e *OverLimit) Error() string { return e.Describe(func(f string) string { return f }) }

// Describe writes the refusal with the levers named by name.
func (e *OverLimit) Describe(name func(field string) string) string {
	levers := make([]string, len(e.Levers))
	for i, l := range e.Levers {
		levers[i] = name(l)
	}
	of := e.Of
	if of == "" {
		of = "the run"
	}
	lower := ""
	if len(levers) > 0 {
		lower = ": lower " + orList(levers)
	}
	switch e.What {
	case "step":
		return fmt.Sprintf("one step would take about %s, longer than a view can wait between frames (%s)%s", Duration(e.Estimate), Duration(e.Limit), lower)
	case "time":
		return fmt.Sprintf("%s would take about %s of work on one core, over the limit of %s%s", of, Duration(e.Estimate), Duration(e.Limit), lower)
	case "output":
		return fmt.Sprintf("the report would be about %s, over the limit of %s%s", Size(e.Estimate), Size(e.Limit), lower)
	}
	return fmt.Sprintf("%s would need about %s of memory, over the limit of %s%s", of, Size(e.Estimate), Size(e.Limit), lower)
}

// Check refuses a cost over the limits, time first. An estimate that is
// not a number (a model fed values it cannot price) is over every limit.
func (c Cost) Check(l Limits) error {
	switch {
	case l.Seconds > 0 && !(c.Seconds <= l.Seconds):
		return &OverLimit{What: "time", Estimate: c.Seconds, Limit: l.Seconds, Levers: c.TimeLevers}
	case l.Bytes > 0 && !(c.Bytes <= l.Bytes):
		return &OverLimit{What: "memory", Estimate: c.Bytes, Limit: l.Bytes, Levers: c.MemoryLevers}
	case l.OutputBytes > 0 && !(c.OutputBytes <= l.OutputBytes):
		return &OverLimit{What: "output", Estimate: c.OutputBytes, Limit: l.OutputBytes, Levers: c.OutputLevers}
	}
	return nil
}

// AsOverLimit reports the OverLimit inside err, if any.
func AsOverLimit(err error) (*OverLimit, bool) {
	var o *OverLimit
	ok := errors.As(err, &o)
	return o, ok
}

// Size writes a byte count: 12 KB, 3.4 GB; past 1000 PB (or not a
// number) "more than 1000 PB".
func Size(b float64) string {
	if !(b < 1e18) {
		return "more than 1000 PB"
	}
	units := []string{"B", "KB", "MB", "GB", "TB", "PB"}
	i := 0
	for b >= 1000 && i < len(units)-1 {
		b /= 1000
		i++
	}
	if i == 0 {
		return fmt.Sprintf("%.0f B", b)
	}
	return fmt.Sprintf("%.3g %s", b, units[i])
}

// secondsPerYear is a year of 365.25 days.
const secondsPerYear = 365.25 * 86400

// Duration writes seconds: 45 s, 17 min, 11 h, 3 days, 12 years; past a
// million years (or not a number) "more than a million years".
func Duration(s float64) string {
	switch {
	case !(s < 1e6*secondsPerYear):
		return "more than a million years"
	case s < 1:
		return fmt.Sprintf("%.2g s", s)
	case s < 120:
		return fmt.Sprintf("%.0f s", s)
	case s < 2*3600:
		return fmt.Sprintf("%.0f min", s/60)
	case s < 2*86400:
		return fmt.Sprintf("%.0f h", s/3600)
	case s < 2*secondsPerYear:
		return fmt.Sprintf("%.3g days", s/86400)
	}
	if y := s / secondsPerYear; y < 1000 {
		return fmt.Sprintf("%.3g years", y)
	}
	return fmt.Sprintf("%.0f years", s/secondsPerYear)
}

func orList(xs []string) string {
	if len(xs) == 1 {
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " or " + xs[len(xs)-1]
}
