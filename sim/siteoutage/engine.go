package siteoutage

import (
	"math"

	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/placement"
	"github.com/loadlab/loadlab/sim/rng"
)

// state is where a customer's service is.
type state uint8

const (
	home    state = iota // running on its own servers in H1
	down                 // down, nothing under way
	waiting              // down, its failover waiting for power at its standby's site
	standby              // running on its standby
	moving               // down, its servers on a truck
	moved                // running in Dallas, where a truck took its servers
)

func (s state) running() bool { return s == home || s == standby || s == moved }

// customer is one of H1's customers.
type customer struct {
	group   uint8
	servers uint8
	dark    uint8    // its home racks without power
	racks   [2]int32 // its home racks; the second -1 for one server
	standby int16    // its standby's site, -1 for none
	broken  bool     // its failover does not work untested
	state   state
	since   float64 // when it went down, minutes
	downMin float64 // minutes down before since
}

// arrival is a truck's load due in Dallas.
type arrival struct {
	at   float64
	c    int32
	site int16
}

// Engine runs the days H1 was dark, five minutes a step.
type Engine struct {
	cfg  Config
	topo placement.Topology
	cust []customer
	// order is the customers in the order failover and the trucks take
	// them; onRack lists each rack's customers (rackAt[r] to rackAt[r+1]).
	order          []int32
	rackAt, onRack []int32
	floor1         []int32 // floor one's racks in the order they come back
	spare          []int   // power to spare at each site, in servers
	siteUp         []bool
	struck         []int // the sites the fault takes
	waitQ          [][]int32
	waitHead       []int
	dallas         []int // the sites trucks drive to

	now, end                           int
	blastDone, failoverDone, floor2Due bool
	entered                            bool
	nextRack                           int
	truckNext                          float64
	truckAt                            int
	trucking, dallasFull               bool
	arrivals                           []arrival
	arrHead                            int

	size, servers, running [3]int
	// sumDown is each group's downtime ended so far, minutes; sumSince the
	// sum of its down customers' since: its downtime now is sumDown +
	// down x now - sumSince.
	sumDown, sumSince      [3]float64
	backAt                 [3]float64
	recoveredAt            float64
	darkServers            int
	onStandby, peakStandby int
	moving, movedServers   int
	movingCustomers        int
	movedCustomers         int
	failoverServers        int
	failoverRan            int
	brokenCustomers        int
	waitingServers         int
	dallasFullAt           float64

	series  Series
	moments []engine.Moment
}

// Series are the run's steps so far, a point at each step's end (X in
// minutes from 5:00 PM, May 31).
type Series struct {
	// Running is each group's share of customers running; Dark the
	// servers of H1 without power; Standby those running on standbys;
	// Moved those running in Dallas; Waiting those whose failover waits
	// for power.
	Running                       [3]engine.Series
	Dark, Standby, Moved, Waiting engine.Series
}

// SeriesView is the series up to the step a snapshot was taken at.
type SeriesView struct {
	Running                       [3]engine.SeriesView
	Dark, Standby, Moved, Waiting engine.SeriesView
}

func (s *Series) view() SeriesView {
	return SeriesView{[3]engine.SeriesView{s.Running[0].View(), s.Running[1].View(), s.Running[2].View()},
		s.Dark.View(), s.Standby.View(), s.Moved.View(), s.Waiting.View()}
}

// New builds the run at 5:00 PM, May 31: every customer running at home,
// every draw made.
func New(c Config) (*Engine, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	t := c.Topology()
	e := &Engine{cfg: c, topo: t, end: c.Minutes(), recoveredAt: -1, dallasFullAt: -1}
	for g := range e.backAt {
		e.backAt[g] = -1
	}
	src := rng.New(c.Seed)
	n, servers := c.Customers, c.Servers()
	// Servers dealt: a random order of H1's servers, the first customers
	// of it taking two (as many as the servers beyond one each).
	slots := make([]int32, servers)
	for i := range slots {
		slots[i] = int32(i)
	}
	src.Shuffle(servers, func(i, j int) { slots[i], slots[j] = slots[j], slots[i] })
	e.cust = make([]customer, n)
	twos := servers - n
	next := 0
	for i := range e.cust {
		cu := &e.cust[i]
		cu.servers = 1
		cu.racks = [2]int32{int32(t.RackOf(int(slots[next]))), -1}
		next++
		if i < twos {
			cu.servers = 2
			cu.racks[1] = int32(t.RackOf(int(slots[next])))
			next++
		}
		cu.standby = -1
	}
	// Placements: a share of customers in each group, at random.
	groupOf := make([]int, n)
	for i := range groupOf {
		groupOf[i] = i
	}
	src.Shuffle(n, func(i, j int) { groupOf[i], groupOf[j] = groupOf[j], groupOf[i] })
	city, cross := int(math.Round(c.OneCity*float64(n))), int(math.Round(c.CrossProvider*float64(n)))
	cross = min(cross, n-city)
	spp, nps := t.SitesPerProvider(), t.NodesPerSite()
	for k, i := range groupOf {
		cu := &e.cust[i]
		switch {
		case k < city:
			cu.group, cu.standby = 1, int16(t.SiteOf(nps)) // H2: the other site of H1's city
		case k < city+cross:
			cu.group, cu.standby = 2, int16(spp+src.RandBelow(spp)) // a site of the other provider
		}
		cu.broken = src.Random() < c.Broken
	}
	e.order = make([]int32, n)
	for i := range e.order {
		e.order[i] = int32(i)
	}
	src.Shuffle(n, func(i, j int) { e.order[i], e.order[j] = e.order[j], e.order[i] })
	e.floor1 = make([]int32, c.RacksPerFloor)
	for i := range e.floor1 {
		e.floor1[i] = int32(i) // floor one is the first AZ: racks 0..RacksPerFloor-1
	}
	src.Shuffle(len(e.floor1), func(i, j int) { e.floor1[i], e.floor1[j] = e.floor1[j], e.floor1[i] })

	// Each rack's customers, once each.
	racks := 2 * c.RacksPerFloor
	e.rackAt = make([]int32, racks+1)
	for i := range e.cust {
		for _, r := range e.cust[i].homeRacks() {
			e.rackAt[r+1]++
		}
	}
	for r := range racks {
		e.rackAt[r+1] += e.rackAt[r]
	}
	e.onRack = make([]int32, e.rackAt[racks])
	fill := append([]int32(nil), e.rackAt[:racks]...)
	for i := range e.cust {
		for _, r := range e.cust[i].homeRacks() {
			e.onRack[fill[r]] = int32(i)
			fill[r]++
		}
	}

	sites := t.NumSites()
	e.spare, e.siteUp, e.waitQ, e.waitHead = make([]int, sites), make([]bool, sites), make([][]int32, sites), make([]int, sites)
	share := e.spareShare()
	for s := range sites {
		e.siteUp[s] = true
		if s != 0 {
			e.spare[s] = int(share * float64(nps))
		}
		if t.ProviderOf(s*nps) == 0 && t.CityOf(s*nps) != 0 {
			e.dallas = append(e.dallas, s)
		}
	}
	loc := 0 // the fault strikes H1's site, or H1's city
	for s := range sites {
		if c.Fault.Down(t, loc, s*nps) {
			e.struck = append(e.struck, s)
		}
	}
	for _, cu := range e.cust {
		e.size[cu.group]++
		e.servers[cu.group] += int(cu.servers)
	}
	e.running = e.size
	return e, nil
}

// homeRacks are the distinct racks of the customer's servers.
func (cu *customer) homeRacks() []int32 {
	if cu.servers == 2 && cu.racks[1] != cu.racks[0] {
		return cu.racks[:2]
	}
	return cu.racks[:1]
}
