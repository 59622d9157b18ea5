package bins

import (
	"context"
	"fmt"
	"math"
)

// Fluid is a strategy's fluid limit at n bins and m balls: as n grows with
// m/n fixed, the share s_i of bins holding at least i balls follows
// differential equations in t = balls/n, integrated here from 0 to m/n
// (Mitzenmacher; Vvedenskaya, Dobrushin and Karpelevich; Vöcking for
// always-go-left). From s it predicts what a run of this size should show.
type Fluid struct {
	// Tail[i] is s_i at t = m/n; Tail[0] = 1.
	Tail []float64
	// ExpectedCounts[i] is n (s_i - s_{i+1}), the bins expected at load i.
	ExpectedCounts []float64
	// ExpectedMax is sum over i >= 1 of 1 - (1 - s_i)^n: the max load a
	// run is expected to end with, were the bins independent.
	ExpectedMax float64
	// Equation names the system integrated; Reason says why there is none
	// (Tail is then nil).
	Equation string
	Reason   string
}

// fluidStep is the integration step in t: RK4 with this step is exact to
// far below the figures shown (halving it changes E[max] by under 1e-9).
const fluidStep = 1.0 / 512

// maxLevels bounds the loads tracked; a level whose share falls below
// 1e-300 ends the tail.
const maxLevels = 4096

// maxFluidLoad bounds m/n for the integrated limits: their cost grows with
// m/n times the loads tracked (0.1 s at 200). One choice has a closed form
// at any load.
const (
	maxFluidLoad   = 200
	maxPoissonLoad = 20000
)

// FluidLimit integrates s for strategy st at bins and balls.
func FluidLimit(st Strategy, bins, balls int) Fluid {
	f, _ := FluidLimitContext(context.Background(), st, bins, balls)
	return f
}

// FluidLimitContext is FluidLimit, stopping with ctx's error once ctx is
// done: an integration looks at ctx every step.
func FluidLimitContext(ctx context.Context, st Strategy, bins, balls int) (Fluid, error) {
	stop := func() bool { return ctx.Err() != nil }
	t := float64(balls) / float64(bins)
	onePoisson := st.Kind == One || st.Kind == Correlated || st.Kind == DChoice && st.D == 1 ||
		st.Kind == Left && st.D == 1 || st.Kind == Stale && st.Refresh >= balls
	if t > maxFluidLoad && !onePoisson || t > maxPoissonLoad {
		return Fluid{Reason: fmt.Sprintf("none computed above %d balls a bin (the work grows with the load)", map[bool]int{true: maxPoissonLoad, false: maxFluidLoad}[onePoisson])}, nil
	}
	var f Fluid
	switch {
	case onePoisson:
		f = poissonFluid(t)
	case st.Kind == Two:
		f = dChoiceFluid(2, t, stop)
	case st.Kind == DChoice:
		f = dChoiceFluid(st.D, t, stop)
	case st.Kind == Anti:
		f = integrate(t, func(prev, cur float64) float64 { return heavierOfTwo(prev) - heavierOfTwo(cur) }, stop)
		f.Equation = "ds_i/dt = g(s_(i-1)) - g(s_i), g(x) = 1 - (1-x)^2"
	case st.Kind == Left:
		if bins%st.D != 0 {
			return Fluid{Reason: fmt.Sprintf("none: %d bins do not split into %d equal groups", bins, st.D)}, nil
		}
		f = leftFluid(st.D, t, stop)
	case st.Kind == Stale:
		f = staleFluid(float64(st.Refresh)/float64(bins), t, stop)
	}
	if err := ctx.Err(); err != nil {
		return Fluid{}, err
	}
	f.finish(bins)
	return f, nil
}

// poissonFluid is one choice's limit in closed form: s_i is the chance a
// Poisson load of mean t reaches i (ds_i/dt = s_(i-1) - s_i solved).
func poissonFluid(t float64) Fluid {
	var s []float64
	// P(X = i) by logs, so that a large t neither underflows nor overflows
	logP := func(i int) float64 { lg, _ := math.Lgamma(float64(i) + 1); return -t + float64(i)*math.Log(t) - lg }
	below := 0.0 // P(X < i)
	for i := 0; ; i++ {
		s = append(s, math.Max(0, 1-below))
		p := 0.0
		if t > 0 {
			p = math.Exp(logP(i))
		} else if i == 0 {
			p = 1
		}
		below += p
		if float64(i) > t && (p < 1e-300 || float64(i) > t+40*math.Sqrt(t)+40) { // past every load reached
			break
		}
	}
	return Fluid{Tail: s, Equation: "ds_i/dt = s_(i-1) - s_i (a Poisson tail)"}
}

// heavierOfTwo is the chance the heavier of two candidates has a load a bin
// reaches with chance x: 1 - (1-x)^2.
// ipow is x^d by multiplication.
func ipow(x float64, d int) float64 {
	p := 1.0
	for range d {
		p *= x
	}
	return p
}

func heavierOfTwo(x float64) float64 { return 1 - (1-x)*(1-x) }

func dChoiceFluid(d int, t float64, stop func() bool) Fluid {
	rate := func(prev, cur float64) float64 { return ipow(prev, d) - ipow(cur, d) }
	switch d { // the common cases without Pow
	case 1:
		rate = func(prev, cur float64) float64 { return prev - cur }
	case 2:
		rate = func(prev, cur float64) float64 { return prev*prev - cur*cur }
	}
	f := integrate(t, rate, stop)
	f.Equation = fmt.Sprintf("ds_i/dt = s_(i-1)^%d - s_i^%d", d, d)
	if d == 1 {
		f.Equation = "ds_i/dt = s_(i-1) - s_i (a Poisson tail)"
	}
	return f
}

// integrate runs ds_i/dt = rate(s_(i-1), s_i) from s = (1, 0, 0, ...) at
// t = 0 to t, by RK4. It starts with the levels a Poisson load of mean t
// reaches (no rule fills bins faster than one choice... but anti does, a
// little: the levels also grow while the last one is above 1e-300), so that
// no level joins late and loses its first steps.
func integrate(t float64, rate func(prev, cur float64) float64, stop func() bool) Fluid {
	s := make([]float64, min(maxLevels, int(t+8*math.Sqrt(t)+24)))
	s[0] = 1
	// Only the levels in [lo, hi] move: below lo every share is 1 to the
	// last bit and above hi every one is 0, where every rule's rate is 0.
	lo, hi := 1, 1
	deriv := func(x []float64, out []float64) {
		for i := lo; i <= hi; i++ {
			out[i] = rate(x[i-1], x[i])
		}
	}
	k1, k2, k3, k4, tmp := []float64{}, []float64{}, []float64{}, []float64{}, []float64{}
	steps := int(math.Ceil(t / fluidStep))
	h := t / float64(max(1, steps))
	for range steps {
		if stop() {
			return Fluid{}
		}
		if s[len(s)-1] > 1e-300 && len(s) < maxLevels {
			s = append(s, 0)
		}
		n := len(s)
		for lo < n-1 && s[lo] == 1 && s[lo-1] == 1 {
			lo++
		}
		for hi < n-1 && (s[hi] > 0 || s[hi-1] > 0) {
			hi++
		}
		k1, k2, k3, k4, tmp = grow(k1, n), grow(k2, n), grow(k3, n), grow(k4, n), grow(tmp, n)
		copy(tmp, s)
		deriv(s, k1)
		for i := lo; i <= hi; i++ {
			tmp[i] = s[i] + h/2*k1[i]
		}
		deriv(tmp, k2)
		for i := lo; i <= hi; i++ {
			tmp[i] = s[i] + h/2*k2[i]
		}
		deriv(tmp, k3)
		for i := lo; i <= hi; i++ {
			tmp[i] = s[i] + h*k3[i]
		}
		deriv(tmp, k4)
		for i := lo; i <= hi; i++ {
			s[i] += h / 6 * (k1[i] + 2*k2[i] + 2*k3[i] + k4[i])
		}
	}
	return Fluid{Tail: s}
}

func grow(x []float64, n int) []float64 {
	if cap(x) < n {
		return make([]float64, n)
	}
	return x[:n]
}

// leftFluid is always-go-left with d groups of n/d bins. x[j][i] is the
// share of group j's bins at load >= i. A ball lands in group j at load
// i-1 when its candidate there has load i-1, the candidates of the groups
// to its left are heavier (ties go left, so they hold at least i) and
// those to its right are no lighter (at least i-1); group j holds 1/d of
// the bins, so its share grows d times as fast. s_i is the groups' mean.
func leftFluid(d int, t float64, stop func() bool) Fluid {
	levels := 2
	x := make([][]float64, d)
	for j := range x {
		x[j] = []float64{1, 0}
	}
	deriv := func(x [][]float64, out [][]float64) {
		for j := range x {
			out[j][0] = 0
			for i := 1; i < len(x[j]); i++ {
				p := x[j][i-1] - x[j][i]
				for k := 0; k < j; k++ {
					p *= x[k][i]
				}
				for k := j + 1; k < d; k++ {
					p *= x[k][i-1]
				}
				out[j][i] = float64(d) * p
			}
		}
	}
	alloc := func() [][]float64 {
		out := make([][]float64, d)
		for j := range out {
			out[j] = make([]float64, levels)
		}
		return out
	}
	steps := int(math.Ceil(t / fluidStep))
	h := t / float64(max(1, steps))
	for range steps {
		if stop() {
			return Fluid{}
		}
		if x[0][levels-1] > 1e-300 && levels < maxLevels {
			levels++
			for j := range x {
				x[j] = append(x[j], 0)
			}
		}
		k1, k2, k3, k4, tmp := alloc(), alloc(), alloc(), alloc(), alloc()
		add := func(scale float64, k [][]float64) [][]float64 {
			for j := range x {
				for i := range x[j] {
					tmp[j][i] = x[j][i] + scale*k[j][i]
				}
			}
			return tmp
		}
		deriv(x, k1)
		deriv(add(h/2, k1), k2)
		deriv(add(h/2, k2), k3)
		deriv(add(h, k3), k4)
		for j := range x {
			for i := range x[j] {
				x[j][i] += h / 6 * (k1[j][i] + 2*k2[j][i] + 2*k3[j][i] + k4[j][i])
			}
		}
	}
	s := make([]float64, levels)
	for j := range x {
		for i := range s {
			s[i] += x[j][i] / float64(d)
		}
	}
	return Fluid{Tail: s, Equation: fmt.Sprintf("always-go-left in %d groups: dx_(j,i)/dt = %d (x_(j,i-1) - x_(j,i)) prod_(k<j) x_(k,i) prod_(k>j) x_(k,i-1)", d, d)}
}

// staleFluid is two choices on a snapshot refreshed every tau (in t).
// Within a period a bin keeps its snapshot class k (its load at the last
// refresh): a ball goes to the class of the lighter snapshot of its two
// candidates, (S_k^2 - S_(k+1)^2) of the time with S the snapshot's tail,
// and within the class to any bin alike, so each class fills as one
// choice does at its own rate. At a refresh the classes are read again.
func staleFluid(tau, t float64, stop func() bool) Fluid {
	s, next := []float64{1, 0}, []float64{}
	for left := t; left > 1e-12; left -= tau {
		if stop() {
			return Fluid{}
		}
		span := math.Min(tau, left)
		snap := s // the classes of this period, read while next fills
		next = next[:0]
		for k := 0; k < len(snap); k++ {
			share := snap[k]
			if k+1 < len(snap) {
				share -= snap[k+1]
			}
			if share <= 0 {
				continue
			}
			upper := 0.0
			if k+1 < len(snap) {
				upper = snap[k+1]
			}
			rate := (snap[k]*snap[k] - upper*upper) / share // balls a class-k bin gets, per unit t
			// from load k, a Poisson number of balls with mean rate*span
			mean := rate * span
			for len(next) < k {
				next = append(next, 0)
			}
			for i := 0; i < k; i++ { // these bins already hold k >= i
				next[i] += share
			}
			p := math.Exp(-mean) // P(j more balls)
			tail := 1.0          // P(at least j more)
			for j := 0; ; j++ {
				for len(next) <= k+j {
					next = append(next, 0)
				}
				next[k+j] += share * tail
				tail -= p
				p *= mean / float64(j+1)
				if tail < 1e-300 || k+j+1 >= maxLevels {
					break
				}
			}
		}
		s, next = next, s
	}
	return Fluid{Tail: s, Equation: "two choices on a snapshot: each snapshot class fills as one choice at its own rate between refreshes"}
}

// finish derives the expected counts and max from the tail.
func (f *Fluid) finish(bins int) {
	if f.Tail == nil {
		return
	}
	f.Tail[0] = 1
	n := float64(bins)
	for i := range f.Tail {
		next := 0.0
		if i+1 < len(f.Tail) {
			next = f.Tail[i+1]
		}
		f.ExpectedCounts = append(f.ExpectedCounts, n*(f.Tail[i]-next))
		if i >= 1 {
			f.ExpectedMax += 1 - math.Pow(1-f.Tail[i], n)
		}
	}
}
