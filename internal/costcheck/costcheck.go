// Package costcheck measures a run against its cost estimate, for the
// engines' BenchmarkCostModel: its work on the CPUs and the peak of its
// live heap.
package costcheck

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"syscall"
	"time"
)

// cpuTime is the process's time on the CPUs so far.
func cpuTime() time.Duration {
	var r syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &r)
	return time.Duration(r.Utime.Nano() + r.Stime.Nano())
}

// Measured is what one run took.
type Measured struct {
	// CPU is the process's CPU time over the run: a one-goroutine run's
	// work on one core, whatever else the machine is doing; Wall is the
	// time it took.
	CPU, Wall time.Duration
	// Peak is the live heap's peak above where it started, sampled every
	// millisecond.
	Peak float64
}

// Measure runs f and measures it. Unless LOADLAB_TIMED=1 it collects
// often, so that the peak is what the run holds rather than garbage not
// yet swept.
func Measure(f func()) Measured {
	if os.Getenv("LOADLAB_TIMED") != "1" {
		defer debug.SetGCPercent(debug.SetGCPercent(10))
	}
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(sample)
	base := float64(sample[0].Value.Uint64())
	var peak float64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		for {
			metrics.Read(s)
			peak = max(peak, float64(s[0].Value.Uint64())-base)
			select {
			case <-done:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	cpu, wall := cpuTime(), time.Now()
	f()
	m := Measured{CPU: cpuTime() - cpu, Wall: time.Since(wall)}
	close(done)
	wg.Wait()
	m.Peak = peak
	return m
}
