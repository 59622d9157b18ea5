package leasestorm

import (
	"context"
	"testing"
)

// BenchmarkNight is the default spec's two runs (a minute of the night,
// 40,000 droplets, is about 60 x 700 requests asked at the collapse).
func BenchmarkNight(b *testing.B) {
	for range b.N {
		if _, err := DefaultSpec().Run(context.Background(), nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStep is one second of the collapsed night: every droplet
// retrying once a minute into a full queue.
func BenchmarkStep(b *testing.B) {
	c := DefaultConfig()
	c.AfterMin = MaxMinutes
	e, _ := New(c)
	for e.now < e.outEnd+600 {
		e.Step()
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if !e.Step() {
			b.StopTimer()
			e, _ = New(c)
			for e.now < e.outEnd+600 {
				e.Step()
			}
			b.StartTimer()
		}
	}
}

// BenchmarkNewMillion is a million droplets set up: their leases drawn
// and their events queued in time order.
func BenchmarkNewMillion(b *testing.B) {
	c := DefaultConfig()
	c.Droplets = MaxDroplets
	for range b.N {
		if _, err := New(c); err != nil {
			b.Fatal(err)
		}
	}
}
