package queue

import (
	"math"
	"reflect"
	"slices"
	"testing"
)

func run(t testing.TB, c Config, until float64) Result {
	s, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	s.Advance(until)
	return s.Result()
}

// the supermarket excerpt's claims at n = 1000 and 90 % load, measured over 3,000 time units
// after 500 of warm-up. Two choices: every fraction up to 6 jobs within
// half a point of the mean-field value (the finite-n bias is O(1/n) and
// the sampling error of a fraction averaged over 1000 servers and 3000
// units is under 0.1 point), and the mean within 2 % of 2.3527. Random:
// the mean within 4 % of 9 (an M/M/1 queue at 0.9 relaxes slowly: over
// 3000 units its time average over 1000 servers has a standard deviation
// near 1.2 %).
func TestSupermarketClaims(t *testing.T) {
	two := run(t, Config{Servers: 1000, Load: 0.9, Policy: JSQD, D: 2, Seed: 425, Warmup: 500}, 3500)
	for i := 0; i <= 6; i++ {
		if got, want := two.Fractions[i], two.Theory.Fractions[i]; math.Abs(got-want) > 0.005 {
			t.Errorf("jsq-2: %.4f of servers hold %d jobs, mean field %.4f", got, i, want)
		}
	}
	if math.Abs(two.MeanQueue-2.3527)/2.3527 > 0.02 {
		t.Errorf("jsq-2 mean queue %.4f, mean field 2.3527", two.MeanQueue)
	}
	one := run(t, Config{Servers: 1000, Load: 0.9, Policy: Random, Seed: 425, Warmup: 500}, 3500)
	if math.Abs(one.MeanQueue-9)/9 > 0.04 {
		t.Errorf("random mean queue %.3f, theory 9", one.MeanQueue)
	}
	// about 10 % idle in both; over half at 2 or 3 jobs with two choices;
	// 7 or more almost never with two, nearly half with random
	for name, r := range map[string]Result{"jsq-2": two, "random": one} {
		if math.Abs(r.Fractions[0]-0.1) > 0.01 {
			t.Errorf("%s: %.3f idle, want about 0.10", name, r.Fractions[0])
		}
	}
	if two.Fractions[2]+two.Fractions[3] <= 0.5 {
		t.Errorf("jsq-2: %.3f at 2 or 3 jobs, want over half", two.Fractions[2]+two.Fractions[3])
	}
	if two.Tail[7] > 0.001 || one.Tail[7] < 0.4 || one.Tail[7] > 0.55 {
		t.Errorf("7 or more: jsq-2 %.5f (want almost none), random %.3f (want nearly half, 0.9^7 = 0.478)", two.Tail[7], one.Tail[7])
	}
}

// How a run is cut into Advance calls changes nothing.
func TestAdvanceInPieces(t *testing.T) {
	c := Config{Servers: 50, Load: 0.9, Policy: StaleD, D: 2, Refresh: 3, Seed: 7, Warmup: 10}
	whole := run(t, c, 200)
	s, _ := New(c)
	for x := 0.37; x < 200; x += 0.37 {
		s.Advance(x)
	}
	s.Advance(200)
	if got := s.Result(); got.MeanQueue != whole.MeanQueue || got.Events != whole.Events {
		t.Errorf("in pieces: mean %v after %d events; whole: %v after %d", got.MeanQueue, got.Events, whole.MeanQueue, whole.Events)
	}
}

// Reading a run's figures at every step, as a lab does, leaves it on the
// figures of a run read only at its end, to the bit: the screen's final
// figures are the report's.
func TestReadingChangesNothing(t *testing.T) {
	c := Config{Servers: 200, Load: 0.9, Policy: JSQD, D: 2, Seed: 11, Warmup: 20, Time: 120}
	unread := run(t, c, c.Time)
	s, _ := New(c)
	for s.Step() {
		s.Result()
	}
	if read := s.Result(); !reflect.DeepEqual(read, unread) {
		t.Errorf("read at every step: mean %v, shares %v; read once: %v, %v", read.MeanQueue, read.Fractions, unread.MeanQueue, unread.Fractions)
	}
}

// The running time average drawn over a run ends on the run's mean queue
// (two sums of the same integral, equal to rounding).
func TestAverageSeriesEndsOnTheMeanQueue(t *testing.T) {
	const rounding = 1e-12
	c := Config{Servers: 300, Load: 0.9, Policy: Random, Seed: 4, Warmup: 30, Time: 200}
	s, _ := New(c)
	for s.Step() {
	}
	last, _ := s.AverageSeries().Last()
	first := s.AverageSeries().At(0)
	if mean := s.Result().MeanQueue; last.X != c.Time || math.Abs(last.Y-mean) > rounding*mean {
		t.Errorf("the average series ends at (%v, %v), the run's mean queue is %v at %v", last.X, last.Y, mean, c.Time)
	}
	if first.X != c.Warmup+1 {
		t.Errorf("the average series starts at %v, want the first time unit past the warm-up (%v)", first.X, c.Warmup+1)
	}
}

// JSQ always joins a shortest queue, so no two queues ever differ by more
// than one job from the shortest when the system starts empty... at least
// its max queue stays tiny at 90 % load; round robin sits between random
// and JSQ.
func TestPoliciesOrder(t *testing.T) {
	c := Config{Servers: 200, Load: 0.9, Seed: 3, Warmup: 200, D: 2}
	mean := map[Policy]float64{}
	for _, p := range []Policy{Random, RoundRobin, JSQD, JSQ} {
		c.Policy = p
		mean[p] = run(t, c, 1200).MeanQueue
	}
	if !(mean[JSQ] < mean[JSQD] && mean[JSQD] < mean[RoundRobin] && mean[RoundRobin] < mean[Random]) {
		t.Errorf("mean queues %v: want jsq < jsq-d < round-robin < random", mean)
	}
}

// A stale board herds: with a long refresh, two choices on old loads do
// worse than fresh ones, and a server gets a herd of jobs in one period.
func TestStaleBoardHerds(t *testing.T) {
	fresh := run(t, Config{Servers: 500, Load: 0.9, Policy: JSQD, D: 2, Seed: 5, Warmup: 100}, 600)
	s, _ := New(Config{Servers: 500, Load: 0.9, Policy: StaleD, D: 2, Refresh: 10, Seed: 5, Warmup: 100})
	s.Advance(600)
	stale := s.Result()
	if stale.MeanQueue <= fresh.MeanQueue*1.2 {
		t.Errorf("stale board mean %.3f, fresh %.3f: want the stale one clearly worse", stale.MeanQueue, fresh.MeanQueue)
	}
	if !s.herded {
		t.Error("no herd moment on a board refreshed every 10 units")
	}
}

// Beside a stale board both runs count the jobs sent to each server over
// the board's periods. A server's queue now is what the board showed plus
// what it was sent less what it served. The stale board sends its hottest
// server over twice a fair share (load x the period so far), and more
// than fresh choices send theirs; it sends the servers it showed idle
// several times what it sends those it showed at 8 or more.
func TestSentOverBoardPeriods(t *testing.T) {
	spec := DefaultSpec()
	spec.Policy, spec.Against, spec.Refresh, spec.Time, spec.Warmup = "stale-d", "jsq-d", 5, 300, 50
	cs, err := spec.Configs()
	if err != nil {
		t.Fatal(err)
	}
	hottest := make([]int32, 2)
	for i, c := range cs {
		s, _ := New(c)
		s.Advance(105) // a run stopped at a period's end shows that period
		if s.PeriodStart() != 100 {
			t.Fatalf("%v: the period began at %v, want 100", c.Policy, s.PeriodStart())
		}
		var sent, servers [2]float64 // showed idle, showed 8 or more
		for k, n := range s.Sent() {
			hottest[i] = max(hottest[i], n)
			if s.Board() == nil {
				continue
			}
			if s.Jobs()[k] > s.Board()[k]+n {
				t.Fatalf("server %d holds %d, more than the board's %d and the %d sent", k, s.Jobs()[k], s.Board()[k], n)
			}
			if b := s.Board()[k]; b == 0 || b >= 8 {
				j := min(1, int(b))
				sent[j], servers[j] = sent[j]+float64(n), servers[j]+1
			}
		}
		if idle, long := sent[0]/servers[0], sent[1]/servers[1]; s.Board() != nil && idle < 4*long {
			t.Errorf("the board sent %.2f jobs a server it showed idle, %.2f a server it showed at 8+: want a herd on the idle", idle, long)
		}
	}
	if fair := 0.9 * 5; float64(hottest[0]) < 2*fair || hottest[0] <= hottest[1] {
		t.Errorf("hottest servers: stale %d, fresh %d jobs in a period of 5; want stale over twice the fair %.1f and above fresh", hottest[0], hottest[1], fair)
	}
	if fresh, _ := New(Config{Servers: 10, Load: 0.5, Policy: JSQD, D: 2}); fresh.Sent() != nil {
		t.Error("a run without a stale board or a window counts jobs sent")
	}
}

// Stepped a job at a time, a traced run shows each arrival's looks: d
// servers for jsq-d, the one joined among them and no longer than any
// other looked at before the job joined; and it ends on the figures of
// the run advanced in one go.
func TestStepArrival(t *testing.T) {
	c := Config{Servers: 10, Load: 0.9, Policy: JSQD, D: 2, Seed: 8, Warmup: 0, Time: 30, Trace: true}
	s, _ := New(c)
	steps := 0
	for s.StepArrival() {
		steps++
		if s.Done() && s.Arrivals() < steps {
			break // the last step runs to the end, past the last arrival
		}
		if s.Arrivals() != steps {
			t.Fatalf("step %d: %d arrivals", steps, s.Arrivals())
		}
		looked, k := s.Looked(), s.Chosen()
		if len(looked) != c.D || !slices.Contains(looked, int32(k)) {
			t.Fatalf("step %d: looked at %v, joined %d", steps, looked, k)
		}
		for _, o := range looked {
			if before := s.Jobs()[k] - 1; int(o) != k && s.Jobs()[o] < before {
				t.Fatalf("step %d: joined %d holding %d, looked at %d holding %d", steps, k, before, o, s.Jobs()[o])
			}
		}
	}
	if want := 0.9 * 10 * 30; math.Abs(float64(steps)-want) > 4*math.Sqrt(want) {
		t.Errorf("%d steps, want about %v arrivals", steps, want)
	}
	c.Trace = false
	if whole := run(t, c, c.Time); !reflect.DeepEqual(s.Result(), whole) {
		t.Errorf("stepped a job at a time: mean %v; in one go %v", s.Result().MeanQueue, whole.MeanQueue)
	}
}

func BenchmarkEvents(b *testing.B) {
	for _, p := range []Policy{Random, JSQD} {
		b.Run(p.String(), func(b *testing.B) {
			s, _ := New(Config{Servers: 1000, Load: 0.9, Policy: p, D: 2, Seed: 1, Warmup: 0})
			s.Advance(100) // past the empty start
			start := s.events
			b.ResetTimer()
			for i := 0; s.events-start < int64(b.N); i++ {
				s.Advance(s.now + 10)
			}
			b.ReportMetric(float64(s.events-start)/b.Elapsed().Seconds()/1e6, "Mevents/s")
		})
	}
}
