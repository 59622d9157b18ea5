package engine

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
