package siteoutage

import (
	"fmt"
	"math"

	"github.com/loadlab/loadlab/sim/avail"
	"github.com/loadlab/loadlab/sim/engine"
)

// The kinds of event a step meets, in the order they go at one minute.
const (
	evBlast = iota
	evFailover
	evEntry
	evArrival
	evFloor2
	evRack
	evDepart
	evNone
)

// Config is the run's configuration.
func (e *Engine) Config() Config { return e.cfg }

// Steps is the run's length in steps.
func (e *Engine) Steps() int64 { return int64(e.end / StepMin) }

// Done reports whether the run has reached its end.
func (e *Engine) Done() bool { return e.now >= e.end }

// Pos counts steps, and gives the time in minutes from 5:00 PM, May 31.
func (e *Engine) Pos() engine.Pos {
	return engine.Pos{Step: int64(e.now / StepMin), Steps: e.Steps(), At: float64(e.now), Unit: "min"}
}

// Moments are the run's moments so far.
func (e *Engine) Moments() []engine.Moment { return e.moments[:len(e.moments):len(e.moments)] }

func (e *Engine) mark(at float64, caption string, args ...any) {
	e.moments = append(e.moments, engine.Moment{Step: int64(e.now/StepMin) + 1, At: at, Caption: Clock(int(at)) + ": " + fmt.Sprintf(caption, args...)})
}

// Step runs five minutes: every event due in them, in time order, then
// the step's point of each series.
func (e *Engine) Step() bool {
	if e.Done() {
		return false
	}
	stepEnd := float64(e.now + StepMin)
	for {
		at, kind := e.next()
		if kind == evNone || at >= stepEnd {
			break
		}
		e.apply(at, kind)
	}
	e.now += StepMin
	x := float64(e.now)
	for g := range e.running {
		share := 1.0
		if e.size[g] > 0 {
			share = float64(e.running[g]) / float64(e.size[g])
		}
		e.series.Running[g].Append(engine.Point{X: x, Y: share})
	}
	e.series.Dark.Append(engine.Point{X: x, Y: float64(e.darkServers)})
	e.series.Standby.Append(engine.Point{X: x, Y: float64(e.onStandby)})
	e.series.Moved.Append(engine.Point{X: x, Y: float64(e.movedServers)})
	e.series.Waiting.Append(engine.Point{X: x, Y: float64(e.waitingServers)})
	return true
}

// Event times, minutes from 5:00 PM.
func (e *Engine) blastAt() float64    { return LeadMin }
func (e *Engine) failoverAt() float64 { return float64(LeadMin + e.cfg.FailoverMin) }
func (e *Engine) floor2At() float64   { return float64(LeadMin + e.cfg.Floor2Min) }
func (e *Engine) rackAtMin(i int) float64 {
	return float64(LeadMin+e.cfg.Floor1Min) + math.Ceil(float64(i)*60/e.cfg.RacksPerHour)
}

// next is the earliest event to come, and its kind (evNone for none).
func (e *Engine) next() (float64, int) {
	best, kind := math.Inf(1), evNone
	try := func(at float64, k int) {
		if at < best {
			best, kind = at, k
		}
	}
	if !e.blastDone {
		try(e.blastAt(), evBlast)
		return best, kind
	}
	if !e.failoverDone {
		try(e.failoverAt(), evFailover)
	}
	if !e.entered {
		try(float64(LeadMin+e.cfg.EntryMin), evEntry)
	}
	if e.arrHead < len(e.arrivals) {
		try(e.arrivals[e.arrHead].at, evArrival)
	}
	if !e.floor2Due {
		try(e.floor2At(), evFloor2)
	}
	if e.nextRack < len(e.floor1) {
		try(e.rackAtMin(e.nextRack), evRack)
	}
	if e.trucking {
		try(e.truckNext, evDepart)
	}
	return best, kind
}

// apply runs one event.
func (e *Engine) apply(at float64, kind int) {
	switch kind {
	case evBlast:
		e.blast(at)
	case evFailover:
		e.failover(at)
	case evEntry:
		e.entered = true
		if e.cfg.TruckRate > 0 {
			e.trucking, e.truckNext = true, at
			e.mark(at, "staff are let in (the lecture: 10 PM); trucks start carrying servers to Dallas, %.10g an hour", e.cfg.TruckRate)
		}
	case evArrival:
		a := e.arrivals[e.arrHead]
		e.arrHead++
		cu := &e.cust[a.c]
		e.moving -= int(cu.servers)
		e.movingCustomers--
		e.movedServers += int(cu.servers)
		e.movedCustomers++
		e.up(a.c, at, moved)
	case evFloor2:
		e.floor2Due = true
		back := e.upCount()
		for r := e.cfg.RacksPerFloor; r < 2*e.cfg.RacksPerFloor; r++ {
			e.power(r, at)
		}
		for _, s := range e.struck {
			if s != 0 {
				e.siteUp[s] = true
				e.retry(s, at)
			}
		}
		e.mark(at, "power is back on floor two (the lecture: 5 PM, June 2): %s customers run again", engine.Digits(int64(e.upCount()-back)))
	case evRack:
		if e.nextRack == 0 {
			e.mark(at, "floor one comes back rack by rack (the lecture: June 4), %.10g racks an hour", e.cfg.RacksPerHour)
		}
		e.power(int(e.floor1[e.nextRack]), at)
		e.nextRack++
	case evDepart:
		e.depart(at)
	}
	e.noteBack(at)
}

// blast darkens H1 (and, for a city's fault, the other site of its
// city): every customer down.
func (e *Engine) blast(at float64) {
	e.blastDone = true
	for i := range e.cust {
		cu := &e.cust[i]
		cu.dark = uint8(len(cu.homeRacks()))
		cu.state, cu.since = down, at
		e.sumSince[cu.group] += at
	}
	e.running = [3]int{}
	e.darkServers = e.cfg.Servers()
	for _, s := range e.struck {
		if s != 0 {
			e.siteUp[s] = false
		}
	}
	what := "the fire department forbids the generators"
	if len(e.struck) > 1 {
		what = "the feed H1 shares with H2 is cut too, and H2 goes dark (the model's what-if)"
	}
	e.mark(at, "H1 goes dark: a transformer shorts, the fire sets off the UPS batteries, an explosion (the lecture); %s: %s servers of %s customers down",
		what, engine.Digits(int64(e.cfg.Servers())), engine.Digits(int64(e.cfg.Customers)))
}

// failover moves every customer with a standby onto it, as far as its
// site has power to spare; untested failovers fail a Broken share of the
// time.
func (e *Engine) failover(at float64) {
	e.failoverDone = true
	for _, i := range e.order {
		cu := &e.cust[i]
		if cu.standby < 0 || cu.state != down {
			continue
		}
		if cu.broken && !e.cfg.Drills {
			e.brokenCustomers++
			continue
		}
		e.failoverServers += int(cu.servers)
		cu.state = waiting
		e.waitingServers += int(cu.servers)
		e.waitQ[cu.standby] = append(e.waitQ[cu.standby], i)
	}
	for s := range e.waitQ {
		e.retry(s, at)
	}
	e.failoverRan = e.onStandby
	if e.failoverServers == 0 && e.brokenCustomers == 0 {
		return
	}
	msg := fmt.Sprintf("failover: %s servers of customers with a standby move to it; %s of them run", engine.Digits(int64(e.failoverServers)), engine.Digits(int64(e.onStandby)))
	if dark := e.waitingOnDark(); dark > 0 {
		msg += fmt.Sprintf(", %s wait for H2, dark with H1", engine.Digits(int64(dark)))
	}
	if short := e.waitingServers - e.waitingOnDark(); short > 0 {
		msg += fmt.Sprintf(", %s wait: their sites have no power to spare (%s of it)", engine.Digits(int64(short)), pct(e.spareShare()))
	}
	if e.brokenCustomers > 0 {
		msg += fmt.Sprintf("; %s customers' failovers fail: never tested (the lecture's lesson that testing matters: American Eagle, in its own disaster, found it could not switch to its backup site)", engine.Digits(int64(e.brokenCustomers)))
	}
	e.mark(at, "%s", msg)
}

// waitingOnDark is the servers whose failover waits for a site that is
// dark.
func (e *Engine) waitingOnDark() int {
	n := 0
	for s, q := range e.waitQ {
		if e.siteUp[s] {
			continue
		}
		for _, i := range q[e.waitHead[s]:] {
			if e.cust[i].state == waiting {
				n += int(e.cust[i].servers)
			}
		}
	}
	return n
}

// spareShare is the share of a surviving site's power free for failover.
func (e *Engine) spareShare() float64 {
	if e.cfg.Reserve {
		return max(e.cfg.Spare, e.cfg.Reserved)
	}
	return e.cfg.Spare
}

// retry starts the failovers waiting at site s, in order, while it has
// power to spare.
func (e *Engine) retry(s int, at float64) {
	q := e.waitQ[s]
	for e.waitHead[s] < len(q) && e.siteUp[s] {
		i := q[e.waitHead[s]]
		cu := &e.cust[i]
		if cu.state != waiting {
			e.waitHead[s]++
			continue
		}
		if e.spare[s] < int(cu.servers) {
			return
		}
		e.waitHead[s]++
		e.spare[s] -= int(cu.servers)
		e.waitingServers -= int(cu.servers)
		e.onStandby += int(cu.servers)
		e.peakStandby = max(e.peakStandby, e.onStandby)
		e.up(i, at, standby)
	}
}

// power gives rack r power: its customers whose every rack has it run
// at home again, those on a standby failing back.
func (e *Engine) power(r int, at float64) {
	e.darkServers -= e.cfg.ServersPerRack
	for _, i := range e.onRack[e.rackAt[r]:e.rackAt[r+1]] {
		cu := &e.cust[i]
		if cu.dark--; cu.dark > 0 {
			continue
		}
		switch cu.state {
		case down:
			e.up(i, at, home)
		case waiting:
			e.waitingServers -= int(cu.servers)
			e.up(i, at, home)
		case standby:
			cu.state = home
			e.onStandby -= int(cu.servers)
			e.spare[cu.standby] += int(cu.servers)
			e.retry(int(cu.standby), at)
		}
	}
}

// up runs customer i again from at, in state s.
func (e *Engine) up(i int32, at float64, s state) {
	cu := &e.cust[i]
	if !cu.state.running() {
		cu.downMin += at - cu.since
		e.running[cu.group]++
		e.sumDown[cu.group] += at - cu.since
		e.sumSince[cu.group] -= cu.since
	}
	cu.state = s
}

// depart loads the next customer down at home onto a truck for the Dallas
// site with most power to spare; when none has room, the trucks stop, as
// they do once floor one's power is coming back.
func (e *Engine) depart(at float64) {
	if e.nextRack > 0 {
		e.trucking = false
		e.mark(at, "the trucks stop: floor one's power is coming back; they carried %s servers of %s customers", engine.Digits(int64(e.movedServers+e.moving)), engine.Digits(int64(e.movedCustomers+e.movingCustomers)))
		return
	}
	for ; e.truckAt < len(e.order); e.truckAt++ {
		i := e.order[e.truckAt]
		cu := &e.cust[i]
		if (cu.state != down && cu.state != waiting) || cu.dark == 0 {
			continue
		}
		site := e.dallas[0]
		for _, s := range e.dallas {
			if e.spare[s] > e.spare[site] {
				site = s
			}
		}
		if e.spare[site] < int(cu.servers) {
			e.trucking, e.dallasFull, e.dallasFullAt = false, true, at
			e.mark(at, "Dallas has no more power to spare: the trucks stop after %s servers (the lecture: moves limited by the other sites' power and cooling)", engine.Digits(int64(e.movedServers+e.moving)))
			return
		}
		e.truckAt++
		if cu.state == waiting {
			e.waitingServers -= int(cu.servers)
		}
		cu.state = moving
		e.spare[site] -= int(cu.servers)
		e.moving += int(cu.servers)
		e.movingCustomers++
		e.arrivals = append(e.arrivals, arrival{at + float64(e.cfg.DriveMin), i, int16(site)})
		e.truckNext = at + float64(cu.servers)*60/e.cfg.TruckRate
		return
	}
	e.trucking = false // no one left to carry
}

// upCount is the customers running now.
func (e *Engine) upCount() int { return e.running[0] + e.running[1] + e.running[2] }

// noteBack marks a group whose every customer runs again, and the run's
// recovery once all do.
func (e *Engine) noteBack(at float64) {
	if !e.blastDone {
		return
	}
	for g := range e.running {
		if e.running[g] == e.size[g] && e.backAt[g] < 0 && e.size[g] > 0 {
			e.backAt[g] = at
			worst := 0.0
			for _, cu := range e.cust {
				if int(cu.group) == g {
					worst = max(worst, cu.downMin)
				}
			}
			e.mark(at, "every %s customer runs again: down up to %s, %s for the year against the %s bought", groupWords[g],
				avail.Duration(worst/60), pct(avail.YearAvailability(worst/60)), avail.TargetPercent(e.cfg.Target))
		}
	}
	if e.recoveredAt < 0 && e.upCount() == e.cfg.Customers {
		e.recoveredAt = at
	}
}

// groupWords name the groups in a class's words.
var groupWords = [3]string{"one-site", "one-city", "cross-provider"}

// GroupName is group g's name: its placement strategy's.
func GroupName(g int) string { return Groups[g].String() }

// pct writes an availability as the lecture does: 99.18 %; a share of
// power in whole percents: 3 %.
func pct(a float64) string {
	if a < 0.5 {
		return fmt.Sprintf("%.0f %%", 100*a)
	}
	return fmt.Sprintf("%.2f %%", 100*a)
}

// Snapshot is the run as it stands.
type Snapshot struct {
	Minute                 int
	Running, Size, Lowest  [3]int
	BackAt                 [3]float64
	RecoveredAt            float64
	Dark, Standby, Waiting int
	Moving, Moved          int
	MovedCustomers, Broken int
	FailoverServers, Ran   int
	SpareH2, SpareDallas   int
	FloorOneDark           int
	FloorTwoDark           bool
	DallasFull, Blasted    bool
	Series                 SeriesView
	Moments                []engine.Moment
}

// Snapshot takes the run's state without copying its history.
func (e *Engine) Snapshot() Snapshot {
	s := Snapshot{Minute: e.now, Running: e.running, Size: e.size, BackAt: e.backAt, RecoveredAt: e.recoveredAt,
		Dark: e.darkServers, Standby: e.onStandby, Waiting: e.waitingServers, Moving: e.moving, Moved: e.movedServers,
		MovedCustomers: e.movedCustomers, Broken: e.brokenCustomers, FailoverServers: e.failoverServers, Ran: e.failoverRan,
		SpareH2: e.spare[1], FloorOneDark: len(e.floor1) - e.nextRack, FloorTwoDark: !e.floor2Due,
		DallasFull: e.dallasFull, Blasted: e.blastDone, Series: e.series.view(), Moments: e.Moments()}
	if !e.blastDone {
		s.FloorOneDark, s.FloorTwoDark = 0, false
	}
	if !e.siteUp[1] {
		s.SpareH2 = 0
	}
	for _, d := range e.dallas {
		s.SpareDallas += e.spare[d]
	}
	return s
}

// MeanDownHours is each group's customers' mean downtime so far, hours.
func (e *Engine) MeanDownHours() [3]float64 {
	var out [3]float64
	for g := range out {
		if e.size[g] == 0 {
			continue
		}
		d := e.sumDown[g]
		if e.blastDone {
			d += float64(e.size[g]-e.running[g])*float64(e.now) - e.sumSince[g]
		}
		out[g] = d / float64(e.size[g]) / 60
	}
	return out
}

// DownHours is each group's customers' downtime so far, hours, customer
// by customer (the last one's still running for those down now).
func (e *Engine) DownHours() [3][]float64 {
	var out [3][]float64
	now := float64(e.now)
	for _, cu := range e.cust {
		d := cu.downMin
		if e.blastDone && !cu.state.running() {
			d += now - cu.since
		}
		out[cu.group] = append(out[cu.group], d/60)
	}
	return out
}
