package bins

import (
	"math"
	"testing"
)

// The fluid limit's figures, worked out independently, for n = m = 4096: the
// fluid limit's expected max for one choice 6.247, two 3.024, three 2.875,
// anti 8.310, each within 0.005.
func TestFluidFigures(t *testing.T) {
	want := map[string]float64{"one": 6.247, "two": 3.024, "dchoice:3": 2.875, "anti": 8.310}
	for name, v := range want {
		st := mustStrategies(t, name, 3, 64)[0]
		if got := FluidLimit(st, 4096, 4096).ExpectedMax; math.Abs(got-v) > 0.005 {
			t.Errorf("%s: expected max %.4f, want %.3f", name, got, v)
		}
	}
	// Other sizes, against an integration written apart from this one
	// (Euler at two steps, Richardson-extrapolated, in python3): light
	// load and m >> n.
	for _, c := range []struct {
		n, m          int
		two, d3, anti float64
	}{{1000, 300, 2.0031, 1.8652, 3.9834}, {200, 2000, 12.0072, 11.1467, 30.9364}} {
		for name, v := range map[string]float64{"two": c.two, "dchoice:3": c.d3, "anti": c.anti} {
			st := mustStrategies(t, name, 3, 64)[0]
			if got := FluidLimit(st, c.n, c.m).ExpectedMax; math.Abs(got-v) > 0.001 {
				t.Errorf("n %d m %d %s: expected max %.4f, the other integration %.4f", c.n, c.m, name, got, v)
			}
		}
	}
}

// One choice's fluid limit is the Poisson tail, which has a closed form:
// s_i = P(Poisson(m/n) >= i). The integration meets it at light and heavy
// load, and its expected counts add up to n.
func TestFluidOneChoiceIsPoisson(t *testing.T) {
	for _, c := range []struct{ n, m int }{{4096, 4096}, {100, 10000}, {1000, 300}} {
		f := FluidLimit(mustStrategies(t, "one", 2, 1)[0], c.n, c.m)
		lambda := float64(c.m) / float64(c.n)
		p, cdf := math.Exp(-lambda), 0.0 // P(X = i), P(X < i)
		total := 0.0
		for i, s := range f.Tail {
			if want := 1 - cdf; math.Abs(s-want) > 1e-7 {
				t.Fatalf("n %d m %d: s_%d = %v, Poisson tail %v", c.n, c.m, i, s, want)
			}
			cdf += p
			p *= lambda / float64(i+1)
		}
		for _, x := range f.ExpectedCounts {
			total += x
		}
		if math.Abs(total-float64(c.n)) > 1e-6 {
			t.Errorf("n %d m %d: expected counts add to %v", c.n, c.m, total)
		}
	}
}

// Simulation against theory at several sizes, light load and m >> n: the
// mean max over 40 trials lies within four standard errors of the fluid
// limit's expected max, the standard error from the max's own spread under
// the fluid limit (bins as independent: P(max < k) = (1 - s_k)^n), plus
// 0.15 for what the limit leaves out at these n (the bins' correlation).
func TestFluidMeetsSimulation(t *testing.T) {
	for _, c := range []struct {
		n, m int
		list string
	}{
		{4096, 4096, "one,two,dchoice:3,anti,left:4,stale:64,stale:512,correlated"},
		{1000, 300, "one,two,anti,left:2"},
		{100, 10000, "one,two,dchoice:3,left:2,stale:50"},
	} {
		cfg := Config{Bins: c.n, Balls: c.m, Trials: 40, Seed: 7, Stream: Paired, Hot: 1.2,
			Strategies: mustStrategies(t, c.list, 3, 64)}
		res := run(t, cfg)
		for _, st := range cfg.Strategies {
			f := FluidLimit(st, c.n, c.m)
			tol := 4*maxStd(f, c.n)/math.Sqrt(40) + 0.15
			if got := res.Summary[st.Name].MaxMean; math.Abs(got-f.ExpectedMax) > tol {
				t.Errorf("n %d m %d %s: mean max %.3f over 40 trials, fluid limit %.3f (tolerance %.3f)", c.n, c.m, st.Name, got, f.ExpectedMax, tol)
			}
		}
	}
}

// maxStd is the max load's standard deviation under the fluid limit, bins
// taken as independent.
func maxStd(f Fluid, n int) float64 {
	var mean, sq, below float64 // below: P(max < k)
	for k := range f.Tail {
		next := 1.0
		if k+1 < len(f.Tail) {
			next = math.Pow(1-f.Tail[k+1], float64(n))
		}
		p := next - below // P(max = k)
		if k == 0 {
			p = next
		}
		mean += float64(k) * p
		sq += float64(k*k) * p
		below = next
	}
	return math.Sqrt(max(0, sq-mean*mean))
}
