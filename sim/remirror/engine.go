package remirror

import (
	"fmt"
	"math"

	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/rng"
)

// A volume's state.
const (
	healthy  uint8 = iota // a primary and a mirror
	stuck                 // one copy, searching for a mirror
	stranded              // its only copy on a failed node
	lost                  // its last copy unreadable
)

// Engine runs the three days a minute a step.
type Engine struct {
	cfg Config
	// start is the config the run began with; switches its switches
	start    Config
	switches engine.Switched
	src      *rng.Source
	now      int // the next minute to run
	end      int

	// the nodes: up or failed, and the volumes with a copy on each (an
	// entry whose volume has since moved away is skipped)
	up      []bool
	upCount int
	copies  [][]int32

	// each volume's copies (-1: none), its state, and under backoff when
	// it searches next and the wait it is at
	copyA, copyB  []int32
	state         []uint8
	nextTry, wait []int32

	// queue is the stuck volumes, oldest first; entries no longer stuck
	// are dropped when it is read
	queue []int32

	stuckN, strandedN, lostN int
	budget                   float64 // re-mirror work carried into the next minute
	cutOff, fixed, shed      bool

	// the tail after the fix: per minute from it, the stuck and stranded
	// volumes that come back, and the stranded ones lost
	tailBack, tailStrandedBack, tailLost []int32

	tot     Totals
	series  Series
	moments []engine.Moment
	// marks, in minutes (-1 until reached)
	stormAt, raceAt, brownoutAt, recoveredAt, peakAt int
	peakStuck, noonStuck                             float64
	wave                                             int
}

// Totals are a run's counts so far.
type Totals struct {
	// Remirrored counts the new mirrors made; Failed the nodes the race
	// failed; Searches every search negotiated.
	Remirrored, Failed int
	Searches           int64
	// PeakSearches, PeakAPIErrors and PeakLoad are the highest minute's
	// searches, share of the region's API calls failing, and control
	// plane load (demand over capacity); PeakUnshielded is the highest
	// share that would have failed without the bulkhead (PeakAPIErrors
	// in a run without one); APIErrorMinutes counts minutes in which over
	// 1 % of the region's calls failed.
	PeakSearches                            int
	PeakAPIErrors, PeakUnshielded, PeakLoad float64
	APIErrorMinutes                         int
	PeakCustomersDown                       float64
	StrandedEver, StuckEver                 int
}

// Series are the run's minutes so far, one point each at the minute's
// end (X in minutes from midnight).
type Series struct {
	// Stuck, Lost and CustomersDown are shares of the volumes (and of the
	// customers, one volume each); Searches the searches a minute;
	// Network the share of the spare network taken by searches and
	// Remirror the share left to re-mirroring; Control the control
	// plane's load (demand over capacity, past 1 when over it); APIErrors
	// the share of the region's API calls that failed, and Unshielded the
	// share that would have failed without the bulkhead (the zone's
	// minutes do not depend on it, so this is the same run's); Failed the
	// nodes failed so far.
	Stuck, Lost, CustomersDown, Searches, Network, Remirror, Control, APIErrors, Unshielded, Failed engine.Series
}

// View is the series as a snapshot shares them.
func (s *Series) View() SeriesView {
	return SeriesView{s.Stuck.View(), s.Lost.View(), s.CustomersDown.View(), s.Searches.View(), s.Network.View(), s.Remirror.View(),
		s.Control.View(), s.APIErrors.View(), s.Unshielded.View(), s.Failed.View()}
}

// SeriesView is the series up to the step a snapshot was taken at.
type SeriesView struct {
	Stuck, Lost, CustomersDown, Searches, Network, Remirror, Control, APIErrors, Unshielded, Failed engine.SeriesView
}

// New builds the zone at midnight: every volume with a primary and a
// mirror on two nodes drawn at random.
func New(c Config) (*Engine, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	n, k := c.Volumes, c.Nodes
	e := &Engine{cfg: c, src: rng.New(c.Seed), end: c.Minutes(), up: make([]bool, k), upCount: k,
		copyA: make([]int32, n), copyB: make([]int32, n), state: make([]uint8, n), nextTry: make([]int32, n), wait: make([]int32, n),
		queue:   make([]int32, 0, n),
		stormAt: -1, raceAt: -1, brownoutAt: -1, recoveredAt: -1, peakAt: -1}
	count := make([]int32, k)
	for v := range n {
		a := e.src.RandBelow(k)
		b := e.src.RandBelow(k - 1)
		if b >= a {
			b++
		}
		e.copyA[v], e.copyB[v] = int32(a), int32(b)
		count[a]++
		count[b]++
	}
	// One backing array for every node's list, with room for the mirrors
	// the night adds; a list that outgrows its room moves once.
	room := 8 + 2*n/k/8
	backing := make([]int32, 0, 2*n+k*room)
	e.copies = make([][]int32, k)
	for i := range k {
		e.up[i] = true
		start := len(backing)
		backing = backing[:start+int(count[i])+room]
		e.copies[i] = backing[start : start : start+int(count[i])+room]
	}
	for v := range n {
		e.copies[e.copyA[v]] = append(e.copies[e.copyA[v]], int32(v))
		e.copies[e.copyB[v]] = append(e.copies[e.copyB[v]], int32(v))
	}
	switches, err := engine.ParseSwitches(c.Switches, Knobs, c, Unit, float64(e.end))
	if err != nil {
		return nil, err
	}
	e.start, e.switches = c, engine.NewSwitched(switches)
	e.switches.Due(0, e.apply) // the switches at the first minute: from the start
	e.start = e.cfg            // a switch at the start is its flag: the run starts with it
	return e, nil
}

// Config is the run's configuration.
func (e *Engine) Config() Config { return e.cfg }

// Steps is the run's length in minutes.
func (e *Engine) Steps() int64 { return int64(e.end) }

// Done reports whether the run has reached its end.
func (e *Engine) Done() bool { return e.now >= e.end }

// Pos counts minutes.
func (e *Engine) Pos() engine.Pos {
	return engine.Pos{Step: int64(e.now), Steps: int64(e.end), At: float64(e.now), Unit: "min"}
}

// Moments are the run's moments so far.
func (e *Engine) Moments() []engine.Moment { return e.moments[:len(e.moments):len(e.moments)] }

// mark records a moment of the step under way whose caption tells the
// model minute at; the status clock reads at when play stops there.
func (e *Engine) mark(at int, caption string, args ...any) {
	e.moments = append(e.moments, engine.Moment{Step: int64(e.now) + 1, At: float64(at), Caption: fmt.Sprintf(caption, args...)})
}

// count writes a whole number with thousands separated: 12,078.
func count(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// plural writes n with the words for one or for several.
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return count(n) + " " + many
}

// pct writes a share of the volumes.
func pct(share float64) string { return fmt.Sprintf("%.2f%%", 100*share) }

// Step runs one minute: the timeline's events due, the stuck volumes'
// searches, the re-mirrors the spare network leaves room for, the control
// plane's load, the race, and the recovery after the fix.
func (e *Engine) Step() bool {
	if e.Done() {
		return false
	}
	c := &e.cfg
	t := e.now
	switch t {
	case TriggerAt:
		e.trigger()
	case ShedAt:
		e.shed = true
		e.mark(t, "%s: new create-volume requests are disabled (the lecture: 2:40 AM); the calls that hung on the zone stop taking the control plane", Clock(t))
	}
	if t == c.CutAt && !e.fixed {
		e.cutOff = true
		if e.stuckN+e.strandedN > 0 {
			e.mark(t, "%s: the zone's EBS cluster is cut off from the control plane (the lecture: 8:20 AM); no search is negotiated, none succeeds, %s of the volumes stay stuck",
				Clock(t), pct(e.stuckShare()))
		}
	}
	if t == c.FixAt {
		e.fix()
	}
	searches := 0
	work := 0.0
	if t >= TriggerAt && !e.cutOff && !e.fixed {
		searches, work = e.search()
	}
	e.tot.Searches += int64(searches)
	load, apiErr, unshielded := e.controlPlane(searches)
	if searches > 0 {
		e.race(searches)
	}
	if e.fixed {
		e.recover(t - c.FixAt)
	}
	e.now++
	e.record(searches, work, load, apiErr, unshielded)
	e.switches.Due(float64(e.now), e.apply) // those at the next minute, before it runs
	return true
}

// trigger is 12:47 AM: the cut nodes' copies go stale, and their volumes
// lose their mirror.
func (e *Engine) trigger() {
	c := &e.cfg
	cut := int(math.Round(c.CutShare * float64(c.Nodes)))
	nodes := e.src.Sample(c.Nodes, cut)
	isCut := make([]bool, c.Nodes)
	for _, n := range nodes {
		isCut[n] = true
	}
	for _, n := range nodes {
		for _, v := range e.copies[n] {
			if e.state[v] != healthy {
				continue
			}
			// The copy on the cut node is stale; the other is the primary
			// (the first, when both were cut).
			keep := e.copyA[v]
			if isCut[keep] && !isCut[e.copyB[v]] {
				keep = e.copyB[v]
			}
			e.copyA[v], e.copyB[v] = keep, -1
			e.becomeStuck(v)
		}
		e.copies[n] = e.copies[n][:0]
	}
	// The kept copies of volumes whose both copies were cut stay listed:
	// put them back on their nodes.
	for v := range e.copyA {
		if e.state[v] == stuck && isCut[e.copyA[v]] {
			e.copies[e.copyA[v]] = append(e.copies[e.copyA[v]], int32(v))
		}
	}
	e.wave = e.stuckN
	e.mark(e.now, "%s: a network change moves traffic onto the low-capacity secondary network (the lecture: 12:47 AM); %s nodes are cut off, and %s volumes (%s) lose their mirror and search for a new one",
		Clock(e.now), count(cut), count(e.wave), pct(float64(e.wave)/float64(c.Volumes)))
}

// becomeStuck puts volume v, left with one copy, in the queue.
func (e *Engine) becomeStuck(v int32) {
	e.state[v] = stuck
	e.stuckN++
	e.tot.StuckEver++
	e.nextTry[v], e.wait[v] = int32(e.now), 0
	e.queue = append(e.queue, v)
}

// search runs a minute of the stuck volumes' searching: it returns the
// searches made and the re-mirror work done.
func (e *Engine) search() (int, float64) {
	c := &e.cfg
	// drop what is no longer stuck, keeping the order
	q := e.queue[:0]
	for _, v := range e.queue {
		if e.state[v] == stuck {
			q = append(q, v)
		}
	}
	e.queue = q
	if len(q) == 0 {
		e.budget = 0
		return 0, 0
	}
	window := len(q)
	if c.Cap {
		window = min(window, c.MaxRemirrors)
	}
	searches := 0
	if c.Backoff {
		for _, v := range q[:window] {
			if int(e.nextTry[v]) <= e.now {
				searches++
			}
		}
	} else {
		searches = window * c.Tries
	}
	capacity := c.Capacity * float64(e.upCount) / float64(c.Nodes)
	left := max(0, capacity-float64(searches))
	if e.upCount < 2 { // a new mirror goes on a node up other than the primary (up): with one node up, nowhere
		left, e.budget = 0, 0
	}
	e.budget += left
	// only the volumes searching (the cap's window) can find a mirror
	done := 0
	for e.budget >= c.RemirrorCost && done < window {
		e.budget -= c.RemirrorCost
		e.remirror(q[done])
		done++
	}
	work := left
	if done == window {
		e.budget = 0 // idle capacity is not banked
		work = min(left, float64(done)*c.RemirrorCost)
	}
	if c.Backoff {
		for _, v := range q[done:window] {
			if int(e.nextTry[v]) > e.now {
				continue
			}
			w := min(max(1, 2*e.wait[v]), int32(c.BackoffMaxMin))
			if e.wait[v] == 0 {
				w = 1
			}
			e.wait[v] = w
			e.nextTry[v] = int32(e.now) + w - int32(e.src.Random()*float64(w)/2)
		}
	}
	return searches, work
}

// remirror gives stuck volume v a new mirror on a node drawn at random
// among those up, other than its primary's.
func (e *Engine) remirror(v int32) {
	k := e.cfg.Nodes
	n := int32(e.src.RandBelow(k))
	for !e.up[n] || n == e.copyA[v] {
		n = int32((int(n) + 1) % k)
	}
	e.copyB[v] = n
	e.copies[n] = append(e.copies[n], v)
	e.state[v] = healthy
	e.stuckN--
	e.tot.Remirrored++
}

// controlPlane is the minute's load on the control plane (demand over
// capacity), the share of the region's API calls that fail, and the share
// that would fail without the bulkhead.
func (e *Engine) controlPlane(searches int) (load, apiErr, unshielded float64) {
	c := &e.cfg
	zone := float64(searches)
	if !e.shed && e.now >= TriggerAt && e.stuckN > 0 && !e.cutOff && !e.fixed {
		zone += c.Creates * c.HangCost
	}
	region := c.RegionRate
	load = (zone + region) / c.ControlRate
	if region == 0 {
		return load, 0, 0
	}
	shared := region // served when the zone and the region share the plane
	if zone+region > c.ControlRate {
		shared = region * c.ControlRate / (zone + region)
	}
	unshielded = 1 - shared/region
	if !c.Bulkhead {
		return load, unshielded, unshielded
	}
	zoneServed := min(zone, max(c.BulkheadShare*c.ControlRate, c.ControlRate-region))
	return load, 1 - min(region, c.ControlRate-zoneServed)/region, unshielded
}

// race fails each node up with the chance the minute's searches give it.
func (e *Engine) race(searches int) {
	c := &e.cfg
	if float64(searches) <= c.RaceRate || c.RaceChance == 0 {
		return
	}
	h := min(1, c.RaceChance*(float64(searches)-c.RaceRate)/c.RaceRate)
	for n := range c.Nodes {
		if e.up[n] && e.src.Random() < h {
			e.fail(n, searches)
		}
	}
}

// fail takes node n down: its volumes lose the copy it held.
func (e *Engine) fail(n, searches int) {
	e.up[n] = false
	e.upCount--
	e.tot.Failed++
	hit, strandedHere := 0, 0
	for _, v := range e.copies[n] {
		switch {
		case e.state[v] == healthy && (e.copyA[v] == int32(n) || e.copyB[v] == int32(n)):
			if e.copyA[v] == int32(n) {
				e.copyA[v] = e.copyB[v]
			}
			e.copyB[v] = -1
			e.becomeStuck(v)
			hit++
		case e.state[v] == stuck && e.copyA[v] == int32(n):
			e.state[v] = stranded
			e.stuckN--
			e.strandedN++
			e.tot.StrandedEver++
			strandedHere++
		}
	}
	e.copies[n] = e.copies[n][:0]
	if e.raceAt < 0 {
		e.raceAt = e.now
		e.mark(e.now, "%s: at %s searches a minute a race in the nodes' code fails a node; %s, %s (the lecture: a race seen only at high request rates)",
			Clock(e.now), count(searches), plural(hit, "volume loses a copy and searches too", "volumes lose a copy and search too"),
			plural(strandedHere, "stuck volume loses its last one", "stuck volumes lose their last one"))
	}
}

// fix is FixAt: the futile re-mirroring stops, and each volume still
// stuck or stranded gets the time it comes back (or is lost).
func (e *Engine) fix() {
	c := &e.cfg
	e.fixed, e.cutOff = true, false
	if e.stuckN+e.strandedN == 0 {
		return
	}
	e.mark(e.now, "%s: the engineers stop the futile re-mirroring (the lecture: 11:30 AM); %s of the volumes are stuck, %s of them stranded on failed nodes; the zone recovers slowly",
		Clock(e.now), pct(e.stuckShare()), count(e.strandedN))
	left := e.end - e.now
	e.tailBack, e.tailStrandedBack, e.tailLost = make([]int32, left), make([]int32, left), make([]int32, left)
	if c.TailPerHour == 0 {
		return
	}
	perMin := -math.Log1p(-c.TailPerHour) / 60 // the hourly share as a rate a minute
	for _, s := range e.state {
		if s != stuck && s != stranded {
			continue
		}
		at := int(e.src.ExpoVariate(perMin))
		if at >= left {
			continue
		}
		switch {
		case s == stuck:
			e.tailBack[at]++
		case e.src.Random() < c.LostChance:
			e.tailLost[at]++
		default:
			e.tailStrandedBack[at]++
		}
	}
}

// recover brings back the volumes due at minute i after the fix.
func (e *Engine) recover(i int) {
	if i >= len(e.tailBack) {
		return
	}
	e.stuckN -= int(e.tailBack[i])
	e.strandedN -= int(e.tailStrandedBack[i] + e.tailLost[i])
	e.lostN += int(e.tailLost[i])
	e.tot.Remirrored += int(e.tailBack[i] + e.tailStrandedBack[i])
}

// stuckShare is the share of the volumes stuck or stranded.
func (e *Engine) stuckShare() float64 {
	return float64(e.stuckN+e.strandedN) / float64(e.cfg.Volumes)
}

// BrownoutShare is the share of the region's API calls failing, after
// create-volume calls are disabled, that marks the control plane's
// brown-out.
const BrownoutShare = 0.01

// record appends the minute just run to the series and marks its moments.
func (e *Engine) record(searches int, work, load, apiErr, unshielded float64) {
	c := &e.cfg
	t := e.now - 1
	x := float64(e.now)
	stuck := e.stuckShare()
	lostShare := float64(e.lostN) / float64(c.Volumes)
	down := stuck + lostShare
	if c.Spread {
		down = 0
	}
	// the network's use: none once every node is down (no capacity left,
	// and no search or work to fill it)
	capacity := c.Capacity * float64(e.upCount) / float64(c.Nodes)
	netShare, remShare := 0.0, 0.0
	if capacity > 0 {
		netShare = min(1, float64(searches)/capacity)
		if work > 0 {
			remShare = work / capacity
		}
	}
	s := &e.series
	s.Stuck.Append(engine.Point{X: x, Y: stuck})
	s.Lost.Append(engine.Point{X: x, Y: lostShare})
	s.CustomersDown.Append(engine.Point{X: x, Y: down})
	s.Searches.Append(engine.Point{X: x, Y: float64(searches)})
	s.Network.Append(engine.Point{X: x, Y: netShare})
	s.Remirror.Append(engine.Point{X: x, Y: remShare})
	s.Control.Append(engine.Point{X: x, Y: load})
	s.APIErrors.Append(engine.Point{X: x, Y: apiErr})
	s.Unshielded.Append(engine.Point{X: x, Y: unshielded})
	s.Failed.Append(engine.Point{X: x, Y: float64(e.tot.Failed)})

	tot := &e.tot
	tot.PeakSearches = max(tot.PeakSearches, searches)
	tot.PeakAPIErrors = max(tot.PeakAPIErrors, apiErr)
	tot.PeakUnshielded = max(tot.PeakUnshielded, unshielded)
	tot.PeakLoad = max(tot.PeakLoad, load)
	tot.PeakCustomersDown = max(tot.PeakCustomersDown, down)
	if apiErr > BrownoutShare {
		tot.APIErrorMinutes++
	}
	if stuck > e.peakStuck {
		e.peakStuck, e.peakAt = stuck, t
	}
	if t >= TriggerAt && e.stormAt < 0 && float64(searches) >= capacity && searches > 0 {
		e.stormAt = t
		e.mark(t, "%s: the stuck volumes' %s searches a minute take the whole spare network (it carries %s): nothing is left to re-mirror, no volume gets a mirror, so none stops searching (the lecture: the re-mirroring storm)",
			Clock(t), count(searches), count(int(capacity)))
	}
	if t > ShedAt && e.brownoutAt < 0 && apiErr > BrownoutShare {
		e.brownoutAt = t
		e.mark(t, "%s: %s searches a minute put the control plane over capacity again: %.0f%% of the region's API calls fail (the lecture: 5:30 AM, errors rise again and the EBS API browns out)",
			Clock(t), count(searches), 100*apiErr)
	}
	if t == Noon {
		e.noonStuck = stuck
		if stuck > 0 {
			e.mark(t, "%s: %s of the volumes are stuck (the lecture: at noon no new volume gets stuck, but 13%% still are)", Clock(t), pct(stuck))
		} else {
			e.mark(t, "%s: no volume is stuck (the lecture: at noon 13%% still were)", Clock(t))
		}
	}
	if e.recoveredAt < 0 && t >= TriggerAt && e.stuckN+e.strandedN == 0 && tot.StuckEver > 0 {
		e.recoveredAt = t
		e.mark(t+1, "%s: every volume has a mirror again, %s after 12:47 AM", Clock(t+1), engine.Duration(float64(60*(t-TriggerAt+1))))
	}
	if e.now == e.end {
		e.mark(e.now, "%s: the run ends with %s of the volumes still stuck (the lecture, noon on April 24: all but 1.04%%) and %s lost for good (the lecture: 0.07%%)",
			Clock(e.now), pct(stuck), pct(lostShare))
	}
}

// Snapshot is the run as it stands: counts, and the series shared up to
// now.
type Snapshot struct {
	Minute                int
	Stuck, Stranded, Lost int
	Wave, NodesUp         int
	CutOff, Fixed         bool
	Totals                Totals
	PeakStuck             float64
	PeakAt, RecoveredAt   int
	Series                SeriesView
	Moments               []engine.Moment
}

// Snapshot takes the run's state without copying its history.
func (e *Engine) Snapshot() Snapshot {
	return Snapshot{Minute: e.now, Stuck: e.stuckN, Stranded: e.strandedN, Lost: e.lostN, Wave: e.wave, NodesUp: e.upCount,
		CutOff: e.cutOff, Fixed: e.fixed, Totals: e.tot, PeakStuck: e.peakStuck, PeakAt: e.peakAt, RecoveredAt: e.recoveredAt,
		Series: e.series.View(), Moments: e.Moments()}
}
