package leasestorm

import (
	"fmt"
	"math"

	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/rng"
)

// event is a droplet's next act at a second: renew, retry or lose its
// lease. Events of one kind come due in the order they were made (each is
// made a fixed time after now), so each kind is a queue, and an event the
// droplet has since overtaken (a lease renewed, an answer come) is
// skipped when it comes due.
type event struct{ d, at int32 }

// events is a queue of events in time order, in a slice that never grows
// past its first capacity: it moves down when it reaches its end.
type events struct {
	q    []event
	head int
}

func (e *events) push(d, at int32) {
	if len(e.q) == cap(e.q) && e.head > 0 {
		n := copy(e.q, e.q[e.head:])
		e.q, e.head = e.q[:n], 0
	}
	e.q = append(e.q, event{d, at})
}

// due pops the next event at or before now.
func (e *events) due(now int32) (event, bool) {
	if e.head == len(e.q) || e.q[e.head].at > now {
		return event{}, false
	}
	e.head++
	return e.q[e.head-1], true
}

// wheel holds each droplet's next renewal, a bucket a second for the
// renewal interval: renewals are made at most RenewMin ahead, so a bucket
// holds only the renewals of one second. A droplet has at most one, kept
// in a list threaded through next.
type wheel struct {
	head []int32 // per bucket, the first droplet, or -1
	next []int32 // per droplet
}

func newWheel(buckets, droplets int) wheel {
	w := wheel{head: make([]int32, buckets), next: make([]int32, droplets)}
	for i := range w.head {
		w.head[i] = -1
	}
	return w
}

func (w *wheel) push(d, at int32) {
	b := int(at) % len(w.head)
	w.next[d], w.head[b] = w.head[b], d
}

// take empties the bucket of second now and returns its first droplet;
// the rest follow through next.
func (w *wheel) take(now int32) int32 {
	b := int(now) % len(w.head)
	d := w.head[b]
	w.head[b] = -1
	return d
}

// request is one in the manager's queue: its droplet and when it was sent.
type request struct{ d, sent int32 }

// ring is the manager's first-come, first-served queue. It grows by
// doubling up to the queue limit.
type ring struct {
	buf        []request
	head, size int
}

func (r *ring) push(q request) {
	if r.size == len(r.buf) {
		grown := make([]request, max(1024, 2*len(r.buf)))
		for i := range r.size {
			grown[i] = r.buf[(r.head+i)%len(r.buf)]
		}
		r.buf, r.head = grown, 0
	}
	r.buf[(r.head+r.size)%len(r.buf)] = q
	r.size++
}

func (r *ring) pop() request {
	q := r.buf[r.head]
	r.head = (r.head + 1) % len(r.buf)
	r.size--
	return q
}

// Engine runs one night a second a step.
type Engine struct {
	cfg Config
	// the run's marks, in seconds
	outStart, outEnd, throttleAt, end int32
	lease, renew, timeout             int32

	// each droplet's state
	waiting    []bool
	lost       []bool
	sent       []int32 // when its latest request was sent
	granted    []int32 // when its lease was granted
	leaseUntil []int32

	renewals          wheel
	retries, expiries events
	src               *rng.Source
	queue             ring
	budget            float64
	throttled         bool
	throttledAt       int // the second the throttle came on, -1 before

	now     int32 // the next second to run
	without int   // droplets without a lease
	waitN   int   // droplets waiting for an answer

	// this minute's counts, and the run's
	minGranted, minWasted, minRefused, minDropped int
	tot                                           Totals
	returnWaiting, returnWithout                  int
	collapsedAt, recoveredAt                      int // minutes, -1 until then
	allLostAt                                     int
	peakQueue                                     int

	series  Series
	moments []engine.Moment
	// start is the config the run began with; switches its switches
	start    Config
	switches engine.Switched
}

// Totals are a run's counts so far.
type Totals struct {
	// Granted is the leases granted to droplets that waited for them;
	// Wasted the requests served whose droplets had given up; Refused
	// those turned away at once (during the outage, over the queue limit
	// or the throttle's cap); Dropped those dropped unserved for their age.
	Granted, Wasted, Refused, Dropped int64 `json:"-"`
	// WastedAfter and ServedAfter count from DynamoDB's return.
	WastedAfter, ServedAfter int64 `json:"-"`
}

// Series are the run's minutes so far, one point each at the minute's end
// (X in minutes from the start of the run).
type Series struct {
	// Goodput is the leases granted a second; WastedRate the requests
	// served a second for droplets that had given up, and Wasted their
	// share of the manager's work; Queue the requests queued; Without the
	// droplets without a lease; Waiting the droplets waiting for an
	// answer; Refused the requests turned away a second.
	Goodput, WastedRate, Wasted, Queue, Without, Waiting, Refused engine.Series
}

// View is the series as a snapshot shares them.
func (s *Series) View() SeriesView {
	return SeriesView{s.Goodput.View(), s.WastedRate.View(), s.Wasted.View(), s.Queue.View(), s.Without.View(), s.Waiting.View(), s.Refused.View()}
}

// SeriesView is the series up to the step a snapshot was taken at.
type SeriesView struct {
	Goodput, WastedRate, Wasted, Queue, Without, Waiting, Refused engine.SeriesView
}

// New builds the night at its first second: every droplet holds a lease,
// and asks to renew it at a random time.
func New(c Config) (*Engine, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	n := c.Droplets
	e := &Engine{cfg: c,
		outStart: int32(60 * LeadMin), outEnd: int32(60 * (LeadMin + c.OutageMin)),
		end:   int32(60 * c.Minutes()),
		lease: int32(60 * c.LeaseMin), renew: int32(60 * c.RenewMin), timeout: int32(c.TimeoutS),
		waiting: make([]bool, n), lost: make([]bool, n), sent: make([]int32, n), granted: make([]int32, n), leaseUntil: make([]int32, n),
		renewals: newWheel(60*c.RenewMin+1, n), retries: events{q: make([]event, 0, 2*n+1)}, expiries: events{q: make([]event, 0, 2*n+1)},
		collapsedAt: -1, recoveredAt: -1, allLostAt: -1, throttleAt: -1, throttledAt: -1,
	}
	if c.Throttle {
		e.throttleAt = e.outEnd + int32(60*c.ThrottleAfterMin)
	}
	switches, err := engine.ParseSwitches(c.Switches, Knobs, c, Unit, float64(e.end))
	if err != nil {
		return nil, err
	}
	e.start, e.switches = c, engine.NewSwitched(switches)
	e.switches.Due(0, e.apply) // the switches at the first second: from the start
	e.start = e.cfg            // a switch at the start is its flag: the run starts with it
	e.src = rng.New(c.Seed)
	// Each droplet's next renewal falls anywhere in the mean renewal
	// delay, as in a fleet renewing steadily; its lease was granted that
	// mean delay before.
	mean := e.renew - e.renew/8
	for d := range n {
		at := 1 + int32(e.src.Random()*float64(mean)) // in [1, mean]
		g := at - mean
		e.granted[d], e.leaseUntil[d] = g, g+e.lease
		e.renewals.push(int32(d), at)
	}
	// The leases run out in the order of their renewals, a fixed time
	// after each: read in the wheel's order, they are the expiries' queue
	// in time order, with no sort.
	for at := int32(1); at <= mean; at++ {
		for d := e.renewals.head[int(at)%len(e.renewals.head)]; d >= 0; d = e.renewals.next[d] {
			e.expiries.q = append(e.expiries.q, event{d, e.leaseUntil[d]})
		}
	}
	return e, nil
}

// renewDelay is how long after a grant its droplet asks to renew: a
// random time in the last quarter of RenewMin, so that renewals do not
// keep the lockstep of the leases granted together after a recovery.
func (e *Engine) renewDelay() int32 {
	return e.renew - int32(e.src.Random()*float64(e.renew)/4)
}

// Config is the run's configuration.
func (e *Engine) Config() Config { return e.cfg }

// Steps is the run's length in seconds.
func (e *Engine) Steps() int64 { return int64(e.end) }

// Done reports whether the run has reached its end.
func (e *Engine) Done() bool { return e.now >= e.end }

// Pos counts seconds.
func (e *Engine) Pos() engine.Pos {
	return engine.Pos{Step: int64(e.now), Steps: int64(e.end), At: float64(e.now), Unit: "s"}
}

// Moments are the run's moments so far.
func (e *Engine) Moments() []engine.Moment { return e.moments[:len(e.moments):len(e.moments)] }

func (e *Engine) mark(caption string, args ...any) {
	e.moments = append(e.moments, engine.Moment{Step: int64(e.now) + 1, At: float64(e.now), Caption: fmt.Sprintf(caption, args...)})
}

// minute is the minute of the run second t falls in.
func minute(t int32) int { return int(t) / 60 }

// Step runs one second: the throttle if it is due, the leases that run
// out, the droplets that ask (to renew, or again after a timeout), and
// the manager's work.
func (e *Engine) Step() bool {
	if e.Done() {
		return false
	}
	now := e.now
	outage := now >= e.outStart && now < e.outEnd
	switch now {
	case e.outStart:
		if e.outEnd > e.outStart {
			e.mark("%s: DynamoDB cannot be reached (the lecture: 11:48 PM); the manager's checks fail, it refuses every request, and leases run out one by one", Clock(minute(now)))
		}
	case e.outEnd:
		e.returnWaiting, e.returnWithout = e.waitN, e.without
		if e.outEnd > e.outStart {
			e.mark("%s: DynamoDB is back (the lecture: 2:25 AM); %s droplets want a lease, %s of them lost theirs, against the %s the manager can serve within their %d s timeout",
				Clock(minute(now)), engine.Digits(int64(e.waitN)), engine.Digits(int64(e.without)), engine.Digits(int64(math.Round(e.cfg.Threshold()))), e.cfg.TimeoutS)
		}
		if e.cfg.Stagger && e.outEnd > e.outStart {
			e.stagger()
		}
	}
	if now == e.throttleAt {
		flushed := e.queue.size
		e.queue.head, e.queue.size = 0, 0
		e.throttled = true
		e.mark("%s: the throttle: at most %s requests in flight, and restarts drop the %s queued (the lecture: 4:14 AM)", Clock(minute(now)), engine.Digits(int64(e.cfg.Cap)), engine.Digits(int64(flushed)))
		e.throttledAt = int(now)
	}
	for ev, ok := e.expiries.due(now); ok; ev, ok = e.expiries.due(now) {
		if e.cfg.RenewExpired && outage {
			continue // renewable: its droplet keeps running until it renews
		}
		if e.leaseUntil[ev.d] == ev.at && !e.lost[ev.d] {
			e.lost[ev.d] = true
			e.without++
		}
	}
	if e.without == e.cfg.Droplets && e.allLostAt < 0 {
		e.allLostAt = minute(now)
		e.mark("%s: every droplet has lost its lease", Clock(minute(now)))
	}
	for d := e.renewals.take(now); d >= 0; d = e.renewals.next[d] {
		e.ask(d, outage)
	}
	for ev, ok := e.retries.due(now); ok; ev, ok = e.retries.due(now) {
		if e.waiting[ev.d] && e.sent[ev.d]+e.timeout == ev.at {
			e.ask(ev.d, outage)
		}
	}
	if !outage {
		e.serve()
	}
	e.peakQueue = max(e.peakQueue, e.queue.size)
	e.now++
	if e.now%60 == 0 || e.now == e.end {
		e.closeMinute()
	}
	e.switches.Due(float64(e.now), e.apply) // those at the next second, before it runs
	return true
}

// stagger spreads the asks of the droplets waiting when DynamoDB returns
// over StaggerMin: each asks again at a random time in it (its next retry
// moved there) instead of within one timeout, all together.
func (e *Engine) stagger() {
	window := float64(60 * e.cfg.StaggerMin)
	for d := range e.waiting {
		if !e.waiting[d] {
			continue
		}
		// Its pending retry is dropped (it no longer matches sent), and
		// its ask waits in the renewals' wheel, which reaches RenewMin
		// ahead (StaggerMin is at most that).
		e.sent[d] = math.MinInt32
		e.renewals.push(int32(d), e.now+1+int32(e.src.Random()*(window-1)))
	}
	e.mark("%s: staggered renewal: the %s droplets waiting ask again at random times over %d minutes, %.1f a second against the manager's %.10g",
		Clock(minute(e.now)), engine.Digits(int64(e.waitN)), e.cfg.StaggerMin, float64(e.waitN)/window, e.cfg.Rate)
}

// ask sends droplet d's request, or has it refused at once.
func (e *Engine) ask(d int32, outage bool) {
	if !e.waiting[d] {
		e.waiting[d] = true
		e.waitN++
	}
	e.sent[d] = e.now
	e.retries.push(d, e.now+e.timeout)
	limit := e.cfg.QueueLimit
	if e.throttled {
		limit = min(limit, e.cfg.Cap)
	}
	if outage || e.queue.size >= limit {
		e.minRefused++
		e.tot.Refused++
		return
	}
	e.queue.push(request{d, e.now})
}

// serve spends a second of the manager's work on its queue, oldest
// request first.
func (e *Engine) serve() {
	e.budget += e.cfg.Rate
	for e.budget >= 1 && e.queue.size > 0 {
		q := e.queue.pop()
		if e.cfg.DropStale && e.now-q.sent >= e.timeout { // its droplet has asked again: drop it unserved
			e.minDropped++
			e.tot.Dropped++
			continue
		}
		e.budget--
		if e.now >= e.outEnd {
			e.tot.ServedAfter++
		}
		if !e.waiting[q.d] || e.sent[q.d] != q.sent { // served too late: the droplet gave up on it
			e.minWasted++
			e.tot.Wasted++
			if e.now >= e.outEnd {
				e.tot.WastedAfter++
			}
			continue
		}
		e.grant(q.d)
	}
	if e.queue.size == 0 {
		e.budget -= float64(int(e.budget)) // idle time is not banked
	}
}

// grant gives droplet d a lease now.
func (e *Engine) grant(d int32) {
	e.waiting[d] = false
	e.waitN--
	if e.lost[d] {
		e.lost[d] = false
		e.without--
	}
	e.granted[d], e.leaseUntil[d] = e.now, e.now+e.lease
	e.renewals.push(d, e.now+e.renewDelay())
	e.expiries.push(d, e.now+e.lease)
	e.minGranted++
	e.tot.Granted++
}

// closeMinute appends the minute just run to the series and marks the
// collapse and the recovery.
func (e *Engine) closeMinute() {
	m := float64(e.now) / 60
	secs := float64(e.now - 60*int32((e.now-1)/60))
	served := e.minGranted + e.minWasted
	goodput := float64(e.minGranted) / secs
	wasted := 0.0
	if served > 0 {
		wasted = float64(e.minWasted) / float64(served)
	}
	s := &e.series
	s.Goodput.Append(engine.Point{X: m, Y: goodput})
	s.WastedRate.Append(engine.Point{X: m, Y: float64(e.minWasted) / secs})
	s.Wasted.Append(engine.Point{X: m, Y: wasted})
	s.Queue.Append(engine.Point{X: m, Y: float64(e.queue.size)})
	s.Without.Append(engine.Point{X: m, Y: float64(e.without)})
	s.Waiting.Append(engine.Point{X: m, Y: float64(e.waitN)})
	s.Refused.Append(engine.Point{X: m, Y: float64(e.minRefused) / secs})
	mm := minute(e.now - 1)
	after := e.now > e.outEnd
	collapsed := served > 0 && goodput < CollapsedShare*e.cfg.Rate
	if after && e.collapsedAt < 0 && e.recoveredAt < 0 && collapsed {
		e.collapsedAt = mm
		e.moments = append(e.moments, engine.Moment{Step: int64(e.now), At: float64(mm * 60), Caption: fmt.Sprintf(
			"%s: goodput falls to zero: %.0f%% of the manager's work is for droplets that have given up, and their retries keep its queue full (the lecture: congestive collapse)",
			Clock(mm), 100*wasted)})
	}
	if after && e.recoveredAt < 0 && !collapsed && e.without == 0 && (e.collapsedAt >= 0 || e.returnWithout > 0) {
		e.recoveredAt = mm
		e.moments = append(e.moments, engine.Moment{Step: int64(e.now), At: float64(mm * 60), Caption: fmt.Sprintf(
			"%s: the manager has recovered: every droplet holds a lease again (the lecture: 5:28 AM)", Clock(mm))})
	}
	e.minGranted, e.minWasted, e.minRefused, e.minDropped = 0, 0, 0, 0
}

// CollapsedShare is the goodput, as a share of the manager's rate, below
// which a minute after the outage counts as collapsed.
const CollapsedShare = 0.05

// Snapshot is the run as it stands: counts, and the series shared up to
// now.
type Snapshot struct {
	Second                  int64
	Without, Waiting, Queue int
	Throttled               bool
	// ThrottledAt is the second the throttle came on, -1 before.
	ThrottledAt              int
	Totals                   Totals
	CollapsedAt, RecoveredAt int
	ReturnWaiting, PeakQueue int
	Series                   SeriesView
	Moments                  []engine.Moment
}

// Snapshot takes the run's state without copying its history.
func (e *Engine) Snapshot() Snapshot {
	return Snapshot{Second: int64(e.now), Without: e.without, Waiting: e.waitN, Queue: e.queue.size, Throttled: e.throttled, ThrottledAt: e.throttledAt,
		Totals: e.tot, CollapsedAt: e.collapsedAt, RecoveredAt: e.recoveredAt, ReturnWaiting: e.returnWaiting, PeakQueue: e.peakQueue,
		Series: e.series.View(), Moments: e.Moments()}
}
