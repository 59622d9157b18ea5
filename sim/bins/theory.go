package bins

import (
	"context"
	"math"

	"github.com/loadlab/loadlab/sim/engine"
)

// Prediction is what theory says of a strategy for a config. First the
// fluid limit (see Fluid): the max load a run of this size should end
// with, and the bins expected at each load; then, on a line of its own,
// the leading-order asymptotic max, a trend in n that is not a figure at
// classroom sizes (at n = m = 4096 it puts two choices above one). Where
// either has nothing to say its number is 0 and a text says why (JSON has
// no NaN).
type Prediction struct {
	ExpectedMax    float64   `json:"expected_max"`
	ExpectedCounts []float64 `json:"expected_counts"`
	Equation       string    `json:"equation"`
	NoFluid        string    `json:"no_fluid,omitempty"`
	Asymptotic     float64   `json:"asymptotic"`
	Formula        string    `json:"formula"`
}

// Predict is the fluid limit and the asymptotic max of a strategy (the
// latest kept: solving the fluid limit takes a while, and every bins lab
// opened asks).
func Predict(s Strategy, bins, balls int) Prediction {
	p, _ := PredictContext(context.Background(), s, bins, balls)
	return p
}

// PredictContext is Predict, stopping with ctx's error once ctx is done.
func PredictContext(ctx context.Context, s Strategy, bins, balls int) (Prediction, error) {
	return predictions.Get(predictKey{s, bins, balls}, func() (Prediction, error) { return predict(ctx, s, bins, balls) })
}

// predictKey is a prediction's question.
type predictKey struct {
	s           Strategy
	bins, balls int
}

var predictions = engine.Memo[predictKey, Prediction]{Size: 256}

func predict(ctx context.Context, s Strategy, bins, balls int) (Prediction, error) {
	a := asymptotic(s, bins, balls)
	p := Prediction{Asymptotic: a.max, Formula: a.formula}
	f, err := FluidLimitContext(ctx, s, bins, balls)
	if err != nil {
		return p, err
	}
	if f.Tail == nil {
		p.NoFluid = f.Reason
		return p, nil
	}
	p.ExpectedMax, p.Equation = f.ExpectedMax, f.Equation
	p.ExpectedCounts = f.ExpectedCounts[:reached(f.ExpectedCounts)]
	return p, nil
}

// unseen is the expected count of bins at a load and above below which no
// run of any size loadlab takes would see one: the loads past it are
// left out of a prediction, the solver's residue at its last level too.
const unseen = 1e-6

// reached is how many of the loads counts expects a run to reach: those
// below the first load whose count and every count above it together
// stay under unseen.
func reached(counts []float64) int {
	end, above := len(counts), 0.0
	for end > 1 && above+counts[end-1] < unseen {
		above += counts[end-1]
		end--
	}
	return end
}

// asymptote is a leading-order max and its formula.
type asymptote struct {
	max     float64
	formula string
}

// asymptotic gives the leading-order max load (Azar, Broder, Karlin and Upfal,
// "Balanced Allocations"; Berenbrink et al. for m >> n; Vöcking for
// always-go-left):
//
//   - one choice, m <= n: ln n / ln ln n (at m = n, with high probability);
//   - one choice, m > n: m/n + sqrt(2 (m/n) ln n), the heavy-load line;
//   - d >= 2 choices: m/n + ln ln n / ln d, for any m;
//   - always-go-left: m/n + ln ln n / (d ln phi_d), phi_d the d-th
//     generalised golden ratio.
//
// Correlated and a stale view that is never refreshed within the run reduce
// to one choice. Anti and a partly stale view have no closed form.
// The lower-order terms are O(1), so read these as trends, not figures.
func asymptotic(s Strategy, bins, balls int) asymptote {
	n, m := float64(bins), float64(balls)
	if bins < 3 {
		return asymptote{formula: "none below 3 bins"}
	}
	lnn := math.Log(n)
	lnlnn := math.Log(lnn)
	oneChoice := func() asymptote {
		if balls <= bins {
			return asymptote{lnn / lnlnn, "ln n / ln ln n"}
		}
		return asymptote{m/n + math.Sqrt(2*(m/n)*lnn), "m/n + sqrt(2 (m/n) ln n)"}
	}
	dChoices := func(d int) asymptote {
		return asymptote{m/n + lnlnn/math.Log(float64(d)), "m/n + ln ln n / ln d"}
	}
	switch s.Kind {
	case One, Correlated:
		return oneChoice()
	case Two:
		return dChoices(2)
	case DChoice:
		if s.D == 1 {
			return oneChoice()
		}
		return dChoices(s.D)
	case Stale:
		if s.Refresh >= balls {
			return oneChoice()
		}
		return asymptote{formula: "none (partly stale view)"}
	case Left:
		if s.D == 1 {
			return oneChoice()
		}
		return asymptote{m/n + lnlnn/(float64(s.D)*math.Log(goldenRatio(s.D))), "m/n + ln ln n / (d ln phi_d)"}
	}
	return asymptote{formula: "none (anti-choice)"}
}

// goldenRatio returns phi_d, the root above 1 of x^d = 1 + x + ... + x^(d-1)
// (phi_2 is the golden ratio), by bisection on [1, 2].
func goldenRatio(d int) float64 {
	f := func(x float64) float64 {
		lhs, rhs, p := 1.0, 0.0, 1.0
		for i := 0; i < d; i++ {
			rhs += p
			p *= x
		}
		lhs = p
		return lhs - rhs
	}
	lo, hi := 1.0, 2.0
	for i := 0; i < 100; i++ {
		mid := (lo + hi) / 2
		if f(mid) < 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}

// sweepFluidNs bounds the fluid limit's work a sweep point asks for.
const sweepFluidNs = 5e6

// Theory is each strategy's predictions of the max load at the spec's n
// and m, under the headline's key "max" (and "mean" over several
// trials), what a sweep draws beside the measured max: the fluid limit's
// expected max (the prediction at this n, where it is cheap to solve),
// and the asymptote, named by its formula ("asymptote: ln n / ln ln n",
// "asymptote: m/n + ln ln n / ln d"), the theorem's leading term. A
// strategy with neither (stale, anti, left) has none.
func (s Spec) Theory() []engine.Figure {
	cfg, err := s.Config()
	if err != nil {
		return nil
	}
	key := "max"
	if cfg.Trials > 1 {
		key = "mean"
	}
	var out []engine.Figure
	for _, st := range cfg.Strategies {
		if fluidNs(st, cfg.Bins, cfg.Balls) <= sweepFluidNs {
			if p := Predict(st, cfg.Bins, cfg.Balls); p.NoFluid == "" && p.ExpectedMax > 0 {
				out = append(out, engine.Figure{Key: key, Group: st.Name, Name: "fluid limit", Value: Decimals(p.ExpectedMax, 3)})
			}
		}
		a := asymptotic(st, cfg.Bins, cfg.Balls)
		if a.max <= 0 || math.IsNaN(a.max) || math.IsInf(a.max, 0) {
			continue
		}
		out = append(out, engine.Figure{Key: key, Group: st.Name, Name: "asymptote: " + a.formula, Value: Decimals(a.max, 3)})
	}
	return out
}
