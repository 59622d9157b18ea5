package cascade

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/loadlab/loadlab/sim/rng"
)

// Invariants on every tick of every preset: no pool holds more than its
// slots (a bulkhead pool more than its quota), the breaker lets at most
// its trials through half-open, every request served is in the system, and
// requests are conserved: every arrival has succeeded, failed, or is still
// in the system or waiting to retry.
func TestInvariantsEveryTick(t *testing.T) {
	for _, p := range Presets {
		cfg := DefaultConfig()
		cfg.Protections = p.Protections
		cfg.Duration = 45
		e, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		for e.Step() {
			for _, l := range e.layers {
				for pool, size := range l.sizes {
					if l.used[pool] > size || l.used[pool] < 0 {
						t.Fatalf("%s t=%.2f: layer %d pool %d holds %d of %d slots", p.Name, e.now, l.name, pool, l.used[pool], size)
					}
				}
				for _, en := range l.busy {
					if en.live && e.reqs.get(int(en.rid)) == nil {
						t.Fatalf("%s t=%.2f: layer %d serves request %d, which has ended", p.Name, e.now, l.name, en.rid)
					}
				}
				if l.totalUsed() != sum(l.used) {
					t.Fatalf("%s t=%.2f: layer %d counts %d slots, holds %d", p.Name, e.now, l.name, sum(l.used), l.totalUsed())
				}
			}
			if b := &e.breaker; b.state == HalfOpen && (b.inflight > cfg.BreakerTrials || b.trials < 0) {
				t.Fatalf("%s t=%.2f: %d half-open trials in flight, %d left", p.Name, e.now, b.inflight, b.trials)
			}
			s := e.stats
			if s.arrived != s.ok+s.failed+e.reqs.n+len(e.retries) {
				t.Fatalf("%s t=%.2f: arrived %d != ok %d + failed %d + in system %d + retrying %d",
					p.Name, e.now, s.arrived, s.ok, s.failed, e.reqs.n, len(e.retries))
			}
		}
	}
}

func sum(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}

// The same config gives the same result, whatever reads it between ticks.
func TestDeterministic(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Protections = Presets[5].Protections
	a := run(t, cfg)
	e, _ := New(cfg)
	for e.Step() {
		_ = e.Result()
	}
	if b := e.Result(); !reflect.DeepEqual(a, b) {
		t.Error("reading results between ticks changed the run")
	}
}

// BenchmarkSixPresets is the lecture's six 60 s runs; the reference
// program takes 5.1 s for them on this machine.
func BenchmarkSixPresets(b *testing.B) {
	for range b.N {
		for _, p := range Presets {
			cfg := DefaultConfig()
			cfg.Protections = p.Protections
			run(b, cfg)
		}
	}
}

// S4's story as moments: the slowdown at 15 s, the database pool full four
// ticks later, the breaker opening at 17.55 s with its reason.
func TestMomentsTellTheStory(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Protections = preset(t, "S4")
	r := run(t, cfg)
	want := []string{
		"15.00 s: the db slows 20x",
		"15.04 s: the db pool is full for the first time: 10 of 10 slots taken",
		"17.55 s: the breaker goes CLOSED -> OPEN: 253 of 504 calls (db and aux) failed in the last 2 s (50.2 % > 50 %)",
		"25.00 s: the surge begins",
		"40.00 s: the surge ends",
		"44.58 s: the backlog has drained",
	}
	next := 0
	for _, m := range r.Moments {
		if next < len(want) && strings.HasPrefix(m.Caption, want[next]) {
			next++
		}
	}
	if next < len(want) {
		t.Errorf("moments miss %q:\n%v", want[next], r.Moments)
	}
	if r.Moments[0].Step >= r.Moments[len(r.Moments)-1].Step {
		t.Error("moments out of order")
	}
}

// Following a request gives its journey from arrival to its end, and
// following changes nothing else.
func TestFollowOneRequest(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Protections = preset(t, "S4")
	e, err := NewFollowing(cfg, Follow{T: 16, K: 0})
	if err != nil {
		t.Fatal(err)
	}
	for e.Step() {
	}
	j := e.Journey()
	want := []string{"arrives (low priority, calls db)", "gets a slot at api at once", "is served at api and calls svc",
		"gets a slot at svc at once", "is served at svc and calls db", "queues at db: all 10 slots taken",
		"times out at the head of the db queue: waited 0.260 s, over the 0.25 s limit", "fails for good"}
	if len(j) != len(want) {
		t.Fatalf("journey %v", j)
	}
	for i, w := range want {
		if !strings.HasPrefix(j[i].What, w) || j[i].At < 16 {
			t.Errorf("stage %d: %.2f s %q, want %q", i, j[i].At, j[i].What, w)
		}
	}
	if plain := run(t, cfg); !reflect.DeepEqual(plain, e.Result()) {
		t.Error("following a request changed the run")
	}
}

// With paired arrivals every protection set meets the same requests: the
// same count, the same priorities, the same split between db and aux. With
// the lecture's single stream they differ once the sets' draws do.
func TestPairedArrivals(t *testing.T) {
	arrivals := func(mode string) map[[4]int]bool {
		seen := map[[4]int]bool{}
		for _, p := range Presets {
			cfg := DefaultConfig()
			cfg.Protections, cfg.Arrivals, cfg.Duration = p.Protections, mode, 30
			r := run(t, cfg)
			seen[[4]int{r.Arrived, r.HiTotal, r.DBTotal, r.AuxTotal}] = true
		}
		return seen
	}
	if got := arrivals("paired"); len(got) != 1 {
		t.Errorf("paired arrivals differ between the presets: %v", got)
	}
	if got := arrivals("lecture"); len(got) < 2 {
		t.Errorf("the lecture's single stream gave every preset the same arrivals: %v", got)
	}
}

// The recent p95 covers the requests that succeeded in the last second:
// as many as the OK count grew over the last ten 100 ms points.
func TestRecentP95Window(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Protections = preset(t, "S4")
	cfg.Duration = 30
	e, _ := New(cfg)
	var okAt []int // OK at each 100 ms point
	for e.Step() {
		if e.tick%seriesEvery != 1 || e.Done() {
			continue
		}
		s := e.Snapshot()
		okAt = append(okAt, s.OK)
		if n := len(okAt); n > recentPoints {
			if want := s.OK - okAt[n-1-recentPoints]; s.RecentOK != want {
				t.Fatalf("t=%.2f: %d requests in the last second, want %d", s.T, s.RecentOK, want)
			}
		}
		if s.RecentOK > 0 && !(s.RecentP95 >= 0 && s.RecentP95 <= 1000*cfg.ClientTimeout) {
			t.Fatalf("t=%.2f: recent p95 %v ms outside [0, client timeout] (a request can pass every layer within its first tick)", s.T, s.RecentP95)
		}
	}
}

// nth finds what sorting finds, for ties, runs and random values.
func TestNthIsTheSortedValue(t *testing.T) {
	src := rng.NewDoubles(7)
	never := func() bool { return false }
	for _, n := range []int{1, 2, 3, 10, 101, 1000, 100000} {
		for _, kind := range []string{"random", "ties", "rising", "falling"} {
			xs := make([]float64, n)
			for i := range xs {
				switch kind {
				case "random":
					xs[i] = src.Random()
				case "ties":
					xs[i] = float64(int(src.Random() * 4))
				case "rising":
					xs[i] = float64(i)
				case "falling":
					xs[i] = float64(n - i)
				}
			}
			sorted := slices.Clone(xs)
			slices.Sort(sorted)
			for _, k := range []int{0, n / 2, int(float64(n) * 0.95), n - 1} {
				if got, ok := nth(slices.Clone(xs), k, never); !ok || got != sorted[k] {
					t.Errorf("%s n=%d k=%d: %v, sorted %v", kind, n, k, got, sorted[k])
				}
			}
		}
	}
}
