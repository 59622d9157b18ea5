package lab

// Card is an incident told in the lecture's four questions: what set it
// off, what kept it going, what ended it, and what would have prevented
// it, in a class's words.
type Card struct {
	// Title names the incident and its section ("AWS 2011: EBS's
	// re-mirroring storm (26.2.7)").
	Title                                string
	Trigger, KeptGoing, Ended, Prevented string
}
