package bins

import "math"

// Prediction is what theory says of a strategy's max load for a config.
// Formula names the bound used; where no closed form applies Max is 0 and
// Formula says why (JSON has no NaN).
type Prediction struct {
	Max     float64 `json:"max"`
	Formula string  `json:"formula"`
}

// Predict gives the leading-order max load (Azar, Broder, Karlin and Upfal,
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
func Predict(s Strategy, bins, balls int) Prediction {
	n, m := float64(bins), float64(balls)
	if bins < 3 {
		return Prediction{Formula: "none below 3 bins"}
	}
	lnn := math.Log(n)
	lnlnn := math.Log(lnn)
	oneChoice := func() Prediction {
		if balls <= bins {
			return Prediction{Max: lnn / lnlnn, Formula: "ln n / ln ln n"}
		}
		return Prediction{Max: m/n + math.Sqrt(2*(m/n)*lnn), Formula: "m/n + sqrt(2 (m/n) ln n)"}
	}
	dChoices := func(d int) Prediction {
		return Prediction{Max: m/n + lnlnn/math.Log(float64(d)), Formula: "m/n + ln ln n / ln d"}
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
		return Prediction{Formula: "none (partly stale view)"}
	case Left:
		if s.D == 1 {
			return oneChoice()
		}
		return Prediction{Max: m/n + lnlnn/(float64(s.D)*math.Log(goldenRatio(s.D))), Formula: "m/n + ln ln n / (d ln phi_d)"}
	}
	return Prediction{Formula: "none (anti-choice)"}
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
