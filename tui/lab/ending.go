package lab

// Ending is a casebook lab: a real incident the lecture tells, played by
// a model. Once its run is over the shell shows its card in place of the
// charts, in the lecture's frame, with the run's figures marked as the
// model's; and the headline's figures say they are the model's wherever
// they stand beside the lecture's times.
type Ending interface {
	Ending() Card
}

// Card is an incident told in the lecture's four questions: what set it
// off, what kept it going, what ended it, and what would have prevented
// it, in a class's words.
type Card struct {
	// Title names the incident and its section ("AWS 2011: EBS's
	// re-mirroring storm (26.2.7)").
	Title                                string
	Trigger, KeptGoing, Ended, Prevented string
}
