package cascade

import (
	"math"
	"strings"
	"testing"
)

func opens(r Result) int {
	n := 0
	for _, t := range r.Breaker {
		if t.To == Open {
			n++
		}
	}
	return n
}

func presetRun(t *testing.T, name, counts string) Result {
	cfg := DefaultConfig()
	cfg.Protections = preset(t, name)
	cfg.BreakerCounts = counts
	return run(t, cfg)
}

// 26.4.1's program reports every call svc makes to the breaker: at seed
// 425, S4's first half-open spell (22.55 s) is closed by an aux call
// before any of its three db trials is back, and the reason says so.
func TestLectureBreakerClosesOnAnAuxCall(t *testing.T) {
	r := presetRun(t, "S4", "lecture")
	for _, tr := range r.Breaker {
		if tr.From == HalfOpen && tr.To == Closed {
			if !strings.HasPrefix(tr.Reason, "it let 3 of its 3 trials out, and 3 calls came back ok, none of them a trial (the last an aux call)") {
				t.Fatalf("first close at %.2f s: %q, want an aux call's", tr.At, tr.Reason)
			}
			if tr.At > 22.6 {
				t.Fatalf("first close at %.2f s, want 22.58 s", tr.At)
			}
			return
		}
	}
	t.Fatal("S4's breaker never closes")
}

// The textbook breaker lets at most Trials calls out a spell, marks each as
// it goes and comes back, and closes only when all are back ok.
func TestGuardedBreakerCountsItsTrials(t *testing.T) {
	r := presetRun(t, "S4", "guarded")
	if opens(r) == 0 {
		t.Fatal("the guarded breaker never opens in S4")
	}
	cfg := DefaultConfig()
	spell := -1.0 // when the current half-open spell began
	sent, back := 0, 0
	ti := 0
	for _, tr := range r.Breaker {
		for ; ti < len(r.Trials) && r.Trials[ti].At <= tr.At && !(r.Trials[ti].At == tr.At && tr.To == HalfOpen); ti++ {
			tl := r.Trials[ti]
			if tl.At < spell || spell < 0 {
				t.Fatalf("trial at %.2f s outside a half-open spell", tl.At)
			}
			if tl.Back {
				back++
			} else {
				sent++
			}
		}
		switch tr.To {
		case HalfOpen:
			spell, sent, back = tr.At, 0, 0
		case Closed:
			if sent != cfg.BreakerTrials || back != cfg.BreakerTrials || tr.Reason != "all 3 trial calls came back ok" {
				t.Fatalf("close at %.2f s after %d sent, %d back: %q", tr.At, sent, back, tr.Reason)
			}
			spell = -1
		case Open:
			spell = -1
		}
		if sent > cfg.BreakerTrials {
			t.Fatalf("%d trials in the spell from %.2f s", sent, spell)
		}
	}
}

// S6's breaker never opens in the lecture's program because it counts aux
// calls, and S6's bulkhead keeps aux calls flowing: without the bulkhead
// it opens, and the textbook breaker, which counts db calls only, opens in
// S6 too.
func TestWhyS6sBreakerStaysShut(t *testing.T) {
	if got := opens(presetRun(t, "S6", "lecture")); got != 0 {
		t.Fatalf("S6's lecture breaker opens %d times, want 0", got)
	}
	if got := opens(presetRun(t, "S6", "guarded")); got != 7 {
		t.Fatalf("S6's textbook breaker opens %d times, want 7", got)
	}
	cfg := DefaultConfig()
	cfg.Protections = preset(t, "S6")
	cfg.Bulkhead = false
	if got := opens(run(t, cfg)); got != 8 {
		t.Fatalf("S6 without its bulkhead opens %d times, want 8", got)
	}
}

// The counters' run-so-far latencies end equal to the report's.
func TestRunLatencyIsTheReports(t *testing.T) {
	for _, name := range []string{"S1", "S4", "S6"} {
		cfg := DefaultConfig()
		cfg.Protections = preset(t, name)
		e, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		for e.Step() {
		}
		snap, res := e.Snapshot(), e.Result()
		if snap.RunP95Ms != res.P95LatencyMs && math.Abs(snap.RunP95Ms-res.P95LatencyMs) > 1e-6 {
			t.Errorf("%s: p95 so far %.6f ms, the report's %.6f", name, snap.RunP95Ms, res.P95LatencyMs)
		}
		if math.Abs(snap.RunMeanMs-res.MeanLatencyMs) > 1e-6 {
			t.Errorf("%s: mean so far %.6f ms, the report's %.6f", name, snap.RunMeanMs, res.MeanLatencyMs)
		}
	}
}
