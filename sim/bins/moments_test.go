package bins

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/loadlab/loadlab/sim/engine"
)

// The moments equal what a plain replay finds: step ball by ball, read
// every lane's max from its snapshot, and note the first ball at which each
// ordered pair's maxima cross (one moment for the lanes that pass the
// same ones at the same max at one ball) and each lane's max reaches hot x
// m/n (from HotMinMean balls a bin).
func TestMomentsEqualAReplay(t *testing.T) {
	for _, cfg := range []Config{
		{Bins: 100, Balls: 10000, Trials: 2, Seed: 42, Hot: 1.2, Stream: Sequential, Strategies: mustStrategies(t, "one,two", 2, 1)},
		{Bins: 64, Balls: 300, Trials: 2, Seed: 11, Hot: 1.2, Strategies: mustStrategies(t, "one,two,dchoice:3,stale:16,anti,left:4", 2, 1)},
		{Bins: 16, Balls: 16, Trials: 1, Seed: 1, Hot: 1.2, Strategies: mustStrategies(t, "one,two", 2, 1)},
	} {
		e := MustNew(cfg)
		k := len(cfg.Strategies)
		passed, hot := make([]bool, k*k), make([]bool, k)
		var want []engine.Moment
		hotAt := cfg.Hot * float64(cfg.Balls) / float64(cfg.Bins)
		for ball := 1; ball <= cfg.Balls; ball++ {
			e.Step()
			lanes := e.Snapshot().Lanes
			groups := map[string]bool{} // the lanes that pass the same ones at the same max: one moment
			for a := range k {
				if float64(cfg.Balls) >= HotMinMean*float64(cfg.Bins) {
					break // heavy load: no passes
				}
				var below []string
				for b := range k {
					if a != b && !passed[a*k+b] && lanes[a].Figures.Max > lanes[b].Figures.Max {
						passed[a*k+b] = true
						below = append(below, fmt.Sprint(b, lanes[b].Figures.Max))
					}
				}
				if g := fmt.Sprint(lanes[a].Figures.Max, below); len(below) > 0 && !groups[g] {
					groups[g] = true
					want = append(want, engine.Moment{Step: int64(ball)})
				}
			}
			for a := range k {
				if !hot[a] && hotAt >= cfg.Hot*HotMinMean && float64(lanes[a].Figures.Max) >= hotAt-1e-9 {
					hot[a] = true
					want = append(want, engine.Moment{Step: int64(ball)})
				}
			}
		}
		for e.Step() { // later trials add no moments
		}
		got := e.Moments()
		steps := make([]engine.Moment, len(got))
		for i, m := range got {
			steps[i] = engine.Moment{Step: m.Step}
		}
		if !reflect.DeepEqual(steps, want) {
			t.Errorf("%d bins %d balls: moments at %v, a replay finds %v", cfg.Bins, cfg.Balls, steps, want)
		}
		batched := MustNew(cfg)
		for batched.RunTrial() {
		}
		if !reflect.DeepEqual(batched.Moments(), got) {
			t.Errorf("whole trials find other moments than single steps:\n%v\n%v", batched.Moments(), got)
		}
	}
}

// the blog post's run: one choice gets a hot bin (120 balls, 1.2 x the mean of 100),
// two choices never do; at 100 balls a bin the maxima passing each other
// in the first balls are no moment.
func TestMoments001(t *testing.T) {
	e := MustNew(Config{Bins: 100, Balls: 10000, Trials: 1, Seed: 42, Hot: 1.2, Stream: Sequential,
		Strategies: mustStrategies(t, "one,two", 2, 1)})
	for e.RunTrial() {
	}
	var captions []string
	for _, m := range e.Moments() {
		captions = append(captions, m.Caption)
	}
	all := strings.Join(captions, "\n")
	if !strings.Contains(all, "one's fullest bin reaches 120 balls, hot by the end's measure (1.2 x the final mean load of 100)") ||
		strings.Contains(all, "two's fullest bin reaches") || strings.Contains(all, "max load reaches") {
		t.Errorf("moments of §BLOG:\n%s", all)
	}
}

// Example: source §BLOG's experiment, and the moments a class would stop at.
func ExampleEngine() {
	strategies, _ := ParseStrategies("one,two", 2, 1)
	e, err := New(Config{Bins: 100, Balls: 10000, Trials: 1, Seed: 42, Hot: 1.2, Stream: Sequential, Strategies: strategies})
	if err != nil {
		panic(err)
	}
	for e.Step() {
	}
	r := e.Result()
	fmt.Println("one:", r.Trials[0].Results["one"].Max, r.Trials[0].Results["one"].Top5)
	fmt.Println("two:", r.Trials[0].Results["two"].Max, r.Trials[0].Results["two"].Top5)
	for _, m := range r.Moments {
		fmt.Println(m.Caption)
	}
	// Output:
	// one: 126 [126 120 118 116 116]
	// two: 102 [102 102 101 101 101]
	// ball 9291: one's fullest bin reaches 120 balls, hot by the end's measure (1.2 x the final mean load of 100)
}

// Under HotMinMean balls a bin a hot bin is any bin with two balls or so:
// no moment is made of it.
func TestNoHotMomentAtLightLoad(t *testing.T) {
	cfg := Config{Bins: 64, Balls: 300, Trials: 1, Seed: 11, Hot: 1.2, Strategies: mustStrategies(t, "one,two,anti", 2, 1)}
	e := MustNew(cfg)
	for e.Step() {
	}
	for _, m := range e.Moments() {
		if strings.Contains(m.Caption, "hot") {
			t.Errorf("a hot moment at %.3g balls a bin: %s", float64(cfg.Balls)/float64(cfg.Bins), m.Caption)
		}
	}
}

// A strategy passing several at one ball is one moment that names each
// once: p2c at ball 24 said "anti's max load reaches 2, above X's 1" four
// times.
func TestPassesAtOneBallAreOneMoment(t *testing.T) {
	f := &momentFinder{names: []string{"one", "two", "correlated", "stale", "anti"}, cur: []int32{1, 1, 1, 0, 2}}
	if got, want := f.passedBy([]int{0, 1, 2, 3}), "one's, two's and correlated's 1 and stale's 0"; got != want {
		t.Errorf("passedBy = %q, want %q", got, want)
	}
	if got, want := f.passedBy([]int{0, 1, 2}), "one's, two's and correlated's 1"; got != want {
		t.Errorf("passedBy = %q, want %q", got, want)
	}
	e := MustNew(Config{Bins: 4096, Balls: 4096, Trials: 1, Seed: 20260927, Hot: 1.2, Strategies: mustStrategies(t, "one,two,correlated,stale,anti", 2, 4096)})
	for e.Step() {
	}
	var all []string
	for _, m := range e.Moments() {
		all = append(all, m.Caption)
	}
	want := []string{
		"ball 24: anti's max load reaches 2, above one's, two's, correlated's and stale's 1",
		"ball 86: one's, correlated's and stale's max loads reach 2, above two's 1",
	}
	if len(all) < 2 || !reflect.DeepEqual(all[:2], want) {
		t.Errorf("p2c's first moments:\n%s\nwant\n%s", strings.Join(all, "\n"), strings.Join(want, "\n"))
	}
}
