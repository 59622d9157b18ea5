package leasestorm

import (
	"testing"

	"github.com/loadlab/loadlab/internal/enginetest"
)

// BenchmarkNight is the default spec's two runs (a minute of the night,
// 40,000 droplets, is about 60 x 700 requests asked at the collapse).
func BenchmarkNight(b *testing.B) { enginetest.BenchRun(b, DefaultSpec().Run) }

// BenchmarkStep is one second of the collapsed night: every droplet
// retrying once a minute into a full queue.
func BenchmarkStep(b *testing.B) {
	c := DefaultConfig()
	c.AfterMin = MaxMinutes
	enginetest.BenchStep(b, enginetest.Until(New, c, func(e *Engine) bool { return e.now < e.outEnd+600 }))
}

// BenchmarkNewMillion is a million droplets set up: their leases drawn
// and their events queued in time order.
func BenchmarkNewMillion(b *testing.B) {
	c := DefaultConfig()
	c.Droplets = MaxDroplets
	enginetest.BenchNew(b, New, c)
}
