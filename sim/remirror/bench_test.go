package remirror

import (
	"context"
	"testing"
)

// BenchmarkNight is the default spec's two runs: the lecture's three
// days without protection and with backoff and the cap.
func BenchmarkNight(b *testing.B) {
	for range b.N {
		if _, err := DefaultSpec().Run(context.Background(), nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStormMinute is one minute of the storm at its height: every
// stuck volume searching six times a minute, the race drawing for every
// node. It must not allocate.
func BenchmarkStormMinute(b *testing.B) {
	c := DefaultConfig()
	c.CutAt, c.FixAt = -1, -1
	c.RaceChance = 1e-9 // the race draws for every node, and fails none
	start := func() *Engine {
		e, _ := New(c)
		for e.now < 7*60 {
			e.Step()
		}
		return e
	}
	e := start()
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if !e.Step() {
			b.StopTimer()
			e = start()
			b.StartTimer()
		}
	}
}

// BenchmarkNewMillion is a million volumes placed on 20,000 nodes.
func BenchmarkNewMillion(b *testing.B) {
	c := DefaultConfig()
	c.Volumes, c.Nodes = 1_000_000, 20_000
	for range b.N {
		if _, err := New(c); err != nil {
			b.Fatal(err)
		}
	}
}
