package cascade

import (
	"math"
	"slices"

	"github.com/loadlab/loadlab/sim/engine"

	"github.com/loadlab/loadlab/sim/rng"
)

// The layers, in the order the reference program walks them.
const (
	apiLayer = iota
	svcLayer
	dbLayer
	auxLayer
)

// request is one user request and its current attempt.
type request struct {
	rid      int
	born     float64
	waitFrom float64
	trial    int32   // the breaker's half-open spell that let this call out as a trial (0: none)
	busyAt   int32   // 1 + its index in that layer's busy list (0: not busy)
	retries  int8    // at most MaxRetries, 100
	dep      int8    // 0: calls the database, 1: calls aux
	stage    int8    // 0 api, 1 svc, 2 db or aux
	high     bool    // high priority
	cb       bool    // the current downstream call reports to the breaker
	in       bool    // in the system: not ended, and not waiting to retry
	busyIn   int8    // the layer serving it, if busyAt > 0
	limited  bool    // its database call holds a limiter permit, taken at reqs.dbAt(rid)
	held     [4]int8 // per layer, 1 + the pool of a slot it holds (0: none)
	// tries counts the retries of the current call at svc (1) and at the
	// database (2), with retries at every layer
	tries [3]int8
	// 48 bytes, as at 8ddec65: every request keeps its slot for the run
}

// retry is an attempt waiting for its time; seq is its place in the order
// the retries were scheduled.
type retry struct {
	at  float64
	rid int
	seq int
}

// Before orders the retries waiting for their time by it: a min-heap
// (engine.Heap), so that a tick takes the due ones from the top in O(log
// n) each, however many wait far in the future (a long backoff under a
// large backlog).
func (r retry) Before(o retry) bool { return r.at < o.at }

// born is when a request arrived, for the client's give-up.
type bornAt struct {
	at  float64
	rid int
}

// Engine runs one Config tick by tick.
type Engine struct {
	cfg      Config
	src      *rng.Doubles // service times and backoff
	arrivals *rng.Doubles // arrivals: src itself unless paired
	layers   [4]*layer
	reqs     requests
	retries  engine.Heap[retry]
	retrySeq int // retries scheduled so far
	born     []bornAt
	bornHead int
	breaker  breaker
	// budget is the retry budget's window when no breaker runs.
	budget   errWindow
	tick     int
	ticks    int
	now      float64
	nextRID  int
	shedding bool
	stats    stats
	due      []retry // scratch for the retries of a tick
	// poissonL is exp(-poissonLam), the last threshold poisson used.
	poissonLam, poissonL float64
	moments              moments
	series               series
	journey              journey
	// interrupt, if set, is asked every checkEvery requests or queue
	// entries a long loop handles; once it says yes the run is abandoned
	// (halted): the loops return early and the state is not to be read.
	interrupt func() bool
	halted    bool
	// switches are the config's switches, handed out as the ticks reach
	// them, and those applied so far
	switches engine.Switched
	// limiter, throttle and retryCap are the adaptive limit, client-side
	// throttling's window of requests and accepts, and the retry cap's of
	// requests and retries
	limiter            limiter
	throttle, retryCap window
}

// checkEvery is how many requests or queue entries a loop handles between
// calls of interrupt: well under a millisecond.
const checkEvery = 1 << 12

// stopped asks interrupt, and remembers a yes.
func (e *Engine) stopped() bool {
	if !e.halted && e.interrupt != nil && e.interrupt() {
		e.halted = true
	}
	return e.halted
}

// stats are the running counts of a run.
type stats struct {
	arrived, attempts, ok, failed, depCalls, fastFail, good, shed int
	// the database calls sent and answered ok; those refused at svc by
	// the throttle and by the limit; the retries at svc and api, and the
	// client's
	dbSent, dbAccepted, throttled, limitRejected, layerRetries, clientRetries, capRefused int
	lat                                                                                   []float64
	// latTicks[k] counts the successes that took k ticks: latencies are
	// whole ticks, so the run's p95 so far is read off it exactly.
	latTicks []int
	prio     [2][2]int // [high, low][ok, total]
	class    [2][2]int // [db, aux][ok, total]
	samples  []Sample
}

// NewFollowing is New, following one request's journey (see Journey).
func NewFollowing(cfg Config, f Follow) (*Engine, error) {
	e, err := New(cfg)
	if err == nil {
		e.journey.want = &f
	}
	return e, err
}

// New validates cfg and returns an engine at t = 0.
func New(cfg Config) (*Engine, error) {
	cfg.Switches = engine.FoldStart(Knobs, &cfg, cfg.Switches)
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	e := &Engine{cfg: cfg, src: rng.NewDoubles(cfg.Seed)}
	e.arrivals = e.src
	if cfg.Arrivals == "paired" {
		e.arrivals, e.src = e.src, rng.NewDoubles(cfg.Seed+1)
	}
	e.journey.rid = -1
	e.breaker.cfg = &e.cfg
	e.switches = engine.NewSwitched(cfg.Switches)
	e.limiter = newLimiter(cfg.Limiter)
	e.throttle, e.retryCap = newWindow(cfg.ThrottleWindow), newWindow(cfg.RetryCapWindow)
	svc := []int{cfg.SvcSlots}
	if cfg.Bulkhead {
		svc = []int{cfg.BulkheadDB, cfg.BulkheadAux}
	}
	e.layers = [4]*layer{newLayer(apiLayer, []int{cfg.APISlots}), newLayer(svcLayer, svc),
		newLayer(dbLayer, []int{cfg.DBSlots}), newLayer(auxLayer, []int{cfg.AuxSlots})}
	e.ticks = int(cfg.Duration / cfg.DT)
	// Size the per-request tables for the arrivals expected, so that they
	// rarely grow.
	surge := max(0, min(cfg.SurgeEnd, cfg.Duration)-cfg.SurgeAt) * (cfg.SurgeX - 1)
	expected := min(int(cfg.Rate*(cfg.Duration+max(surge, 0))*1.1)+1024, 1<<24)
	e.born = make([]bornAt, 0, min(expected, 1<<16))
	e.stats.lat = make([]float64, 0, min(expected, 1<<20))
	e.switches.Due(0, e.apply) // the switches at t = 0: from the start
	return e, nil
}

// Done reports whether the run reached its end.
func (e *Engine) Done() bool { return e.tick > e.ticks }

// Pos is the tick, of the run's ticks and the closing sample, and its
// time in seconds.
func (e *Engine) Pos() engine.Pos {
	return engine.Pos{Step: int64(e.tick), Steps: int64(e.ticks) + 1, At: float64(min(e.tick, e.ticks)) * e.cfg.DT, Unit: "s"}
}

// Step runs one tick and reports whether it did; the step after the last
// tick takes the final sample.
func (e *Engine) Step() bool {
	switch {
	case e.tick > e.ticks:
		return false
	case e.tick == e.ticks:
		e.sample()
		e.tick++
		return true
	}
	k := e.tick
	e.now = float64(k) * e.cfg.DT
	e.breaker.tick(e.now)
	for i := range e.poisson(e.rateNow() * e.cfg.DT) {
		if i%checkEvery == checkEvery-1 && e.stopped() {
			return true
		}
		high := e.arrivals.Random() < e.cfg.PrioHigh
		dep := 1
		if e.arrivals.Random() < e.cfg.DepProb {
			dep = 0
		}
		e.admit(high, dep)
	}
	if len(e.retries) > 0 && e.retries[0].at <= e.now {
		// The due retries, in the order they were scheduled (as the
		// reference walks its list).
		due := e.due[:0]
		for len(e.retries) > 0 && e.retries[0].at <= e.now {
			due = append(due, e.retries.Pop())
		}
		slices.SortFunc(due, func(a, b retry) int { return a.seq - b.seq })
		e.due = due
		for i, d := range due { // a retry is a whole new attempt from the entry
			if i%checkEvery == checkEvery-1 && e.stopped() {
				return true
			}
			r := e.reqs.at(d.rid)
			e.stats.attempts++
			if e.followed(r) {
				e.trace(r, "retries from the entry (attempt %d)", r.retries+1)
			}
			e.reqs.put(r)
			r.stage, r.waitFrom = 0, e.now
			e.enter(r, 0)
		}
	}
	for stage := range 3 {
		e.advance(stage)
	}
	e.checkTimeouts()
	if len(e.breaker.log) > e.series.transitions {
		e.recordTransitions()
	}
	if k%e.cfg.SampleEvery == 0 {
		e.sample()
	}
	e.noteMoments()
	if k%seriesEvery == 0 {
		e.record()
	}
	e.tick++
	e.switches.Due((float64(k)+0.5)*e.cfg.DT, e.apply) // those at this tick's time, from the next on
	return true
}

// poisson draws the arrivals of a tick as the reference does: Knuth's
// product of uniforms below 30, a rounded normal above.
func (e *Engine) poisson(lam float64) int {
	if lam <= 0 {
		return 0
	}
	if lam > 30 {
		return max(0, int(e.arrivals.Gauss(lam, math.Sqrt(lam))))
	}
	if lam != e.poissonLam { // the rate changes rarely: spare a call into C
		e.poissonLam, e.poissonL = lam, rng.Exp(-lam)
	}
	l, k, p := e.poissonL, 0, 1.0
	for {
		k++
		p *= e.arrivals.Random()
		if p <= l {
			return k - 1
		}
	}
}

func (e *Engine) rateNow() float64 {
	if e.cfg.SurgeAt <= e.now && e.now < e.cfg.SurgeEnd {
		return e.cfg.Rate * e.cfg.SurgeX
	}
	return e.cfg.Rate * 1.0
}

func (e *Engine) serviceMs(name int) float64 {
	mean := [4]float64{e.cfg.APIMs, e.cfg.SvcMs, e.cfg.DBMs, e.cfg.AuxMs}[name]
	if name == dbLayer && e.now >= e.cfg.DegradeAt {
		mean *= e.cfg.DBSlowdown
	}
	return e.src.ExpoVariate(1.0 / mean)
}

func (e *Engine) waitLimit() float64 {
	if e.cfg.Tuned {
		return e.cfg.TunedWait
	}
	return e.cfg.DefaultWait
}

// layerOf is the layer a request's stage runs on.
func (e *Engine) layerOf(stage int, r *request) *layer {
	if stage < 2 {
		return e.layers[stage]
	}
	return e.layers[dbLayer+int(r.dep)]
}

// poolOf is the pool of a stage: svc's bulkhead pool of the dependency.
func (e *Engine) poolOf(stage int, r *request) int {
	if e.cfg.Bulkhead && stage == 1 {
		return int(r.dep)
	}
	return 0
}

func (e *Engine) admit(high bool, dep int) {
	s := &e.stats
	s.arrived++
	s.attempts++
	if e.cfg.RetryCap {
		e.retryCap.add(e.now, 0)
	}
	p := prioIndex(high)
	s.prio[p][1]++
	s.class[dep][1]++
	r := e.reqs.add(e.nextRID)
	*r = request{rid: e.nextRID, high: high, dep: int8(dep), born: e.now, waitFrom: e.now}
	e.nextRID++
	e.followArrival(r)
	e.born = append(e.born, bornAt{e.now, r.rid})
	if e.cfg.Shed {
		q := e.layers[apiLayer].queue.len()
		if e.shedding && q <= e.cfg.ShedLow {
			e.shedding = false
		} else if q > e.cfg.ShedHigh {
			e.shedding = true
		}
		if e.shedding && !high { // under overload, low priority goes first
			s.failed++
			s.shed++
			if e.followed(r) {
				e.trace(r, "is shed at the door: the api queue is over %d", e.cfg.ShedHigh)
			}
			return
		}
	}
	e.reqs.put(r)
	e.enter(r, 0)
}

func prioIndex(high bool) int {
	if high {
		return 0
	}
	return 1
}

func (e *Engine) enter(r *request, stage int) {
	if stage == 2 && r.dep == 0 && !e.guard(r) {
		return
	}
	if stage == 2 && r.dep == 0 && e.cfg.Breaker {
		ok, trial := e.breaker.allow(e.now)
		if !ok {
			e.stats.fastFail++ // the breaker is open: fail at once, spare the database
			if e.followed(r) {
				e.trace(r, "fails fast: the breaker is %s", e.breaker.state)
			}
			e.callFailed(r, 2)
			return
		}
		r.trial = trial
		if trial != 0 && e.followed(r) {
			e.trace(r, "goes to the db as the half-open breaker's trial call %d of %d", e.breaker.cfg.BreakerTrials-e.breaker.trials, e.cfg.BreakerTrials)
		}
	}
	if stage == 2 {
		e.stats.depCalls++
		r.cb = e.cfg.Breaker || e.cfg.Budget
		if r.dep == 0 {
			e.stats.dbSent++
		}
	}
	l := e.layerOf(stage, r)
	pool := e.poolOf(stage, r)
	r.stage, r.waitFrom = int8(stage), e.now
	if l.free(pool) > 0 {
		ms := e.serviceMs(l.name)
		l.putBusy(r, pool, ms)
		if e.followed(r) {
			e.trace(r, "gets a slot at %s at once (service %.1f ms, due to end in the tick at %.2f s)", LayerNames[l.name], ms, e.serviceEnd(ms, true))
		}
	} else {
		l.queue.push(r.rid, e.now)
		if e.followed(r) {
			e.trace(r, "queues at %s: all %d slots taken", LayerNames[l.name], l.sizes[pool])
		}
	}
}

// names are the layers of a stage.
func names(stage int) []int {
	switch stage {
	case 0:
		return []int{apiLayer}
	case 1:
		return []int{svcLayer}
	}
	return []int{dbLayer, auxLayer}
}

// dispatch gives free slots to the first waiting requests that fit, looking
// at most Scan entries from each queue's head.
func (e *Engine) dispatch(stage int) {
	for _, name := range names(stage) {
		l := e.layers[name]
		for l.queue.len() > 0 && e.reqs.get(l.queue.at(0)) == nil {
			l.queue.popFront() // lazy deletion: drop requests that ended
		}
		for l.anyFree() { // a scan with every pool full can pick nothing
			pick := -1
			for i, q := range l.queue.items() {
				if i >= e.cfg.Scan {
					break
				}
				if i%checkEvery == checkEvery-1 && e.stopped() {
					return
				}
				rid := q.rid
				r := e.reqs.get(rid)
				if r == nil || int(r.stage) != stage || (stage == 2 && dbLayer+int(r.dep) != name) {
					continue
				}
				if l.free(e.poolOf(stage, r)) > 0 {
					pick = rid
					break
				}
			}
			if pick < 0 {
				break
			}
			l.queue.remove(pick)
			r := e.reqs.get(pick)
			ms := e.serviceMs(name)
			l.putBusy(r, e.poolOf(stage, r), ms)
			if e.followed(r) {
				e.trace(r, "gets a slot at %s after %.2f s in the queue (service %.1f ms, due to end in the tick at %.2f s)",
					LayerNames[name], e.now-r.waitFrom, ms, e.serviceEnd(ms, false))
			}
		}
	}
}

// advance serves a tick on every layer of a stage: a request whose service
// ends keeps its slot and calls the next layer, or succeeds at the last.
func (e *Engine) advance(stage int) {
	step := e.cfg.DT * 1000.0
	for _, name := range names(stage) {
		l := e.layers[name]
		n := len(l.busy) // the requests busy when the tick began
		for i := 0; i < n; i++ {
			en := l.busy[i]
			if !en.live {
				continue
			}
			// A request that ends leaves every busy list at once (release),
			// so a live entry's request is in the system: the reference's
			// check for one that is not never fires here.
			rem := en.rem - step
			if rem > 0 {
				l.busy[i].rem = rem
				continue
			}
			r := e.reqs.at(int(en.rid))
			l.busyToHeld(r) // the slot stays taken until the call below returns
			switch {
			case stage < 2:
				if e.followed(r) {
					e.trace(r, "is served at %s and calls %s, holding its %s slot", LayerNames[stage], LayerNames[e.layerOf(stage+1, r).name], LayerNames[stage])
				}
				e.enter(r, stage+1)
			case r.dep == 0 && e.cfg.DBFail > 0 && e.src.Random() < e.cfg.DBFail:
				if e.followed(r) {
					e.trace(r, "gets an error from the db")
				}
				e.callFailed(r, 2)
			default:
				e.success(r)
			}
		}
		l.compact(&e.reqs)
	}
	e.dispatch(stage)
}

func (e *Engine) success(r *request) {
	if r.cb {
		e.recordCall(r, false)
	}
	if r.dep == 0 {
		e.stats.dbAccepted++
		if e.cfg.Throttle {
			e.throttle.add(e.now, 1)
		}
		e.unlimit(r, false)
	}
	dt := e.now - r.born
	if e.followed(r) {
		if dt*1000 < 0.5 {
			e.trace(r, "succeeds, in the tick it arrived in (the clock reads each 10 ms tick's start)")
		} else {
			e.trace(r, "succeeds, %.0f ms after it arrived", dt*1000)
		}
	}
	e.release(r)
	s := &e.stats
	s.ok++
	s.lat = append(s.lat, dt)
	k := int(dt/e.cfg.DT + 0.5)
	for len(s.latTicks) <= k {
		s.latTicks = append(s.latTicks, 0)
	}
	s.latTicks[k]++
	if dt*1000 <= e.cfg.SLOMs {
		s.good++
	}
	s.prio[prioIndex(r.high)][0]++
	s.class[r.dep][0]++
}

// recordCall takes a dependency call's outcome: into the breaker, which
// the budget then reads too, or into the budget's own window. The
// textbook breaker counts only the database calls it guards.
func (e *Engine) recordCall(r *request, failed bool) {
	aux, trial := r.dep == 1, r.trial
	r.cb, r.trial = false, 0
	if e.cfg.Breaker {
		if !aux || !e.breaker.guarded() {
			e.breaker.record(e.now, failed, aux, trial)
		}
		return
	}
	e.budget.add(e.now, failed, e.cfg.BreakerWindow)
}

// budgetRatio is the error ratio the retry budget reads: the breaker's
// window where a breaker runs (as 26.4.1's S6 has it), else its own.
func (e *Engine) budgetRatio() float64 {
	if e.cfg.Breaker {
		return e.breaker.ratio(e.cfg.BreakerMinCalls)
	}
	return e.budget.ratio(e.cfg.BreakerMinCalls)
}

// fail ends an attempt: every slot is released, and the client may retry
// from the entry.
func (e *Engine) fail(r *request, clientRetry bool) {
	if r.cb {
		e.recordCall(r, true)
	}
	e.release(r)
	if clientRetry && e.cfg.Retry != NoRetry && int(r.retries) < e.cfg.MaxRetries {
		if (!e.cfg.Budget || e.budgetRatio() < e.cfg.RetryBudgetRatio) && e.retryAllowed() {
			r.retries++
			e.stats.clientRetries++
			r.tries = [3]int8{}
			delay := 0.0
			if e.cfg.Retry == Backoff { // exponential backoff with jitter
				delay = e.cfg.RetryBase * math.Pow(2, float64(r.retries)) * e.src.Uniform(0.5, 1.5)
			}
			e.retries.Push(retry{e.now + delay, r.rid, e.retrySeq})
			e.retrySeq++
			if e.followed(r) {
				e.trace(r, "will retry in %.0f ms", delay*1000)
			}
			return
		}
	}
	e.stats.failed++
	if e.followed(r) {
		e.trace(r, "fails for good")
	}
}

func (e *Engine) release(r *request) {
	e.unlimit(r, true)
	for _, name := range [3]int{apiLayer, svcLayer, dbLayer + int(r.dep)} {
		l := e.layers[name]
		l.popBusy(r)
		l.popHeld(r)
	}
	e.reqs.remove(r.rid)
}

// checkTimeouts fails requests that waited too long at a queue's head, and
// requests whose user gave up.
func (e *Engine) checkTimeouts() {
	lim := e.waitLimit()
	var head [64]queued
	for _, l := range e.layers {
		n := copy(head[:min(e.cfg.HeadCheck, len(head))], l.queue.items())
		for _, q := range head[:n] {
			if e.now-q.at <= lim {
				break // this entry and those behind it have not waited long enough
			}
			if r := e.reqs.get(q.rid); r != nil && e.now-r.waitFrom > lim {
				rid := q.rid
				l.queue.remove(rid)
				if e.followed(r) {
					e.trace(r, "times out at the head of the %s queue: waited %.3f s, over the %.10g s limit", LayerNames[l.name], e.now-r.waitFrom, lim)
				}
				e.callFailed(r, int(r.stage))
			}
		}
	}
	for n := 0; e.bornHead < len(e.born) && e.now-e.born[e.bornHead].at > e.cfg.ClientTimeout; n++ {
		if n%checkEvery == checkEvery-1 && e.stopped() {
			return
		}
		rid := e.born[e.bornHead].rid
		e.bornHead++
		if r := e.reqs.get(rid); r != nil {
			if e.followed(r) {
				e.trace(r, "is given up by its user after %.10g s", e.cfg.ClientTimeout)
			}
			e.fail(r, false) // the user gave up: no retry
		}
	}
	if e.bornHead > 4096 && e.bornHead > len(e.born)/2 {
		e.born = append(e.born[:0], e.born[e.bornHead:]...)
		e.bornHead = 0
	}
}

// requests holds every request by id, in fixed chunks that never move and
// hold no pointers (ids run from 0 up, so the garbage collector has nothing
// to trace and pointers into a chunk stay valid).
type requests struct {
	chunks []*[requestChunk]request
	n      int                      // in the system
	permit []*[requestChunk]float64 // limiter permit times, made on first use
}

// dbAt is where request rid's limiter permit time is kept.
func (q *requests) dbAt(rid int) *float64 {
	for rid/requestChunk >= len(q.permit) {
		q.permit = append(q.permit, new([requestChunk]float64))
	}
	return &q.permit[rid/requestChunk][rid%requestChunk]
}

const requestChunk = 1 << 13

// add makes room for request rid and returns its slot.
func (q *requests) add(rid int) *request {
	for rid/requestChunk >= len(q.chunks) {
		q.chunks = append(q.chunks, new([requestChunk]request))
	}
	return q.at(rid)
}

// at is request rid, in the system or not.
func (q *requests) at(rid int) *request { return &q.chunks[rid/requestChunk][rid%requestChunk] }

// get is request rid if it is in the system, else nil.
func (q *requests) get(rid int) *request {
	if r := q.at(rid); r.in {
		return r
	}
	return nil
}

func (q *requests) put(r *request) {
	if !r.in {
		r.in = true
		q.n++
	}
}

func (q *requests) remove(rid int) {
	if r := q.at(rid); r.in {
		r.in = false
		q.n--
	}
}
