package configstorm

import (
	"testing"

	"github.com/loadlab/loadlab/internal/enginetest"
)

// BenchmarkAfternoon is the default spec's two runs (the lecture's cut,
// and the same with backoff).
func BenchmarkAfternoon(b *testing.B) { enginetest.BenchRun(b, DefaultSpec().Run) }

// BenchmarkStep is one second of the storm: every entry empty, queried
// three times over and drawn. A step allocates nothing.
func BenchmarkStep(b *testing.B) {
	c := DefaultConfig()
	c.RunMin = MaxMinutes
	enginetest.BenchStep(b, enginetest.Until(New, c, func(e *Engine) bool { return e.now < e.fix+60 }))
}

// BenchmarkStepBackoff is one second with backoff: every client's wait
// looked at.
func BenchmarkStepBackoff(b *testing.B) {
	c := DefaultConfig()
	c.RunMin, c.Backoff = MaxMinutes, true
	enginetest.BenchStep(b, enginetest.Until(New, c, func(*Engine) bool { return false }))
}
