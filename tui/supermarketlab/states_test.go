package supermarketlab

import (
	"testing"

	"github.com/loadlab/loadlab/tui/lab/labtest"
)

// The supermarket lab 100 time units in: jsq-2 against random on the same
// arrivals, the bars with their mean-field marks, the means over time.
func TestBodyHundredIn(t *testing.T) {
	l := labtest.Open(t, New, "supermarket-90")
	labtest.Play(l, 200)
	labtest.Goldens(t, l, "200-steps")
}

// The supermarket stepper after three jobs: each policy's ten queues on
// one numbered scale, the servers the latest job looked at (1, 2) and the
// one it joined (▲), what finished since the job before.
func TestBodyThreeJobs(t *testing.T) {
	l := labtest.Open(t, New, "supermarket-steps")
	labtest.Play(l, 3)
	labtest.Goldens(t, l, "three-jobs")
}
