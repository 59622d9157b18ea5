package configstorm

import (
	"context"
	"testing"
)

// BenchmarkAfternoon is the default spec's two runs (the lecture's cut,
// and the same with backoff).
func BenchmarkAfternoon(b *testing.B) {
	for range b.N {
		if _, err := DefaultSpec().Run(context.Background(), nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStep is one second of the storm: every entry empty, queried
// three times over and drawn. A step allocates nothing.
func BenchmarkStep(b *testing.B) {
	c := DefaultConfig()
	c.RunMin = MaxMinutes
	start := func() *Engine {
		e, _ := New(c)
		for e.now < e.fix+60 {
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

// BenchmarkStepBackoff is one second with backoff: every client's wait
// looked at.
func BenchmarkStepBackoff(b *testing.B) {
	c := DefaultConfig()
	c.RunMin, c.Backoff = MaxMinutes, true
	e, _ := New(c)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if !e.Step() {
			b.StopTimer()
			e, _ = New(c)
			b.StartTimer()
		}
	}
}
