package bins

import (
	"context"
	"math/big"
	"testing"
)

// Brute force and the DP agree exactly, probability by probability, on
// every size both can run (one choice and correlated are the same rule).
func TestDPEqualsBruteForce(t *testing.T) {
	for n := 1; n <= 4; n++ {
		for m := 1; m <= 5; m++ {
			if n == 4 && m == 5 {
				continue // 4^10 inputs: covered by n = m = 4
			}
			e, err := Enumerate(context.Background(), EnumConfig{Bins: n, Balls: m, Refresh: 1, Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			for s, kind := range map[int]Kind{laneOne: One, laneTwo: Two, laneAnti: Anti} {
				dp, err := ExactDP(context.Background(), kind, 2, n, m)
				if err != nil {
					t.Fatal(err)
				}
				brute := e.Exact(s)
				if len(dp.Prob) != len(brute.Prob) {
					t.Fatalf("n=%d m=%d %s: %d max values by DP, %d by brute force", n, m, kind, len(dp.Prob), len(brute.Prob))
				}
				for k := range dp.Prob {
					if dp.Prob[k].Cmp(brute.Prob[k]) != 0 {
						t.Errorf("n=%d m=%d %s: P(max=%d) DP %s, brute force %s", n, m, kind, k, dp.Prob[k], brute.Prob[k])
					}
				}
			}
		}
	}
}

// Source §P2C's n = m = 4 expectations by DP; dchoice with d = 2 is two.
func TestDPPublished000(t *testing.T) {
	for _, c := range []struct {
		kind Kind
		d    int
		want *big.Rat
	}{{One, 1, big.NewRat(17, 8)}, {Two, 2, big.NewRat(439, 256)}, {DChoice, 2, big.NewRat(439, 256)}, {Anti, 2, big.NewRat(655, 256)}} {
		dp, err := ExactDP(context.Background(), c.kind, c.d, 4, 4)
		if err != nil {
			t.Fatal(err)
		}
		if got := dp.Expected(); got.Cmp(c.want) != 0 {
			t.Errorf("%s: E[max] %s, §P2C publishes %s", c.kind, got, c.want)
		}
	}
}

// At n = m = 32 the distributions are proper and ordered as theory says:
// anti above one above two above three choices.
func TestDP32(t *testing.T) {
	var means []float64
	for _, c := range []struct {
		kind Kind
		d    int
	}{{Anti, 2}, {One, 1}, {Two, 2}, {DChoice, 3}} {
		dp, err := ExactDP(context.Background(), c.kind, c.d, 32, 32)
		if err != nil {
			t.Fatal(err)
		}
		sum := new(big.Rat)
		for _, p := range dp.Prob {
			sum.Add(sum, p)
		}
		if sum.Cmp(big.NewRat(1, 1)) != 0 {
			t.Errorf("%s: probabilities add up to %s", c.kind, sum)
		}
		f, _ := dp.Expected().Float64()
		means = append(means, f)
	}
	for i := 1; i < len(means); i++ {
		if means[i] >= means[i-1] {
			t.Errorf("E[max] not decreasing from anti to three choices: %v", means)
		}
	}
}

func TestDPRefusesWhatItCannotDo(t *testing.T) {
	if _, err := ExactDP(context.Background(), Stale, 2, 4, 4); err == nil {
		t.Error("stale accepted")
	}
	if _, err := ExactDP(context.Background(), DChoice, 5, 4, 4); err == nil {
		t.Error("d above bins accepted")
	}
	if _, err := ExactDP(context.Background(), One, 1, 200, 200); err == nil {
		t.Error("p(200) multisets accepted")
	}
}

// BenchmarkDP32 is the exact two-choice distribution at n = m = 32.
func BenchmarkDP32(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := ExactDP(context.Background(), Two, 2, 32, 32); err != nil {
			b.Fatal(err)
		}
	}
}
