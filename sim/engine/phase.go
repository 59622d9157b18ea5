package engine

// Phase is the part of an outage an event of a casebook timeline opens:
// what set it off, what kept it going, what ended it.
type Phase rune

// MarshalText writes the phase as its letter, "T", "S" or "R".
func (p Phase) MarshalText() ([]byte, error) { return []byte(string(p)), nil }

// The phases, as the casebook marks them.
const (
	Trigger Phase = 'T'
	Sustain Phase = 'S'
	Recover Phase = 'R'
)
