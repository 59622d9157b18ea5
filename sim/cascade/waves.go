package cascade

import (
	"context"
	"fmt"

	"github.com/loadlab/loadlab/sim/engine"
)

// WaveGapMs is the quiet time that ends a wave of retries.
const WaveGapMs = 10

// Wave is a run of milliseconds with retries in them, ended by WaveGapMs
// quiet ones: StartMs and EndMs are its first and last millisecond with a
// retry, Retries how many it holds and Peak the most in one millisecond.
type Wave struct {
	StartMs int `json:"start_ms"`
	EndMs   int `json:"end_ms"`
	Retries int `json:"retries"`
	Peak    int `json:"peak"`
}

// findWaves reads the waves of a histogram of retries per millisecond,
// stopping with ctx's error once ctx is done.
func findWaves(ctx context.Context, h []int) ([]Wave, error) {
	out := []Wave{}
	for ms, n := range h {
		if ms%(stormCheck<<8) == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if n == 0 {
			continue
		}
		if last := len(out) - 1; last >= 0 && ms-out[last].EndMs <= WaveGapMs {
			w := &out[last]
			w.EndMs, w.Retries, w.Peak = ms, w.Retries+n, max(w.Peak, n)
			continue
		}
		out = append(out, Wave{StartMs: ms, EndMs: ms, Retries: n, Peak: n})
	}
	return out, nil
}

// Waves are the storm's moments, a wave of WaveList each. Without jitter
// every client's k-th retry lands in one millisecond, so each retry round
// is a wave of its own (100, 300 and 700 ms in the lecture's storm,
// 26.3.2); jitter spreads the rounds until they merge. Step is the wave's
// last millisecond: its caption sums the wave up, so a run that stops
// there says nothing of what it has not yet shown.
func (s Storm) Waves() []engine.Moment {
	out := make([]engine.Moment, 0, len(s.WaveList))
	for _, w := range s.WaveList {
		caption := fmt.Sprintf("%d ms: %d retries arrive in one millisecond", w.StartMs, w.Retries)
		if w.EndMs > w.StartMs {
			caption = fmt.Sprintf("%d-%d ms: %d retries spread over %d ms, at most %d in one", w.StartMs, w.EndMs, w.Retries, w.EndMs-w.StartMs+1, w.Peak)
		}
		out = append(out, engine.Moment{Step: int64(w.EndMs), Caption: caption})
	}
	return out
}
