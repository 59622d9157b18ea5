package engine

// Phase is the part of an outage an event of a casebook timeline opens:
// what set it off, what kept it going, what ended it.
type Phase rune

// The phases, as the casebook marks them.
const (
	Trigger Phase = 'T'
	Sustain Phase = 'S'
	Recover Phase = 'R'
)
