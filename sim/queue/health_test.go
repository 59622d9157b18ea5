package queue

import (
	"math"
	"testing"
)

// grayFleet is 100 servers at 70 % of the good ones' capacity, the last
// 5 gray: they fail every job, five times as fast as a good one serves.
func grayFleet(p Policy) Config {
	return Config{Servers: 100, Gray: 5, GraySpeed: 5, GrayFail: 1, Load: 0.7, Policy: p, D: 2, Decay: 100, Health: DefaultHealth(), Seed: 425, Warmup: 500}
}

// A gray failure (26.2.3: a server that passes its checks and fails its
// users) draws traffic to it under the balancers that look: a server
// that fails at once always looks short and fast. Random sends it its
// 5 % (within grayTolerance, a point: the jobs' count over 1,000 time
// units); two choices on outstanding jobs more (a job that draws it
// picks it), Peak EWMA more still (its errors are its fastest answers).
// With outlier ejection (5 errors in a row) the same two choices fail
// under half a percent.
func TestGrayFailureDrawsTrafficUntilEjected(t *testing.T) {
	const grayTolerance = 0.01
	share := func(c Config) float64 { return run(t, c, 1500).ErrorShare }
	random, p2c, ewma := share(grayFleet(Random)), share(grayFleet(JSQD)), share(grayFleet(PeakEWMA))
	ejecting := grayFleet(JSQD)
	ejecting.Eject = true
	ejected := share(ejecting)
	if math.Abs(random-0.05) > grayTolerance {
		t.Errorf("random: %.4f of the jobs fail, want the gray servers' 5 %% within a point", random)
	}
	if !(p2c > random+0.01 && ewma > p2c) {
		t.Errorf("errors: random %.4f, two choices %.4f, Peak EWMA %.4f: want each looking balancer worse", random, p2c, ewma)
	}
	if ejected > 0.005 {
		t.Errorf("two choices with ejection: %.4f of the jobs fail, want under 0.5 %%", ejected)
	}
}

// Ejection as Envoy's: a server is out after exactly 5 errors in a row,
// for the base time times its ejections; no more than the cap's share is
// out at once, and the cap is reached when many fail.
func TestEjectionAsEnvoy(t *testing.T) {
	c := grayFleet(Random)
	c.Eject, c.Warmup = true, 0
	s, _ := New(c)
	gray := c.Servers - 1
	for s.health.ejections[gray] == 0 {
		s.StepArrival()
		if s.health.ejections[gray] == 0 && s.health.consec[gray] >= 5 {
			t.Fatalf("%d errors in a row and not ejected", s.health.consec[gray])
		}
	}
	if at := s.health.until[gray] - c.EjectBase; at > s.now || at < s.now-1 {
		t.Errorf("ejected until %v: %v after %v, want the base time %v after the ejection, just before now (%v)", s.health.until[gray], c.EjectBase, at, c.EjectBase, s.now)
	}
	if s.health.eligAt[gray] >= 0 {
		t.Error("an ejected server is still drawn")
	}
	crowd := grayFleet(Random)
	crowd.Gray, crowd.Eject, crowd.Load = 30, true, 0.5
	cs, _ := New(crowd)
	most := 0
	for cs.Now() < 1000 {
		cs.Advance(cs.Now() + 1)
		most = max(most, cs.health.ejected)
	}
	if most != 10 {
		t.Errorf("30 failing servers: at most %d out at once, want the cap's 10 of 100", most)
	}
}

// A server that fails a third of its jobs seldom fails 5 in a row, but
// its success rate over an interval falls below the others' mean less
// 1.9 deviations: ejection by success rate takes it out.
func TestSuccessRateOutliersAreEjected(t *testing.T) {
	c := grayFleet(Random)
	c.GrayFail, c.GraySpeed, c.Load = 0.3, 1, 0.9
	plain := run(t, c, 1500)
	c.Eject = true
	ejecting := run(t, c, 1500)
	if ejecting.Ejections == 0 || ejecting.ErrorShare > plain.ErrorShare/2 {
		t.Errorf("failing 30 %%: %d ejections, errors %.4f against %.4f without ejection; want ejections and under half", ejecting.Ejections, ejecting.ErrorShare, plain.ErrorShare)
	}
}

// The panic threshold: when a broken health check marks 60 of 100 good
// servers failing, the balancer without it crowds the 40 left with the
// load of 70 (1.75 each: their queues grow without end); with Envoy's 50
// % it balances across all 100, as if no check had failed.
func TestPanicThresholdSavesTheFleet(t *testing.T) {
	c := Config{Servers: 100, Load: 0.7, Policy: JSQD, D: 2, Health: DefaultHealth(), Seed: 425, Warmup: 500}
	c.Unhealthy, c.Panic = 60, 0
	crowded := run(t, c, 1500)
	c.Panic = 0.5
	panicking := run(t, c, 1500)
	if crowded.MeanResponse < 50 || panicking.MeanResponse > 3 || panicking.PanicShare != 1 {
		t.Errorf("mean response %.1f without the threshold (want the queues growing, over 50), %.2f with it (want under 3, panicking all the time: %.2f)",
			crowded.MeanResponse, panicking.MeanResponse, panicking.PanicShare)
	}
}

func BenchmarkEjection(b *testing.B) {
	c := grayFleet(JSQD)
	c.Eject = true
	s, _ := New(c)
	s.Advance(100)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		s.Advance(100 + float64(i+1)*10)
	}
}
