package remirror

import (
	"testing"

	"github.com/loadlab/loadlab/internal/enginetest"
)

// BenchmarkNight is the default spec's two runs: the lecture's three
// days without protection and with backoff and the cap.
func BenchmarkNight(b *testing.B) { enginetest.BenchRun(b, DefaultSpec().Run) }

// BenchmarkStormMinute is one minute of the storm at its height: every
// stuck volume searching six times a minute, the race drawing for every
// node. It must not allocate.
func BenchmarkStormMinute(b *testing.B) {
	c := DefaultConfig()
	c.CutAt, c.FixAt = -1, -1
	c.RaceChance = 1e-9 // the race draws for every node, and fails none
	enginetest.BenchStep(b, enginetest.Until(New, c, func(e *Engine) bool { return e.now < 7*60 }))
}

// BenchmarkNewMillion is a million volumes placed on 20,000 nodes.
func BenchmarkNewMillion(b *testing.B) {
	c := DefaultConfig()
	c.Volumes, c.Nodes = 1_000_000, 20_000
	enginetest.BenchNew(b, New, c)
}
