package queue

import (
	"fmt"
	"math"

	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/rng"
)

// Sim is the servers in continuous time, event by event. Arrivals come
// from their own random stream (seed), so that policies run on the same
// seed meet the same arrivals; services from another (seed+1), and the
// servers drawn from a third (seed+2).
// Service times are exponential, so the busy servers share one departure
// clock at their total rate: drawn when it fires, kept when an arrival
// finds its server busy, and raced against a fresh draw at the server's
// speed when one wakes; the server that departs is then any busy one, in
// proportion to its speed (uniformly when all are equal).
type Sim struct {
	cfg           Config
	hotCache      hotCache
	arrivals, own *rng.Doubles
	// choices draws the servers a job looks at and the one that departs:
	// one word a draw (seed+2)
	choices   *rng.Source
	now, next float64 // now, and the next arrival
	// dep is the next departure, drawn at the busy servers' rate after the
	// last event and kept across calls to Advance, so that how a run is cut
	// into calls changes nothing (depValid: drawn since the last event)
	dep      float64
	depValid bool
	lambda   float64 // arrivals a time unit: Load x Capacity
	jobs     []int32 // per server
	// busy is the busy servers of each class (0: speed 1, 1: the slow
	// ones, 2: the gray ones), in any order; where is each server's index
	// in its class's list, -1 when idle
	busy     [3][]int32
	where    []int32
	total    int // jobs in the system
	slowJobs int // jobs at the slow servers
	rr       int
	// credit is each slow server's share of a turn under wrr
	credit []float64
	// Peak EWMA's: each server's cost (its peak-sensitive average
	// response time) and when it was last brought up to date, and the
	// arrival times of the jobs it holds, oldest at head
	ewma, stamp []float64
	fifo        [][]float64
	head        []int32
	// levels: count[i] servers hold i jobs; area[i] is the time-weighted
	// count since the warm-up, brought up to date at last[i]
	count, area, last []float64
	// for JSQ: servers by length (bucket[i]), each server's place in its
	// bucket, and the shortest nonempty length
	bucket [][]int32
	place  []int32
	min    int
	// the board (StaleD's), refreshed at the end of each period, and the
	// jobs sent to each server this period
	board             []int32
	period, periodEnd float64
	sent              []int32
	// looked is the servers the latest arrival looked at, with Trace;
	// chosen the one it joined (-1 before the first)
	looked []int32
	chosen int
	// measures: arrivals since t = 0 and since the warm-up
	arrivedAll, arrived, maxQueue int
	events                        int64
	// jobsArea is the time integral of the jobs in the system since the
	// warm-up, up to jobsAt: the running time average's numerator
	jobsArea, jobsAt          float64
	slowArea                  float64 // the same for the slow servers' jobs
	meanSeries, averageSeries engine.Series
	nextSample                float64
	moments                   []engine.Moment
	reached7, herded          bool
	// interrupt, if set, is asked every interruptEvery servers an arrival
	// looks at; once it says yes the run is abandoned (halted) and its
	// state is not to be read.
	interrupt func() bool
	halted    bool
	// switches are the config's switches, applied as the clock reaches
	// them, and those applied so far
	switches engine.Switched
	// health is the balancer's view of failing servers, for a run with
	// gray servers, ejection or health checks (nil for the others)
	health *health
}

// interruptEvery is how many servers pick looks at between calls of
// interrupt: a few hundred microseconds past the caches.
const interruptEvery = 1 << 14

// New validates the config and starts every server empty at t = 0.
func New(c Config) (*Sim, error) {
	c.Switches = engine.FoldStart(Knobs, &c, c.Switches)
	if err := c.validate(); err != nil {
		return nil, err
	}
	n := c.Servers
	s := &Sim{cfg: c, arrivals: rng.NewDoubles(c.Seed), own: rng.NewDoubles(c.Seed + 1), choices: rng.New(c.Seed + 2),
		jobs: make([]int32, n), where: make([]int32, n), count: []float64{float64(n)}, area: []float64{0}, last: []float64{0}}
	for i := range s.where {
		s.where[i] = -1
	}
	s.chosen = -1
	if c.Trace {
		s.looked = make([]int32, 0, max(1, c.D))
	}
	if s.period = c.Window; s.period > 0 {
		s.sent, s.periodEnd = make([]int32, n), s.period
	}
	policies[c.Policy].build(s)
	s.lambda = c.Load * c.Capacity()
	s.next = s.arrivals.ExpoVariate(s.lambda)
	s.switches = engine.NewSwitched(c.Switches)
	if c.Gray > 0 || c.Health.active() {
		s.health = newHealth(c)
		s.setPanic()
	}
	return s, nil
}

// StepTime is the simulated time one Step runs.
const StepTime = 0.5

// Step runs StepTime of simulated time (less at the end) and reports
// whether it did.
func (s *Sim) Step() bool {
	if s.Done() {
		return false
	}
	s.Advance(min(s.now+StepTime, s.cfg.Time))
	return true
}

// StepArrival runs to the next arrival and through it, or to Time when
// the run ends first, and reports whether it ran: a step a job.
func (s *Sim) StepArrival() bool {
	if s.Done() {
		return false
	}
	to := s.next
	if s.cfg.Time > 0 {
		to = min(to, s.cfg.Time)
	}
	s.Advance(to)
	return true
}

// Done reports whether the run reached its Time.
func (s *Sim) Done() bool { return s.cfg.Time > 0 && s.now >= s.cfg.Time }

// Pos counts steps of StepTime, and gives the time.
func (s *Sim) Pos() engine.Pos {
	return engine.Pos{Step: int64(math.Ceil(s.now / StepTime)), Steps: int64(math.Ceil(s.cfg.Time / StepTime)), At: s.now, Unit: "time units"}
}

// Advance runs events until time t.
func (s *Sim) Advance(t float64) {
	for {
		if !s.depValid {
			s.dep = math.Inf(1)
			if rate := s.busyRate(); rate > 0 {
				s.dep = s.now + s.own.ExpoVariate(rate)
			}
			s.depValid = true
		}
		dep := s.dep
		at := min(dep, s.next)
		if due, ok := s.switches.Next(); ok && due <= t && due <= at {
			s.settle(due)
			s.switches.Due(due, s.apply)
			continue
		}
		if at > t {
			s.settle(t)
			return
		}
		s.settle(at)
		s.events++
		if s.next <= dep {
			woke := s.arrive()
			if s.halted {
				return
			}
			s.next += s.arrivals.ExpoVariate(s.lambda)
			if woke >= 0 { // a server woke: the first of the old clock and its own
				s.dep = min(s.dep, s.now+s.own.ExpoVariate(s.cfg.speed(woke)))
			} // else the same servers are busy, and their clock runs on (memoryless)
		} else {
			s.depart(s.departing())
			s.depValid = false // it fired: a new one at the new rate
		}
	}
}

// settle moves the clock to t, ending periods (refreshing the board) and
// sampling the mean on the way. A period ends once the clock passes its
// end, so that a run stopped at the end shows the period just ended.
func (s *Sim) settle(t float64) {
	for s.sent != nil && s.periodEnd < t {
		s.now = s.periodEnd
		if s.board != nil {
			copy(s.board, s.jobs)
		}
		clear(s.sent)
		s.periodEnd += s.period
	}
	n := float64(s.cfg.Servers)
	for s.nextSample <= t {
		x := s.nextSample
		s.meanSeries.Append(engine.Point{X: x, Y: float64(s.total) / n})
		if x > s.cfg.Warmup {
			s.averageSeries.Append(engine.Point{X: x, Y: s.jobsAreaAt(x) / (n * (x - s.cfg.Warmup))})
		}
		s.nextSample += 1
	}
	if from := max(s.jobsAt, s.cfg.Warmup); t > from {
		s.slowArea += float64(s.slowJobs) * (t - from)
	}
	if h := s.health; h != nil {
		from := max(s.jobsAt, s.cfg.Warmup)
		for s.cfg.Eject && h.next <= t {
			if h.panicking && h.next > from {
				h.panicTime += h.next - from
			}
			from = max(from, h.next)
			s.now = h.next
			s.intervalEnd()
			h.next += s.cfg.Interval
		}
		if h.panicking && t > from {
			h.panicTime += t - from
		}
	}
	s.jobsArea, s.jobsAt = s.jobsAreaAt(t), t
	s.now = t
}

// busyRate is the busy servers' total speed: the departure clock's rate.
func (s *Sim) busyRate() float64 {
	fast := float64(len(s.busy[0]))
	if len(s.busy[1]) == 0 && len(s.busy[2]) == 0 {
		return fast
	}
	return fast + s.cfg.SlowSpeed*float64(len(s.busy[1])) + s.cfg.GraySpeed*float64(len(s.busy[2]))
}

// departing is the busy server the departure clock fired for: any one,
// in proportion to its speed.
func (s *Sim) departing() int {
	fast := s.busy[0]
	if len(s.busy[1]) == 0 && len(s.busy[2]) == 0 {
		return int(fast[s.choose(len(fast))])
	}
	slowRate, grayRate := s.cfg.SlowSpeed*float64(len(s.busy[1])), s.cfg.GraySpeed*float64(len(s.busy[2]))
	x := float64(s.choices.Uint32()) / (1 << 32) * (float64(len(fast)) + slowRate + grayRate)
	list := fast
	switch {
	case x < slowRate:
		list = s.busy[1]
	case x < slowRate+grayRate:
		list = s.busy[2]
	case len(fast) == 0: // rounding at the top: the last class that has any
		list = s.busy[2]
		if len(list) == 0 {
			list = s.busy[1]
		}
	}
	return int(list[s.choose(len(list))])
}

// class is server k's class: 1 for a slow server (the first Slow), 2 for
// a gray one (the last Gray), 0 for the others.
func (s *Sim) class(k int) int {
	switch {
	case k < s.cfg.Slow:
		return 1
	case k >= s.cfg.Servers-s.cfg.Gray:
		return 2
	}
	return 0
}

// jobsAreaAt is the time integral of the jobs in the system from the
// warm-up to x, for an x not before jobsAt and not past the next event.
func (s *Sim) jobsAreaAt(x float64) float64 {
	if from := max(s.jobsAt, s.cfg.Warmup); x > from {
		return s.jobsArea + float64(s.total)*(x-from)
	}
	return s.jobsArea
}

// choose is a uniform int in [0, n) from one 32-bit word (a multiply and a
// shift; the bias, under n / 2^32, is far below what a run can see).
func (s *Sim) choose(n int) int { return int(uint64(s.choices.Uint32()) * uint64(n) >> 32) }

// pick is the server the policy sends a job to.
func (s *Sim) pick() int { return policies[s.cfg.Policy].pick(s) }

// look notes a server the arrival looks at, with Trace.
func (s *Sim) look(k int) {
	if s.looked != nil {
		s.looked = append(s.looked, int32(k))
	}
}

// arrive sends the arriving job to its server and reports the class of
// the server it woke, or -1 when the server was busy.
func (s *Sim) arrive() int {
	if s.now >= s.cfg.Warmup {
		s.arrived++
	}
	s.arrivedAll++
	if s.looked != nil {
		s.looked = s.looked[:0]
	}
	k := s.pick()
	if s.looked != nil && len(s.looked) == 0 { // a policy that draws no candidates
		s.look(k)
	}
	s.chosen = k
	q := int(s.jobs[k])
	s.move(k, q, q+1)
	woke, class := -1, s.class(k)
	if q == 0 {
		woke = class
		s.where[k] = int32(len(s.busy[class]))
		s.busy[class] = append(s.busy[class], int32(k))
	}
	s.total++
	if class == 1 {
		s.slowJobs++
	}
	if s.fifo != nil {
		s.fifo[k] = append(s.fifo[k], s.now)
	}
	if q+1 >= 7 && !s.reached7 {
		s.reached7 = true
		s.note("a queue reaches 7 jobs for the first time (server %d); the mean is %.2f a server", k, float64(s.total)/float64(s.cfg.Servers))
	}
	if s.sent != nil {
		s.sent[k]++
		if s.board != nil && s.sent[k] == HerdJobs && !s.herded {
			s.herded = true
			s.note("the herd: server %d showed %d jobs on the board and got %d jobs in one board period; it holds %d",
				k, s.board[k], HerdJobs, s.jobs[k])
		}
	}
	if s.now >= s.cfg.Warmup {
		s.maxQueue = max(s.maxQueue, q+1)
	}
	return woke
}

func (s *Sim) depart(k int) {
	q := int(s.jobs[k])
	s.move(k, q, q-1)
	class := s.class(k)
	if q == 1 { // idle now: out of the busy list
		busy := s.busy[class]
		i := s.where[k]
		last := busy[len(busy)-1]
		busy[i], s.where[last] = last, i
		s.busy[class] = busy[:len(busy)-1]
		s.where[k] = -1
	}
	s.total--
	if class == 1 {
		s.slowJobs--
	}
	if s.fifo != nil {
		s.observe(k, s.now-s.popArrival(k))
	}
	s.served(k)
}

// move takes server k from q to r jobs, keeping the levels and, for JSQ,
// the buckets.
func (s *Sim) move(k, q, r int) {
	if r >= len(s.count) {
		s.count, s.area, s.last = append(s.count, 0), append(s.area, 0), append(s.last, s.now)
	}
	s.accrue(q)
	s.accrue(r)
	s.count[q]--
	s.count[r]++
	s.jobs[k] = int32(r)
	if s.bucket != nil {
		b := s.bucket[q] // out of bucket q
		i, last := s.place[k], b[len(b)-1]
		b[i], s.place[last] = last, i
		s.bucket[q] = b[:len(b)-1]
		for r >= len(s.bucket) {
			s.bucket = append(s.bucket, nil)
		}
		s.place[k] = int32(len(s.bucket[r]))
		s.bucket[r] = append(s.bucket[r], int32(k))
		if r < s.min {
			s.min = r
		}
		for len(s.bucket[s.min]) == 0 {
			s.min++
		}
	}
}

// accrue brings level i's time-weighted count up to now.
func (s *Sim) accrue(i int) {
	s.area[i] = s.areaNow(i)
	s.last[i] = s.now
}

// areaNow is level i's time-weighted count up to now, counting only time
// after the warm-up, without writing it: reading a run's figures midway
// leaves its sums as they would be unread.
func (s *Sim) areaNow(i int) float64 {
	from := max(s.last[i], s.cfg.Warmup)
	if s.now > from {
		return s.area[i] + s.count[i]*(s.now-from)
	}
	return s.area[i]
}

func (s *Sim) note(format string, args ...any) {
	s.moments = append(s.moments, engine.Moment{Step: s.events, Caption: fmt.Sprintf("t %.1f: ", s.now) + fmt.Sprintf(format, args...)})
}
