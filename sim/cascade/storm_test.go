package cascade

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// Without jitter every client's k-th retry lands in the same millisecond:
// spikes of n at base, 3 base, 7 base... With full jitter the peak is a
// small share of n and the retries spread over the whole backoff.
func TestStormJitterSpreadsTheSpikes(t *testing.T) {
	cfg := StormConfig{Seed: 1, Clients: 1000, Retries: 3, BaseMs: 100, CapMs: 2000, Layers: 3}
	none, _ := RunStorm(cfg)
	if none.Peak != 1000 || none.Histogram[100] != 1000 || none.Histogram[300] != 1000 || none.Histogram[700] != 1000 {
		t.Errorf("no jitter: peak %d; at 100/300/700 ms %d %d %d, want 1000 each", none.Peak, none.Histogram[100], none.Histogram[300], none.Histogram[700])
	}
	cfg.Jitter = FullJitter
	full, _ := RunStorm(cfg)
	// A millisecond of [0, 100) gets about 1000/100 = 10 first retries,
	// plus later ones: a peak above 60 would mean the jitter did not spread.
	if full.Peak > 60 || full.TotalRetries != 3000 || full.LastMs > 700 {
		t.Errorf("full jitter: peak %d, %d retries, last %.0f ms", full.Peak, full.TotalRetries, full.LastMs)
	}
	if none.Amplification != 64 {
		t.Errorf("(1+3)^3 = 64, got %v", none.Amplification)
	}
	for _, j := range []Jitter{EqualJitter, Decorrelated} {
		cfg.Jitter = j
		s, err := RunStorm(cfg)
		if err != nil || s.Peak >= none.Peak || s.TotalRetries != 3000 {
			t.Errorf("%v: peak %d, %d retries, %v", j, s.Peak, s.TotalRetries, err)
		}
	}
}

// digitSum counts the digits of 0..n-1.
func TestDigitSum(t *testing.T) {
	for _, n := range []int{0, 1, 9, 10, 11, 99, 100, 101, 12345} {
		want := 0
		for i := range n {
			want += len(strconv.Itoa(i))
		}
		if got := digitSum(float64(n)); got != float64(want) {
			t.Errorf("digitSum(%d) = %v, want %d", n, got, want)
		}
	}
}

// Shape is the histogram's length and waves exactly for a small storm,
// and never short of them for a large one.
func TestHistogramShape(t *testing.T) {
	for _, c := range []StormConfig{
		{Seed: 1, Clients: 1, Retries: 12, BaseMs: 1e5, CapMs: 1e6, Layers: 1, Jitter: FullJitter},
		{Seed: 2, Clients: 1000, Retries: 3, BaseMs: 100, CapMs: 2000, Layers: 1, Jitter: Decorrelated},
		{Seed: 3, Clients: 100000, Retries: 5, BaseMs: 100, CapMs: 2000, Layers: 1, Jitter: EqualJitter},
		{Seed: 4, Clients: 100000, Retries: 5, BaseMs: 100, CapMs: 2000, Layers: 1, Jitter: Decorrelated},
		{Seed: 5, Clients: 50000, Retries: 4, BaseMs: 10, CapMs: 1e4, Layers: 1, Jitter: NoJitter},
	} {
		s, err := RunStorm(c)
		if err != nil {
			t.Fatal(err)
		}
		got, extra, waves := c.Shape()
		want, wantExtra, wantWaves := float64(len(s.Histogram)), 0.0, float64(len(s.WaveList))
		for _, n := range s.Histogram {
			wantExtra += float64(len(strconv.Itoa(n)) - 1)
		}
		exact := c.Clients*c.Retries <= exactDraws
		if exact && (got != want || extra != wantExtra || waves != wantWaves) || got < want || extra < wantExtra || waves < wantWaves {
			t.Errorf("%+v: Shape %v %v %v, the histogram %v %v %v", c, got, extra, waves, want, wantExtra, wantWaves)
		}
	}
}

// Without jitter the lecture's storm comes in three waves, at 100, 300 and
// 700 ms, each a thousand retries in one millisecond; full jitter leaves
// fewer, wider waves.
func TestStormWaves(t *testing.T) {
	spec := DefaultStormSpec()
	spec.Jitter = "none,full"
	storms, err := spec.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var steps []int64
	for _, m := range storms[0].Waves() {
		steps = append(steps, m.Step)
	}
	if fmt.Sprint(steps) != "[100 300 700]" || !strings.Contains(storms[0].Waves()[0].Caption, "1000 retries arrive in one millisecond") {
		t.Errorf("no jitter: waves %v, %+v", steps, storms[0].Waves())
	}
	if full := storms[1].Waves(); len(full) == 0 || len(full) > 3 {
		t.Errorf("full jitter: %d waves, want the three rounds or fewer, merged: %+v", len(full), full)
	}
	for _, s := range storms {
		retries := 0
		for i, w := range s.WaveList {
			retries += w.Retries
			if w.StartMs > w.EndMs || s.Histogram[w.StartMs] == 0 || s.Histogram[w.EndMs] == 0 || w.Peak > w.Retries ||
				i > 0 && w.StartMs-s.WaveList[i-1].EndMs <= WaveGapMs {
				t.Errorf("%s: wave %d %+v", s.Jitter, i, w)
			}
		}
		if retries != s.TotalRetries {
			t.Errorf("%s: the waves hold %d retries of %d", s.Jitter, retries, s.TotalRetries)
		}
	}
}

// 26.3.2's guards: with a 500 ms deadline no retry is sent at or after
// it (no jitter's third wave, at 700 ms, is gone: 1,000 not sent); with a
// budget of 0.1 retries a first call, 100 of the 1,000 clients' retries
// are sent, the earliest first.
func TestStormDeadlineAndBudget(t *testing.T) {
	c := StormConfig{Seed: 425, Clients: 1000, Retries: 3, BaseMs: 100, CapMs: 2000, Layers: 3, DeadlineMs: 500}
	s, err := RunStorm(c)
	if err != nil {
		t.Fatal(err)
	}
	if s.TotalRetries != 2000 || s.PastDeadline != 1000 || s.LastMs >= 500 {
		t.Errorf("deadline: %d sent, %d past it, last at %.0f ms; want 2000, 1000, before 500", s.TotalRetries, s.PastDeadline, s.LastMs)
	}
	c.DeadlineMs, c.Budget, c.Jitter = 0, 0.1, FullJitter
	s, err = RunStorm(c)
	if err != nil {
		t.Fatal(err)
	}
	if s.TotalRetries != 100 || s.OverBudget != 2900 {
		t.Errorf("budget: %d sent, %d over it; want 100 and 2900", s.TotalRetries, s.OverBudget)
	}
	free, _ := RunStorm(StormConfig{Seed: 425, Clients: 1000, Retries: 3, BaseMs: 100, CapMs: 2000, Layers: 3, Jitter: FullJitter})
	var first []float64 // the 100 earliest retries of the storm without a budget
	for ms, n := range free.Histogram {
		for range n {
			first = append(first, float64(ms))
		}
	}
	if got := float64(len(s.Histogram) - 1); got > first[99] {
		t.Errorf("budget: the last retry sent is at %.0f ms, after the storm's 100th earliest (%.0f ms)", got, first[99])
	}
}
