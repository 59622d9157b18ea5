package binslab

import (
	"testing"

	"github.com/loadlab/loadlab/sim/engine"
)

// The moments of one ball say the ball once.
func TestUnseenSaysTheBallOnce(t *testing.T) {
	all := []engine.Moment{
		{Step: 9, Caption: "ball 9: one's max load reaches 2, above two's 1"},
		{Step: 86, Caption: "ball 86: one's and stale's max loads reach 3, above two's 2"},
		{Step: 86, Caption: "ball 86: anti's max load reaches 4, above one's and stale's 3"},
	}
	seen := 1
	got, ok := unseen(all, &seen)
	want := "ball 86: one's and stale's max loads reach 3, above two's 2; anti's max load reaches 4, above one's and stale's 3"
	if !ok || got != want || seen != 3 {
		t.Errorf("unseen = %q, %v (seen %d), want %q", got, ok, seen, want)
	}
	if _, ok := unseen(all, &seen); ok {
		t.Error("nothing new, yet a moment")
	}
}
