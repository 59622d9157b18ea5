package engine

// Moment is a step worth a sentence: the place a class should stop and
// look ("two's max passes one's"). Step counts the engine's steps from the
// start of the run, the first step being 1.
type Moment struct {
	Step    int64  `json:"step"`
	Caption string `json:"caption"`
}
