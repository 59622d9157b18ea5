package main

import (
	"fmt"
	"io"
	"testing"
)

// BenchmarkSweepSeeds is the 000 note's table as a sweep: n = m = 4096,
// its five rules on one candidate stream, 200 seeds, on one worker and on
// two (the ratio is how a sweep scales with cores). The same work in
// CPython is the yardstick the closing notes quote.
func BenchmarkSweepSeeds(b *testing.B) {
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			args := []string{"bins", "--vary", "bins=4096", "--balls", "4096", "--strategies", "one,two,correlated,stale,anti",
				"--seeds", "200", "--workers", fmt.Sprint(workers)}
			for b.Loop() {
				if err := sweepCommand(args, io.Discard, io.Discard); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
