package bins

import (
	"context"
	"math"
	"reflect"
	"runtime"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/rng"
)

func smallConfig(t *testing.T) Config {
	return Config{Bins: 64, Balls: 300, Trials: 3, Seed: 11, Hot: 1.2,
		Strategies: mustStrategies(t, "one,two,dchoice:3,correlated,stale:16,anti,left:4", 2, 1)}
}

// bruteFigures recomputes Figures from a load vector the slow, obvious way.
func bruteFigures(loads []int32, placed int, hot float64) Figures {
	n := len(loads)
	s := make([]int, n)
	for i, v := range loads {
		s[i] = int(v)
	}
	sort.Ints(s)
	f := Figures{Min: s[0], Max: s[n-1], Mean: float64(placed) / float64(n)}
	var ss float64
	for _, v := range s {
		ss += (float64(v) - f.Mean) * (float64(v) - f.Mean)
		if v == 0 {
			f.Empty++
		}
		if placed > 0 && float64(v) >= hot*f.Mean*(1-hotGuard) {
			f.Hot++
		}
	}
	f.Std = math.Sqrt(ss / float64(n))
	f.P99 = s[int(math.Ceil(0.99*float64(n)))-1]
	for i := n - 1; i >= 0 && i >= n-5; i-- {
		f.Top5 = append(f.Top5, s[i])
	}
	f.Gap = float64(f.Max) - f.Mean
	return f
}

// TestInvariantsEveryStep checks after every ball that each strategy holds
// exactly the balls placed, that the chosen bin was a candidate and obeys the
// rule, and that the incremental figures equal a recomputation from scratch.
func TestInvariantsEveryStep(t *testing.T) {
	cfg := smallConfig(t)
	e := MustNew(cfg)
	const stdTolerance = 1e-9 // two summation orders of the same small integers
	for e.Step() {
		s := e.Snapshot()
		for _, l := range s.Lanes {
			total := 0
			for _, v := range l.Loads {
				total += int(v)
			}
			if total != s.Ball {
				t.Fatalf("%s ball %d: %d balls in the bins", l.Strategy.Name, s.Ball, total)
			}
			want := bruteFigures(l.Loads, s.Ball, cfg.Hot)
			got := l.Figures
			if got.Max != want.Max || got.Min != want.Min || got.P99 != want.P99 || got.Empty != want.Empty ||
				got.Hot != want.Hot || !slices.Equal(got.Top5, want.Top5) || math.Abs(got.Std-want.Std) > stdTolerance {
				t.Fatalf("%s ball %d: figures %+v, recomputed %+v", l.Strategy.Name, s.Ball, got, want)
			}
			d := l.Last
			if !slices.Contains(d.Candidates, d.Chosen) {
				t.Fatalf("%s: chose bin %d outside its candidates %v", l.Strategy.Name, d.Chosen, d.Candidates)
			}
			chosen := d.Compared[slices.Index(d.Candidates, d.Chosen)]
			switch l.Strategy.Kind {
			case Anti:
				if chosen != slices.Max(d.Compared) {
					t.Fatalf("anti chose load %d of %v", chosen, d.Compared)
				}
			case One, Correlated:
			default:
				if chosen != slices.Min(d.Compared) {
					t.Fatalf("%s chose load %d of %v", l.Strategy.Name, chosen, d.Compared)
				}
			}
		}
	}
}

func TestDeterministicWhateverTheStepping(t *testing.T) {
	cfg := smallConfig(t)
	a := MustNew(cfg)
	for a.Step() {
	}
	b := MustNew(cfg)
	for i := 0; b.Step(); i++ {
		if i%37 == 0 {
			b.Snapshot() // what a UI does between frames must not matter
		}
	}
	if ra, rb := a.Result(), b.Result(); !reflect.DeepEqual(ra, rb) {
		t.Fatalf("stepping with snapshots between changed the result:\n%+v\n%+v", ra, rb)
	}
	c := MustNew(cfg)
	for c.RunTrial() {
	}
	if ra, rc := a.Result(), c.Result(); !reflect.DeepEqual(ra, rc) {
		t.Fatalf("whole trials and single steps differ:\n%+v\n%+v", ra, rc)
	}
}

// Ties go to first and correlated reads first twice, so on a paired stream
// correlated, and stale without a refresh inside the run, equal one choice
// on every input.
func TestDegenerateStrategiesEqualOneChoice(t *testing.T) {
	e := MustNew(Config{Bins: 97, Balls: 500, Trials: 5, Seed: 3, Hot: 1.2,
		Strategies: mustStrategies(t, "one,correlated,stale,dchoice:1,left:1", 2, 500)})
	for e.Step() {
		s := e.Snapshot()
		for _, l := range s.Lanes[1:] {
			if !slices.Equal(l.Loads, s.Lanes[0].Loads) {
				t.Fatalf("%s diverged from one choice at ball %d", l.Strategy.Name, s.Ball)
			}
		}
	}
}

// The asymptotic formulas are what they say: ln n / ln ln n for one choice,
// ln ln n / ln d + 1 for d, Vöcking's phi_d for left, m/n + sqrt(2 (m/n)
// ln n) under heavy load, and none for anti. They are leading orders, not
// predictions at classroom sizes; nothing here compares them with a run.
func TestAsymptoticFormulas(t *testing.T) {
	s := mustStrategies(t, "one,two,left:2,anti", 2, 1)
	one, two := Predict(s[0], 4096, 4096), Predict(s[1], 4096, 4096)
	left := Predict(s[2], 4096, 4096)
	if math.Abs(one.Asymptotic-math.Log(4096)/math.Log(math.Log(4096))) > 1e-12 {
		t.Errorf("one-choice prediction %v", one.Asymptotic)
	}
	if !(left.Asymptotic < two.Asymptotic && two.Asymptotic < one.Asymptotic+1) {
		t.Errorf("predictions out of order: left %v two %v one %v", left.Asymptotic, two.Asymptotic, one.Asymptotic)
	}
	if p := Predict(s[3], 4096, 4096); p.Asymptotic != 0 || !strings.Contains(p.Formula, "none") {
		t.Errorf("anti has no closed form, got %+v", p)
	}
	heavy := Predict(s[0], 100, 10000)
	if math.Abs(heavy.Asymptotic-(100+math.Sqrt(200*math.Log(100)))) > 1e-9 {
		t.Errorf("heavy-load line %v", heavy.Asymptotic)
	}
	if g := goldenRatio(2); math.Abs(g-(1+math.Sqrt(5))/2) > 1e-12 {
		t.Errorf("phi_2 = %v", g)
	}
}

// Every invalid field is refused with its name and the reason.
func TestValidation(t *testing.T) {
	ok := smallConfig(t)
	cases := []struct {
		name, field, reason string
		edit                func(*Config)
	}{
		{"zero bins", "bins", "must be in 1..50000000, got 0", func(c *Config) { c.Bins = 0 }},
		{"negative balls", "balls", "must be in 1..2147483647, got -1", func(c *Config) { c.Balls = -1 }},
		{"zero trials", "trials", "must be at least 1, got 0", func(c *Config) { c.Trials = 0 }},
		{"zero hot", "hot", "must be a positive multiple of the mean load, got 0", func(c *Config) { c.Hot = 0 }},
		{"negative seed", "seed", "must be >= 0, got -1", func(c *Config) { c.Seed = -1 }},
		{"d above bins", "d", "for dchoice must be in 1..64 (the number of bins), got 65",
			func(c *Config) { c.Strategies = []Strategy{{Name: "dchoice", Kind: DChoice, D: 65}} }},
		{"d zero", "d", "for dchoice must be in 1..64 (the number of bins), got 0",
			func(c *Config) { c.Strategies = []Strategy{{Name: "dchoice", Kind: DChoice, D: 0}} }},
		{"left not dividing", "d", "for left must divide the number of bins (64 bins into 3 groups), got 3",
			func(c *Config) { c.Strategies = []Strategy{{Name: "left", Kind: Left, D: 3}} }},
		{"refresh zero", "refresh", "for stale must be at least 1 ball, got 0",
			func(c *Config) { c.Strategies = []Strategy{{Name: "stale", Kind: Stale, D: 2}} }},
		{"unknown baseline", "baseline", `must be one of the chosen strategies, got "two-ish"`, func(c *Config) { c.Baseline = "two-ish" }},
	}
	for _, c := range cases {
		cfg := ok
		c.edit(&cfg)
		_, err := New(cfg)
		fe, isField := engine.AsField(err)
		if !isField || fe.Field != c.field || !strings.Contains(fe.Reason, c.reason) {
			t.Errorf("%s: error %v, want field %s: %s", c.name, err, c.field, c.reason)
		}
	}
	for bad, reason := range map[string]string{
		"nope":      `names an unknown strategy "nope"`,
		"two:3":     `has "two:3", which takes no parameter`,
		"dchoice:0": `has "dchoice:0": the number after ':' must be a whole number in 1..2147483647`,
		"stale:x":   `has "stale:x": the number after ':' must be a whole number in 1..2147483647`,
		"one,one":   `lists "one" twice`,
		"":          "must name at least one strategy",
	} {
		_, err := ParseStrategies(bad, 2, 1)
		if fe, ok := engine.AsField(err); !ok || fe.Field != "strategies" || !strings.Contains(fe.Reason, reason) {
			t.Errorf("ParseStrategies(%q): %v, want strategies %s", bad, err, reason)
		}
	}
}

// RunAll gives the result of stepping one engine ball by ball, on any
// number of workers, on a paired stream and on a sequential one (which
// RunAll runs strategy after strategy instead of in lockstep); without
// KeepTrials it lists only the first trial and summarises the same.
func TestRunAllSameOnAnyNumberOfWorkers(t *testing.T) {
	for _, stream := range []Stream{Paired, Sequential} {
		cfg := smallConfig(t)
		cfg.Trials, cfg.Stream = 7, stream
		e := MustNew(cfg)
		for e.Step() {
		}
		want := e.Result()
		for _, workers := range []int{1, 2, 3, 16} {
			got, err := RunAll(context.Background(), cfg, RunOptions{Workers: workers, KeepTrials: true})
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%v stream, %d workers: result differs from stepping one engine", stream, workers)
			}
		}
		brief, _ := RunAll(context.Background(), cfg, RunOptions{Workers: 2})
		if len(brief.Trials) != 1 || !reflect.DeepEqual(brief.Summary, want.Summary) || !reflect.DeepEqual(brief.Trials[0], want.Trials[0]) {
			t.Errorf("%v stream without KeepTrials: %d trials listed, summary equal %v", stream, len(brief.Trials), reflect.DeepEqual(brief.Summary, want.Summary))
		}
	}
}

// Loads spread too far for a histogram (one bin per rule, anti piling
// everything in one of two bins) give the figures a histogram gives.
func TestFiguresWithoutAHistogram(t *testing.T) {
	for _, c := range []struct {
		bins, balls int
		list        string
	}{{1, 5000, "one"}, {2, 7000, "anti"}, {3, 9000, "one,two"}} {
		cfg := Config{Bins: c.bins, Balls: c.balls, Trials: 1, Seed: 5, Hot: 1.2, Strategies: mustStrategies(t, c.list, 2, 1)}
		e := MustNew(cfg)
		for e.Step() {
		}
		for _, lane := range e.Snapshot().Lanes {
			if lane.ByLoad != nil {
				t.Errorf("%d bins %d balls %s: a histogram of %d loads was built", c.bins, c.balls, lane.Strategy.Name, len(lane.ByLoad))
			}
			want := bruteFigures(lane.Loads, c.balls, 1.2)
			if got := lane.Figures; !reflect.DeepEqual(got, want) {
				t.Errorf("%d bins %d balls %s: %+v, want %+v", c.bins, c.balls, lane.Strategy.Name, got, want)
			}
		}
	}
}

// ballsPerTrial sizes the per-ball benchmarks as the research note's experiment (§P2C): a
// trial of 4096 balls into 4096 bins.
const ballsPerTrial = 4096

// BenchmarkTwoChoicePerBall is the two-choice engine's cost per ball, in
// headless batches; compare with BenchmarkDrawTwoCandidates.
func BenchmarkTwoChoicePerBall(b *testing.B) {
	s, _ := ParseStrategies("two", 2, 1)
	e := MustNew(Config{Bins: 4096, Balls: ballsPerTrial, Trials: 1 << 20, Seed: 1, Hot: 1.2, Strategies: s})
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e.RunTrial()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*ballsPerTrial), "ns/ball")
}

// BenchmarkDrawTwoCandidates is the floor for BenchmarkTwoChoicePerBall: the
// random draws alone, two randrange(4096) per ball.
func BenchmarkDrawTwoCandidates(b *testing.B) {
	src := rng.New(1)
	buf := make([]int32, 2*ballsPerTrial)
	for i := 0; i < b.N; i++ {
		src.FillBelow(buf, 4096)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*ballsPerTrial), "ns/ball")
}

// BenchmarkPaperTable000 is the 200-trial table of source §P2C (n = m = 4096,
// five strategies on one paired stream, every figure of every trial) on one
// core; BenchmarkPaperTable000AllCores is the same through RunAll, as the
// command line runs it. The same procedure in CPython 3.11 took 2.4 s here.
func BenchmarkPaperTable000(b *testing.B) {
	s, _ := ParseStrategies("one,two,correlated,stale,anti", 2, 4096)
	for i := 0; i < b.N; i++ {
		e := MustNew(Config{Bins: 4096, Balls: 4096, Trials: 200, Seed: 20260927, Hot: 1.2, Strategies: s})
		for e.RunTrial() {
		}
	}
}

func BenchmarkPaperTable000AllCores(b *testing.B) {
	s, _ := ParseStrategies("one,two,correlated,stale,anti", 2, 4096)
	cfg := Config{Bins: 4096, Balls: 4096, Trials: 200, Seed: 20260927, Hot: 1.2, Strategies: s}
	for i := 0; i < b.N; i++ {
		if _, err := RunAll(context.Background(), cfg, RunOptions{Workers: runtime.GOMAXPROCS(0), KeepTrials: true}); err != nil {
			b.Fatal(err)
		}
	}
}
