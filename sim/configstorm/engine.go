package configstorm

import (
	"fmt"
	"math"

	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/rng"
)

// entry is the state of a cache entry: valid (a read hits), holding the
// invalid value, or absent (deleted, expired, never filled).
type entry uint8

const (
	valid entry = iota
	invalid
	absent
)

// RecoveredShare is the share of the users' reads served from which the
// site counts as back.
const RecoveredShare = 0.99

// StormShare is the share of reads served below which a minute after the
// fix counts as the storm going on.
const StormShare = 0.10

// Engine runs one afternoon a second a step.
type Engine struct {
	cfg Config
	// the run's marks, in seconds of the run
	bad, fix, cutAt, end int32

	state      []entry
	errPending []bool // an error of last second's queries is on its way to the entry
	// retry and next hold each entry's queries at each try (Attempts a
	// row): those due this second and those due the next.
	retry, next []float64
	q           []float64 // this second's queries of each entry
	expireAt    []int32   // each valid entry's second of expiry, -1 until drawn
	logStay     float64   // log(1 - 1/TTLS): an entry's chance to stay a second, as a log
	nextTry     []int32   // each client's next second it may query (backoff)
	level       []uint8   // each client's failures in a row (backoff)
	src         *rng.Source

	now int32 // the next second to run
	// sound says the persistent copy holds a valid value: before the bad
	// value and from the fix on; fixed says the fix has come.
	sound, fixed bool
	cutFrom      int32 // the second the site was turned off, -1
	valid        int   // entries valid
	backing      int   // clients waiting out a backoff in the next second
	inFlight     float64

	last   Second // the latest second's figures
	minute Second // sums over this minute
	tot    Totals

	peakLoad           float64
	peakAt             int32
	recoveredAt        int32 // -1 until then
	stormSum, stormSec float64
	marked             struct{ overload, storm, again bool }

	series  Series
	moments []engine.Moment
	phases  []Event
	// start is the config the run began with; switches its switches
	start    Config
	switches engine.Switched
}

// Second is one second's figures (or, summed, a minute's): the users'
// reads, the hits, the reads served from the database and those lost
// (out of tries, or refused at once by a client backing off), the
// queries the database was sent and answered, the retries among them,
// the share of entries valid when the reads came, the traffic let in and
// the clients backing off.
type Second struct {
	Reads, Hits, Served, Lost, FailedFast float64
	Queries, Answered, Retries            float64
	HitRatio, Traffic, Backing            float64
}

func (s *Second) add(o Second) {
	s.Reads += o.Reads
	s.Hits += o.Hits
	s.Served += o.Served
	s.Lost += o.Lost
	s.FailedFast += o.FailedFast
	s.Queries += o.Queries
	s.Answered += o.Answered
	s.Retries += o.Retries
	s.HitRatio += o.HitRatio
	s.Traffic += o.Traffic
	s.Backing += o.Backing
}

// Totals are the run's reads and queries so far: every read the users
// made is a hit, served, lost, failed fast or still being tried.
type Totals struct {
	Reads, Hits, Served, Lost, FailedFast, Queries, Answered float64
}

// Series are the run's minutes so far, a point each at the minute's end
// (X in minutes after the bad value).
type Series struct {
	// Load is the queries the database was sent a second; Answered those
	// it answered; Retries the queries sent again after an error; Success
	// the share of the users' reads served (hits and answers), against
	// every user the site has, let in or not; HitRatio the share of reads
	// that found their entry valid; Traffic the share of users let in;
	// Backing the share of clients waiting out a backoff.
	Load, Answered, Retries, Success, HitRatio, Traffic, Backing engine.Series
}

// View is the series as a snapshot shares them.
func (s *Series) View() SeriesView {
	return SeriesView{s.Load.View(), s.Answered.View(), s.Retries.View(), s.Success.View(), s.HitRatio.View(), s.Traffic.View(), s.Backing.View()}
}

// SeriesView is the series up to the step a snapshot was taken at.
type SeriesView struct {
	Load, Answered, Retries, Success, HitRatio, Traffic, Backing engine.SeriesView
}

// New builds the run at its first second: every entry valid.
func New(c Config) (*Engine, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	k, a := c.Entries, c.Attempts
	e := &Engine{cfg: c,
		bad: int32(60 * LeadMin), fix: int32(60 * (LeadMin + c.FixAtMin)), cutAt: -1, end: int32(c.Seconds()),
		state: make([]entry, k), errPending: make([]bool, k), retry: make([]float64, k*a), next: make([]float64, k*a), q: make([]float64, k),
		src: rng.New(c.Seed), sound: true, cutFrom: -1, valid: k, recoveredAt: -1, peakAt: -1,
	}
	if c.Cut {
		e.cutAt = int32(60 * (LeadMin + c.CutAtMin))
	}
	if c.TTLS > 0 {
		e.expireAt, e.logStay = make([]int32, k), math.Log1p(-1/float64(c.TTLS))
		for i := range e.expireAt {
			e.expireAt[i] = -1
		}
	}
	if c.Backoff {
		e.nextTry, e.level = make([]int32, c.Clients), make([]uint8, c.Clients)
	}
	switches, err := engine.ParseSwitches(c.Switches, Knobs, c, Unit, float64(e.end))
	if err != nil {
		return nil, err
	}
	e.start, e.switches = c, engine.NewSwitched(switches)
	e.switches.Due(0, e.apply) // the switches at the first second: from the start
	e.start = e.cfg            // a switch at the start is its flag: the run starts with it
	return e, nil
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

// Phases are the run's own marks so far, each at its minute after the
// bad value: T the bad value; S the overload, and the fix that did not
// end the storm; R the cut, the users let back and the site back.
func (e *Engine) Phases() []Event { return e.phases[:len(e.phases):len(e.phases)] }

// phase adds a mark at second t.
func (e *Engine) phase(t int32, p Phase, what string) {
	e.phases = append(e.phases, Event{AtMin: float64(e.since(t)) / 60, Phase: p, What: what})
}

// since is second t of the run as seconds after the bad value.
func (e *Engine) since(t int32) int { return int(t - e.bad) }

// mark adds a moment at the step now running, its caption led by the
// time after the bad value.
func (e *Engine) mark(at int32, caption string, args ...any) {
	e.moments = append(e.moments, engine.Moment{Step: int64(e.now) + 1, At: float64(at), Caption: Elapsed(e.since(at)/60) + ": " + fmt.Sprintf(caption, args...)})
}

// traffic is the share of users let in at second t: all of them, none
// while the site is off, then more each second over the ramp.
func (e *Engine) traffic(t int32) float64 {
	if e.cutFrom < 0 {
		return 1
	}
	d, off, ramp := t-e.cutFrom, int32(60*e.cfg.OffMin), int32(60*e.cfg.RampMin)
	switch {
	case d < off:
		return 0
	case ramp == 0:
		return 1
	}
	return min(1, float64(d-off+1)/float64(ramp))
}

// Step runs one second: the change, the fix and the cut when they are
// due; the errors of last second's queries, which delete their entries;
// the entries that expire; the users' reads; the database's answers; and
// the backing-off clients' waits.
func (e *Engine) Step() bool {
	if e.Done() {
		return false
	}
	c, t := e.cfg, e.now
	e.events(t)
	f := e.traffic(t)
	for i, p := range e.errPending {
		if p {
			e.errPending[i] = false
			if !c.KeepOnError && e.state[i] != absent {
				if e.state[i] == valid {
					e.valid--
				}
				e.state[i] = absent
			}
		}
	}
	if c.TTLS > 0 {
		e.expire(t)
	}
	e.serve(t, f)
	e.now++
	if e.now%60 == 0 || e.now == e.end {
		e.closeMinute()
	}
	e.switches.Due(float64(e.now), e.apply) // those at the next second, before it runs
	return true
}

// expire ends the entries whose life runs out this second. Each second a
// valid entry expires with chance 1/TTLS; the second it will is drawn
// (geometric) the first time it is looked at valid, which is the same
// chance without a draw a second: an entry filled and deleted within the
// storm's seconds is never drawn for.
func (e *Engine) expire(t int32) {
	for i, s := range e.state {
		if s != valid {
			e.expireAt[i] = -1
			continue
		}
		if e.expireAt[i] < 0 {
			e.expireAt[i] = t + int32(min(math.Floor(math.Log(1-e.src.Random())/e.logStay), float64(e.end)))
		}
		if e.expireAt[i] <= t {
			e.state[i] = absent
			e.expireAt[i] = -1
			e.valid--
		}
	}
}

// events marks the bad value, the fix and the cut at their seconds.
func (e *Engine) events(t int32) {
	c := e.cfg
	if t == e.bad {
		for i := range e.state {
			e.state[i] = invalid
		}
		e.valid, e.sound = 0, false
		e.phase(t, Trigger, "the invalid value")
		e.mark(t, "a change writes an invalid configuration value; every one of the %s entries holds it, and every client queries the database to fix it", commas(c.Entries))
	}
	if t == e.fix {
		e.fixed, e.sound = true, true
		e.mark(t, "the invalid value is fixed (the lecture: the team fixed it); %s of %s entries are still empty or invalid", commas(c.Entries-e.valid), commas(c.Entries))
	}
	if t == e.cutAt {
		if e.recoveredAt >= 0 {
			e.mark(t, "no need to turn the site off: it has been back since %s", ElapsedS(e.since(e.recoveredAt)+1))
		} else {
			e.cutFrom = t
			e.phase(t, Recover, "the site turned off")
			e.mark(t, "the site is turned off: no reads reach the cache or the database, and the database recovers (the lecture)")
		}
	}
	if e.cutFrom >= 0 && t == e.cutFrom+int32(60*c.OffMin) {
		if c.RampMin > 0 {
			e.mark(t, "users are let back slowly, over %d min, and the cache fills again (the lecture)", c.RampMin)
		} else {
			e.mark(t, "every user is let back at once, to an empty cache")
		}
		e.phase(t, Recover, "users let back")
	}
}

// serve runs the second's reads and queries with f of the users let in.
func (e *Engine) serve(t int32, f float64) {
	c := e.cfg
	k, a := c.Entries, c.Attempts
	reads := f * c.Reads
	hit := float64(e.valid) / float64(k)
	act := 1.0 // the share of clients free to query
	if c.Backoff {
		act = 1 - float64(e.backing)/float64(c.Clients)
	}
	first := reads / float64(k) * act // first tries of an entry that misses
	if c.Coalesce {
		first = min(first, 1) // one client repairs; the others wait on it
	}
	load, retries := 0.0, 0.0
	for i, s := range e.state {
		row := e.retry[i*a : i*a+a]
		row[0] = 0
		if s != valid {
			row[0] = first
		}
		q := 0.0
		for _, n := range row {
			q += n
		}
		e.q[i] = q
		load += q
		retries += q - row[0]
	}
	share := 1.0 // the share of queries answered
	if load > c.Capacity {
		share = c.Capacity / load
	}
	good := 0.0 // the share of queries answered with a valid value
	if e.sound {
		good = share
	}
	sec := Second{Reads: reads, Hits: reads * hit, FailedFast: reads * (1 - hit) * (1 - act), Queries: load, Answered: load * share,
		Retries: retries, HitRatio: hit, Traffic: f, Backing: float64(e.backing) / float64(c.Clients)}
	e.inFlight = 0
	for i, q := range e.q {
		row, nrow := e.retry[i*a:i*a+a], e.next[i*a:i*a+a]
		clear(nrow)
		if q == 0 {
			continue
		}
		if e.sound && e.state[i] != valid && e.chance(q*share) {
			e.state[i] = valid
			e.valid++
		}
		e.errPending[i] = share < 1 && e.chance(q*(1-share))
		if c.Coalesce { // the entry's reads that missed wait on its one query
			waiting := reads / float64(k) * act
			sec.Served += waiting * good
			sec.Lost += waiting * (1 - good)
			continue // the repairing client asks again next second, as a first try
		}
		sec.Served += q * good
		if c.Backoff {
			sec.Lost += q * (1 - good)
			continue
		}
		for j := 0; j+1 < a; j++ {
			nrow[j+1] = row[j] * (1 - good)
			e.inFlight += nrow[j+1]
		}
		sec.Lost += row[a-1] * (1 - good)
	}
	e.retry, e.next = e.next, e.retry
	if c.Backoff {
		e.backOff(t, reads*(1-hit)/float64(c.Clients), share)
	}
	e.account(t, sec)
}

// sure is the count of events, as a Poisson mean, past which at least
// one is certain in float64: 1 - exp(-sure) rounds to 1.
const sure = 38

// chance draws whether at least one of a Poisson number of events, mean
// x, happens; at none (x = 0) or a certainty (x >= sure) it draws
// nothing.
func (e *Engine) chance(x float64) bool {
	switch {
	case x <= 0:
		return false
	case x >= sure:
		return true
	}
	return e.src.Random() < 1-math.Exp(-x)
}

// backOff draws, for each client free to query this second, whether a
// query of its failed; one that failed waits, twice as long as the last
// time, up to the most, with jitter (half to all of the wait); one that
// did not is free again.
func (e *Engine) backOff(t int32, misses, share float64) {
	c := e.cfg
	fail := 1.0 // before the fix, every answer is the invalid value
	if e.sound {
		fail = 1 - share
	}
	p := 1 - math.Exp(-misses*fail)
	e.backing = 0
	for i, at := range e.nextTry {
		if at <= t {
			if p > 0 && e.src.Random() < p {
				e.level[i] = min(e.level[i]+1, 31)
				w := min(float64(c.BackoffMaxS), float64(c.BackoffBaseS)*float64(int64(1)<<(e.level[i]-1))) // 2^(level-1), exactly
				e.nextTry[i] = t + max(1, int32(math.Ceil(w*(0.5+0.5*e.src.Random()))))
			} else {
				e.level[i] = 0
			}
		}
		if e.nextTry[i] > t+1 {
			e.backing++
		}
	}
}

// account adds the second to the minute's sums and the run's, and marks
// the peak and the recovery.
func (e *Engine) account(t int32, s Second) {
	e.last = s
	e.minute.add(s)
	e.tot.Reads += s.Reads
	e.tot.Hits += s.Hits
	e.tot.Served += s.Served
	e.tot.Lost += s.Lost
	e.tot.FailedFast += s.FailedFast
	e.tot.Queries += s.Queries
	e.tot.Answered += s.Answered
	if s.Queries > e.peakLoad {
		e.peakLoad, e.peakAt = s.Queries, t
	}
	success := e.success(s)
	if e.fixed && e.recoveredAt < 0 && success >= RecoveredShare {
		e.recoveredAt = t
		e.mark(t, "the site is back: %.1f%% of reads served, %s after the bad value, %s after the fix (the lecture: Facebook was down 2.5 hours)",
			100*success, Span(e.since(t)+1), Span(int(t-e.fix)+1))
		e.phase(t, Recover, "the site back")
	}
	if e.fixed && e.cutFrom < 0 {
		e.stormSum += success
		e.stormSec++
	}
}

// success is the share of the site's reads a second served: hits and
// answers, against every user, let in or not.
func (e *Engine) success(s Second) float64 { return min(1, (s.Hits+s.Served)/e.cfg.Reads) }

// closeMinute appends the minute just run to the series and marks the
// overload and the storm that outlives the fix.
func (e *Engine) closeMinute() {
	secs := float64(e.now - 60*((e.now-1)/60))
	m, s := &e.minute, &e.series
	x := float64(e.now)/60 - LeadMin
	s.Load.Append(engine.Point{X: x, Y: m.Queries / secs})
	s.Answered.Append(engine.Point{X: x, Y: m.Answered / secs})
	s.Retries.Append(engine.Point{X: x, Y: m.Retries / secs})
	success := min(1, (m.Hits+m.Served)/(secs*e.cfg.Reads))
	s.Success.Append(engine.Point{X: x, Y: success})
	s.HitRatio.Append(engine.Point{X: x, Y: m.HitRatio / secs})
	s.Traffic.Append(engine.Point{X: x, Y: m.Traffic / secs})
	s.Backing.Append(engine.Point{X: x, Y: m.Backing / secs})
	t := e.now - 1 // the minute's last second
	if !e.marked.overload && t >= e.bad && m.Queries/secs > e.cfg.Capacity {
		e.marked.overload = true
		lecture := ""
		if m.Queries/secs >= 1e5 {
			lecture = " (the lecture: hundreds of thousands a second)"
		}
		e.mark(t, "the database is overwhelmed: %s queries a second against the %s it can answer%s",
			commas(int(math.Round(m.Queries/secs))), commas(int(e.cfg.Capacity)), lecture)
		e.phase(t, Sustain, "the database overwhelmed")
	}
	if e.fixed && t-e.fix >= 59 && e.recoveredAt < 0 && (e.cutFrom < 0 || t < e.cutFrom) && success < StormShare {
		if !e.marked.storm {
			e.marked.storm = true
			e.phase(e.fix, Sustain, "the fix, and the storm goes on")
			e.mark(t, "the value is fixed and the storm goes on: %.1f%% of reads served, a hit ratio of %.1f%%; each error deletes an entry and is queried again at once (the lecture: rinse and repeat)",
				100*success, 100*m.HitRatio/secs)
		}
	}
	if e.cutFrom >= 0 && !e.marked.again && e.recoveredAt < 0 && m.Traffic/secs >= 1 && success < StormShare {
		e.marked.again = true
		e.mark(t, "every user is back with the cache empty, and the storm starts again")
	}
	e.minute = Second{}
}
