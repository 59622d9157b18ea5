package engine

// Moment is a step worth a sentence: the place a class should stop and
// look ("two's max passes one's"). Step counts the engine's steps from the
// start of the run, the first step being 1.
type Moment struct {
	Step    int64  `json:"step"`
	Caption string `json:"caption"`
	// At is the model time the caption tells, in the unit of the
	// engine's Pos (a step may end later than its moment): a lab's clock
	// reads it while the moment is on screen. Reports give the caption.
	At float64 `json:"-"`
}
