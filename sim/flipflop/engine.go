package flipflop

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/rng"
)

// Engine runs one morning a second a step.
type Engine struct {
	cfg                               Config
	slowFrom, slowEnd, disableAt, end int32
	quiet                             float64 // ln(QuietMedian)
	src                               *rng.Source
	slow                              []float64 // per instance, ln(its median in the slow window)
	phases                            [][]int32 // the instances checked at each second of the interval
	healthy, lastPass                 []bool    // the automation's state; the latest check's result
	streak                            []int32   // results in a row against the state
	disabled                          bool
	disabledAt                        int // the second it was switched off, -1 when it runs
	now                               int32
	// inDNS is what DNS serves, instance by instance: what the writes it
	// has applied say; inService counts it. queue holds the writes made
	// and not yet applied, dnsBudget the writes DNS may still apply.
	inDNS                                []bool
	inService                            int
	queue                                dnsQueue
	dnsBudget                            float64
	minFlips, minWrites, minDeferred     int
	tot                                  Totals
	overAt                               int  // the first minute over DNS's capacity, -1 until then
	caughtUp                             bool // DNS has applied every write since
	series                               Series
	moments                              []engine.Moment
	inServiceSum, inServiceN, minService float64
	// deadAt is when each instance dies for good (-1: never); deaths
	// lists the dying in time order, next the first still to come;
	// deadIn counts the dead instances DNS serves.
	deadAt       []int32
	deaths       []int32
	next, deadIn int
	deadSeconds  int64
	// start is the config the run began with; switches its switches
	start    Config
	switches engine.Switched
}

// Totals are a run's counts so far.
type Totals struct {
	// Flips counts the check results that differ from the instance's one
	// before; Writes the DNS writes (the automation's changes); Deferred
	// the changes the cap held back.
	Flips, Writes, Deferred int64
	// PeakWrites is the most writes in a minute; PeakBacklog the most
	// writes DNS held waiting at a minute's end, PeakLag the longest the
	// oldest of them had waited then, in seconds.
	PeakWrites  int
	PeakBacklog int64
	PeakLag     int32
}

// Series are the run's minutes so far, one point each at the minute's end.
type Series struct {
	// Flips and Writes are a minute's result flips and DNS writes made;
	// InService the instances DNS serves at its end; Backlog the writes
	// DNS holds waiting; Lag how long the oldest of them has waited, in
	// minutes (how far behind the automation DNS is); DeadIn the dead
	// instances DNS serves.
	Flips, Writes, InService, Backlog, Lag, DeadIn engine.Series
}

// SeriesView is the series up to the step a snapshot was taken at.
type SeriesView struct {
	Flips, Writes, InService, Backlog, Lag, DeadIn engine.SeriesView
}

// View is the series as a snapshot shares them.
func (s *Series) View() SeriesView {
	return SeriesView{s.Flips.View(), s.Writes.View(), s.InService.View(), s.Backlog.View(), s.Lag.View(), s.DeadIn.View()}
}

// New builds the morning at its first second: every instance healthy and
// in DNS, its check phase and its slow median drawn from the seed.
func New(c Config) (*Engine, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	n := c.Instances
	e := &Engine{cfg: c, slowFrom: int32(60 * c.SlowFromMin), slowEnd: int32(60 * (c.SlowFromMin + c.SlowMin)),
		disableAt: int32(60 * c.DisableAtMin), end: int32(60 * c.DurationMin), quiet: math.Log(c.QuietMedian),
		src: rng.New(c.Seed), slow: make([]float64, n), phases: make([][]int32, c.IntervalS),
		healthy: make([]bool, n), lastPass: make([]bool, n), streak: make([]int32, n), inDNS: make([]bool, n), inService: n, overAt: -1, disabledAt: -1,
		minService: float64(n), deadAt: make([]int32, n)}
	switches, err := engine.ParseSwitches(c.Switches, Knobs, c, Unit, float64(e.end))
	if err != nil {
		return nil, err
	}
	e.start, e.switches = c, engine.NewSwitched(switches)
	for i := range n {
		e.healthy[i], e.lastPass[i], e.inDNS[i], e.deadAt[i] = true, true, true, -1
		e.slow[i] = e.src.Gauss(math.Log(c.SlowMedian), c.Spread)
		p := e.src.RandBelow(c.IntervalS)
		e.phases[p] = append(e.phases[p], int32(i))
	}
	// The instances that die, and when: at random in the slow window.
	for _, i := range e.src.Sample(n, c.Dead) {
		e.deadAt[i] = e.slowFrom + int32(e.src.Random()*float64(e.slowEnd-e.slowFrom))
		e.deaths = append(e.deaths, int32(i))
	}
	slices.SortStableFunc(e.deaths, func(a, b int32) int { return cmp.Compare(e.deadAt[a], e.deadAt[b]) })
	e.switches.Due(0, e.apply) // the switches at the first second, on the fleet as it starts
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

func (e *Engine) mark(format string, args ...any) {
	e.moments = append(e.moments, engine.Moment{Step: int64(e.now) + 1, At: float64(e.now), Caption: fmt.Sprintf(format, args...)})
}

// k is the results in a row a change takes: 1 without hysteresis.
func (e *Engine) k() int32 {
	if e.cfg.Hysteresis {
		return int32(e.cfg.K)
	}
	return 1
}

// Step runs one second: the window's edges and the switch-off if they are
// due, the checks of this second's phase, and DNS's work.
func (e *Engine) Step() bool {
	if e.Done() {
		return false
	}
	now := e.now
	m := int(now / 60)
	switch {
	case now == e.slowFrom && e.slowEnd > e.slowFrom:
		e.mark("%s: new instances' network state propagates slowly (the lecture: 5:30 AM); health checks now take about as long as their threshold, and pass or fail by chance", Clock(m))
	case now == e.slowEnd && e.slowEnd > e.slowFrom:
		e.mark("%s: network latency is back to normal (the lecture: 10:36 AM); checks pass again", Clock(m))
	}
	if now == e.disableAt && !e.disabled {
		e.switchOff(m)
	}
	for ; e.next < len(e.deaths) && e.deadAt[e.deaths[e.next]] <= now; e.next++ {
		if e.inDNS[e.deaths[e.next]] {
			e.deadIn++
		}
	}
	slow := now >= e.slowFrom && now < e.slowEnd
	k := e.k()
	phase := int32(int(now) % e.cfg.IntervalS)
	for j, i := range e.phases[phase] {
		med := e.quiet
		if slow {
			med = e.slow[i]
		}
		// drawn whatever the state, so that runs on one seed meet one input
		pass := med+e.cfg.Noise*e.src.Gauss(0, 1) < 0 && !e.dead(i, now)
		if pass != e.lastPass[i] {
			e.lastPass[i] = pass
			e.minFlips++
			e.tot.Flips++
		}
		if e.disabled {
			continue
		}
		if pass == e.healthy[i] {
			e.streak[i] = 0
			continue
		}
		if e.streak[i]++; e.streak[i] < k {
			continue
		}
		if e.cfg.Cap && e.minWrites >= e.cfg.CapPerMin {
			e.minDeferred++
			e.tot.Deferred++
			continue
		}
		e.healthy[i], e.streak[i] = pass, 0
		e.write(e.queue.open(now, phase, len(e.phases[phase])), j)
	}
	e.applyWrites()
	if !e.disabled {
		e.deadSeconds += int64(e.deadIn)
	}
	e.inServiceSum += float64(e.inService)
	e.inServiceN++
	e.minService = min(e.minService, float64(e.inService))
	e.now++
	if e.now%60 == 0 || e.now == e.end {
		e.closeMinute()
	}
	e.switches.Due(float64(e.now), e.apply) // those at the next second, before it runs
	if e.now == e.end && StartClock+int(e.end)/60 == ChecksBackClock {
		e.mark("%s: the run ends where the lecture's night does: the checks are switched back on once EC2 has recovered (the lecture: 2:09 PM); in the model %s writes still wait for DNS",
			Clock(int(e.end)/60), engine.Digits(int64(e.queue.len)))
	}
	return true
}

// ChecksBackClock is the lecture's 2:09 PM, as minutes after midnight,
// when the health checks were switched back on: the default run ends
// there.
const ChecksBackClock = 14*60 + 9

// switchOff stops the automation: it makes no more changes, and writes
// every instance it had taken out back into DNS. The writes DNS has not
// applied yet stay queued (DNS has them): the put-backs wait behind them.
func (e *Engine) switchOff(m int) {
	e.disabled, e.disabledAt = true, int(e.now)
	waiting := e.queue.len
	for i, h := range e.healthy {
		if !h {
			e.healthy[i] = true
			e.write(e.queue.open(e.now, -1, len(e.healthy)), i)
		}
	}
	back := e.queue.len - waiting
	caption := fmt.Sprintf("%s: engineers switch the automation off (the lecture: 9:36 AM): no more changes; its %s writes put the instances it took out back into DNS",
		Clock(m), engine.Digits(back))
	if waiting > 0 {
		caption = fmt.Sprintf("%s: engineers switch the automation off (the lecture: 9:36 AM): no more changes; its %s put-backs wait behind the %s writes DNS has not applied (%s of its work)",
			Clock(m), engine.Digits(back), engine.Digits(waiting), Minutes(float64(waiting)/float64(e.cfg.DNSCapacity)))
	}
	e.mark("%s", caption)
}

// applyWrites is DNS's second of work: the writes waiting, oldest first,
// as many as its capacity allows; idle time is not banked. Applying a
// write flips what DNS serves for its instance: an instance's writes
// alternate (out, back in, out), as the automation's changes do.
func (e *Engine) applyWrites() {
	e.dnsBudget += float64(e.cfg.DNSCapacity) / 60
	wasBehind := e.queue.len > 0
	done := e.queue.pop(int64(math.Floor(e.dnsBudget)), func(phase int32, j int) {
		i := int32(j)
		if phase >= 0 {
			i = e.phases[phase][j]
		}
		in := !e.inDNS[i]
		e.inDNS[i] = in
		d := 1
		if !in {
			d = -1
		}
		e.inService += d
		if e.dead(i, e.now) {
			e.deadIn += d
		}
	})
	e.dnsBudget -= float64(done)
	if e.queue.len == 0 {
		e.dnsBudget = min(e.dnsBudget, 1)
		if wasBehind && e.overAt >= 0 && !e.caughtUp {
			e.caughtUp = true
			e.mark("%s: DNS has applied every write that waited: what it serves is the automation's latest word again", Clock(int(e.now/60)))
		}
	}
}

// dead reports whether instance i has died by second now.
func (e *Engine) dead(i int32, now int32) bool { return e.deadAt[i] >= 0 && e.deadAt[i] <= now }

// write queues the write of member j of batch b: one change of the
// automation's, which DNS has not applied yet.
func (e *Engine) write(b *batch, j int) {
	e.queue.push(b, j)
	e.minWrites++
	e.tot.Writes++
}

// Lag is how long the oldest write waiting has waited at second now, in
// seconds: DNS serves the fleet as the automation saw it that long ago.
// Zero when none waits.
func (e *Engine) lag() int32 {
	if at, ok := e.queue.oldest(); ok {
		return e.now - at
	}
	return 0
}

// Minutes writes a span of minutes as the reports do: "45 min",
// "7 h 16 min".
func Minutes(m float64) string {
	n := int(math.Round(m))
	if n < 60 {
		return fmt.Sprintf("%d min", n)
	}
	return fmt.Sprintf("%d h %02d min", n/60, n%60)
}

// closeMinute appends the minute just run to the series and marks the
// first minute over DNS's capacity.
func (e *Engine) closeMinute() {
	x := float64(e.now) / 60
	s := &e.series
	s.Flips.Append(engine.Point{X: x, Y: float64(e.minFlips)})
	s.Writes.Append(engine.Point{X: x, Y: float64(e.minWrites)})
	s.InService.Append(engine.Point{X: x, Y: float64(e.inService)})
	s.Backlog.Append(engine.Point{X: x, Y: float64(e.queue.len)})
	s.Lag.Append(engine.Point{X: x, Y: float64(e.lag()) / 60})
	s.DeadIn.Append(engine.Point{X: x, Y: float64(e.deadIn)})
	e.tot.PeakWrites = max(e.tot.PeakWrites, e.minWrites)
	e.tot.PeakBacklog = max(e.tot.PeakBacklog, e.queue.len)
	e.tot.PeakLag = max(e.tot.PeakLag, e.lag())
	if e.overAt < 0 && e.minWrites > e.cfg.DNSCapacity {
		e.overAt = int((e.now - 1) / 60)
		e.moments = append(e.moments, engine.Moment{Step: int64(e.now), At: float64(e.overAt * 60), Caption: fmt.Sprintf(
			"%s: %s DNS writes in a minute, past the %s DNS applies: writes queue, and what DNS serves falls behind the automation's changes, removals of dead instances and put-backs alike", Clock(e.overAt), engine.Digits(int64(e.minWrites)), engine.Digits(int64(e.cfg.DNSCapacity)))})
	}
	e.minFlips, e.minWrites, e.minDeferred = 0, 0, 0
}

// Snapshot is the run as it stands: counts, and the series shared up to
// now.
type Snapshot struct {
	Second    int64
	InService int
	// DeadIn is the dead instances in DNS; DeadMinutes sums the minutes
	// dead instances have spent there.
	DeadIn      int
	DeadMinutes float64
	// ServiceSum sums the instances in DNS over the seconds run.
	ServiceSum float64
	// Backlog is the writes DNS holds waiting; Lag how long the oldest
	// has waited, in seconds.
	Backlog  int64
	Lag      int32
	Disabled bool
	// DisabledAt is the second the automation was switched off, -1 when
	// it runs.
	DisabledAt int
	Totals     Totals
	Series     SeriesView
	Moments    []engine.Moment
}

// Snapshot takes the run's state without copying its history.
func (e *Engine) Snapshot() Snapshot {
	return Snapshot{Second: int64(e.now), InService: e.inService, DeadIn: e.deadIn, DeadMinutes: float64(e.deadSeconds) / 60, ServiceSum: e.inServiceSum, Backlog: e.queue.len, Lag: e.lag(), Disabled: e.disabled, DisabledAt: e.disabledAt, Totals: e.tot,
		Series: e.series.View(), Moments: e.Moments()}
}
