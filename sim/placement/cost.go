package placement

import (
	"math"

	"github.com/loadlab/loadlab/sim/engine"
)

// Costs of the table's and the durability run's basic operations on one
// core of this project's 2-core machine, in nanoseconds
// (BenchmarkTableCostModel and BenchmarkDurabilityCostModel print the
// estimates against measured runs).
const (
	// the table
	nsLocation  = 12   // a location of an event: its failure and progress
	nsLocExact  = 20   // a location's share of the exact chances (grouping it)
	nsDomain    = 5    // a domain's share of a version's failure's exact chances
	nsRat       = 150  // one operation on exact fractions
	nsPartLook  = 3500 // a part of a customer's scope struck: its domains grouped, their chances looked up
	tableBytes  = 8 << 20
	bytesPerLoc = 12 // grouping a version's failure's locations

	// the durability run
	nsDraw      = 10 // a draw of the timeline (a block of logarithms at once)
	nsHappening = 30 // a failure or its end taken out in time order
	nsApply     = 15 // a failure met by one fleet
	nsNode      = 4  // a node of a failure's span, in one fleet
	nsNodeFar   = 25 // the same past farNodes
	farNodes    = 1 << 17
	// A replica's reachable count moved by an outage; a replica destroyed
	// and its rebuild queued; a rebuild, besides its scan: while the
	// objects fit the cache (up to nearReplicas), and past farReplicas,
	// where every object is a miss (between, as the logarithm goes).
	nsTouch, nsTouchFar     = 3, 15
	nsDestroy, nsDestroyFar = 30, 170
	nsRebuild, nsRebuildFar = 120, 380
	nearReplicas            = 1 << 16
	farReplicas             = 1 << 19
	nsScan                  = 3.5 // a domain or node a rebuild looks at
	nsPlace                 = 250 // placing an object in one fleet
	nsFleetNode             = 10  // setting up a fleet's lists, per node
	nsWeek                  = 300 // a week's record and progress, per fleet
	durabilityBase          = 16 << 20
	timelineSetup           = 8 << 10 // the timeline's stream and its block of draws
	pendingBytes            = 40      // an end to come
)

// Cost estimates the table before it runs: the objects placed, the
// locations, and the exact chances (a version's failure groups its
// locations and looks at every domain; the counts of equally likely cases
// grow as R^4 operations on fractions).
func (s Spec) Cost() engine.Cost {
	t, r := s.Topology, float64(s.Replicas)
	placeNs, locations, exactNs, bytes := 0.0, 0.0, 0.0, 0.0
	for _, st := range s.strategies() {
		for _, ev := range s.events() {
			locs := float64(ev.Locations(t))
			placeNs += locs * float64(s.Trials) * objectNs(st, r)
			locations += locs
			count, _ := st.domains(t)
			switch {
			case st.customer(): // the locations grouped, then the scopes each strikes: every domain of their parts looked at
				parts := st.subs(t, s.Replicas, 0, nil)
				domains := 0.0
				for _, p := range parts {
					domains += float64(p.count)
				}
				scopes, span := float64(st.scopes(t)), float64(ev.Size(t))
				lo, hi := st.scopeSpan(t, 0)
				struck := math.Min(scopes, math.Ceil(span/float64(hi-lo))+1)
				looks := float64(len(parts)) * struck
				if ev == VersionFailure && t.Versions > 1 {
					looks = locs * scopes
				}
				exactNs += locs*nsLocExact + looks*(domains*nsDomain*4+float64(len(parts))*nsPartLook) + 4*float64(len(parts))*math.Pow(r+1, 4)/20*nsRat
			case st == Greedy:
				exactNs += locs * r * 3
			case st == Diverse: // the versions grouped, then a few groups by the AZs taken
				exactNs += float64(max(1, t.Versions))*nsLocExact + 16*math.Pow(r+1, 3)*nsRat
			case ev == VersionFailure && t.Versions > 1: // a few kinds of location, two groups each
				exactNs += locs*nsLocExact + float64(count)*nsDomain + math.Pow(r+1, 4)/4*nsRat
				bytes = max(bytes, locs*bytesPerLoc)
			default: // at most three groups of domains, some of them alike
				exactNs += math.Pow(r+1, 4) / 20 * nsRat
			}
		}
	}
	rows := float64(len(s.strategies()) * len(s.events()))
	c := engine.Cost{Seconds: (placeNs + locations*nsLocation + exactNs) / 1e9,
		Bytes: tableBytes + float64(t.Nodes())*8 + bytes, OutputBytes: 2048 + rows*(300+20*r),
		TimeLevers: []string{"trials", "azs", "racks", "nodes"}, MemoryLevers: []string{"versions", "azs", "racks", "nodes"}, OutputLevers: []string{"strategies", "events"}}
	if placeNs < exactNs+locations*nsLocation {
		c.TimeLevers = []string{"replicas", "versions", "azs", "racks", "nodes"}
	}
	return c
}

// objectNs is placing an object of r replicas and striking it: greedy
// draws nothing, random one draw a replica, rack- and az-aware two, and
// diverse samples AZs and versions and then draws a node.
func objectNs(s Strategy, r float64) float64 {
	switch s {
	case Greedy:
		return 5 + 1.5*r
	case Random: // random.sample's set branch draws again on a repeat
		return 15 + 15*r + r*r/4
	case Diverse:
		return 20 + 40*r
	case OneSite, OneCity, CrossProvider: // a scope, then a part's sample
		return 30 + 20*r
	}
	return 10 + 20*r
}

// Cost estimates the durability run: drawing every failure and taking it
// and its end out of the timeline; meeting each in every fleet, over
// the nodes it strikes and the replicas they hold; a rebuild for every
// replica destroyed, which looks at every domain of the strategy and the
// nodes of one; placing the objects. The failures expected are the nodes
// x years / node-mttf-years, the racks x years / rack-outage-years and /
// rack-loss-years, and the AZs x years / az-outage-years.
func (s DurabilitySpec) Cost() engine.Cost {
	t := s.Topology
	nodes, racks, azs := float64(t.Nodes()), float64(t.Racks()), float64(t.TotalAZs())
	npr, npa := float64(t.NodesPerRack), float64(t.NodesPerAZ())
	objects, replicas := float64(s.Objects), float64(s.Objects*s.Replicas)
	strategies := t.strategiesOf(s.Strategies)
	fleets := float64(len(strategies))
	disk, rackDark, rackLost, azDark := nodes*s.Years/s.NodeMTTFYears, racks*s.Years/s.RackOutageYears,
		racks*s.Years/s.RackLossYears, azs*s.Years/s.AZOutageYears
	starts := disk + rackDark + rackLost + azDark

	// The timeline: two draws a start, and every start and end taken
	// out in time order.
	timelineNs := starts*(2*nsDraw+2*nsHappening) + nsDraw

	// Each fleet: the failures' nodes and the replicas they hold.
	node := float64(nsNode)
	if nodes > farNodes {
		node = nsNodeFar
	}
	spanNodes := 2 * (disk + (rackDark+rackLost)*npr + azDark*npa)
	perNode := replicas / nodes
	darkTouches := 2 * (rackDark*npr + azDark*npa) * perNode
	destroyed := (disk + rackLost*npr) * perNode
	failuresNs := 2*starts*nsApply + spanNodes*node // per fleet, whatever it holds
	// The replicas each fleet holds: touched, destroyed and rebuilt, in
	// the cache or not (greedy's objects all sit on the same nodes, so it
	// meets them in order), and a rebuild's scan of the domains.
	replicasNs, scanNs := 0.0, 0.0
	for _, st := range strategies {
		far := math.Min(1, math.Max(0, math.Log2(replicas/nearReplicas)/math.Log2(farReplicas/nearReplicas)))
		count, size := st.domains(t)
		if st == Random || st == Greedy {
			count, size = t.Nodes(), 1
		}
		if st == Greedy {
			far = 0
		}
		touch := nsTouch + far*(nsTouchFar-nsTouch)
		perDestroyed := nsDestroy + far*(nsDestroyFar-nsDestroy) + nsRebuild + far*(nsRebuildFar-nsRebuild)
		live := s.liveShare(st)
		replicasNs += live * ((darkTouches+destroyed)*touch + destroyed*perDestroyed)
		scanNs += live * destroyed * float64(count+size) * nsScan
	}
	weeks := math.Ceil(s.Years * 8760 / Week)
	setupNs := fleets * (objects*nsPlace + nodes*nsFleetNode)
	seconds := (timelineNs + fleets*failuresNs + replicasNs + scanNs + setupNs + fleets*weeks*nsWeek) / 1e9

	// Memory: the timeline's ends to come (those in flight, with room for
	// a burst, in queues that double and are compacted once half done);
	// each fleet's lists per node, its objects and their replicas, its
	// queue of rebuilds; the history.
	inFlight := (disk*s.ReplaceHours+rackDark*s.RackOutageHours+rackLost*s.ReplaceHours+azDark*s.AZOutageHours)/(s.Years*8760) + 1
	inFlight = math.Min(inFlight+6*math.Sqrt(inFlight)+16, starts+16)
	timelineBytes := timelineSetup + 4*inFlight*pendingBytes
	objectBytes := 48 + 8*float64(s.Replicas) // an object and its nodes (in size classes of 16 bytes past 32)
	if s.Replicas > 4 {
		objectBytes = 48 + 16*math.Ceil(float64(s.Replicas)/2)
	}
	// The queue of rebuilds holds those in flight and a burst of a rack's
	// replicas at once (greedy's first nodes hold every object), and is
	// compacted once half of it is done.
	burst := 2 * perNode * npr
	fleetBytes := nodes*(24+8+1+8) + objects*objectBytes + replicas*4*1.9
	for _, st := range strategies {
		if st == Greedy {
			burst = math.Max(burst, 2*objects)
		}
	}
	queued := math.Min(destroyed, destroyed/(s.Years*8760)*s.RebuildHours+burst) + 4096
	fleetBytes += queued * 16 * 2.5
	historyBytes := 2*fleets*math.Ceil((weeks+1)/4096)*4096*16 + 2*math.Floor(s.Years)*(32+fleets*32) // and each year's counts
	c := engine.Cost{Seconds: seconds, Bytes: durabilityBase + timelineBytes + fleets*fleetBytes + historyBytes,
		OutputBytes: s.OutputBytes("json"), // the longest
		TimeLevers:  []string{"objects", "years", "nodes"}, MemoryLevers: []string{"objects", "nodes"}, OutputLevers: []string{"years", "strategies"}}
	if timelineNs+fleets*failuresNs > replicasNs+scanNs+setupNs { // the failures, more than the objects
		c.TimeLevers = []string{"years", "nodes", "racks", "strategies"}
	}
	if timelineBytes > fleets*fleetBytes {
		c.MemoryLevers = []string{"replace-hours", "nodes", "racks"}
	}
	return c
}

// liveShare is the mean share of strategy st's objects not yet lost over
// the run, (1 - e^-x)/x for x the expected losses of an object over the
// years: a replica is destroyed at rate l1 (its node's disk or its rack),
// and an object is lost when its other r-1 replicas go within a rebuild
// time of the first, or when a rack that holds all of them is destroyed.
func (s DurabilitySpec) liveShare(st Strategy) float64 {
	t, r := s.Topology, s.Replicas
	hours := s.Years * 8760
	lRack := 1 / (s.RackLossYears * 8760)
	l1 := 1/(s.NodeMTTFYears*8760) + lRack
	perObject := float64(r) * l1 * math.Pow(-math.Expm1(-l1*s.RebuildHours), float64(r-1))
	inOneRack := 0.0 // the chance all r replicas are on one rack
	if npr := t.NodesPerRack; r <= npr {
		switch st {
		case Greedy:
			inOneRack = 1
		case Random:
			inOneRack = float64(t.Racks()) * math.Exp(lchoose(npr, r)-lchoose(t.Nodes(), r))
		}
	}
	x := (perObject + lRack*inOneRack) * hours
	if x < 1e-9 {
		return 1
	}
	return -math.Expm1(-x) / x
}

func lchoose(n, k int) float64 {
	a, _ := math.Lgamma(float64(n + 1))
	b, _ := math.Lgamma(float64(k + 1))
	c, _ := math.Lgamma(float64(n - k + 1))
	return a - b - c
}

// OutputBytes is the size of the report in format (text, json or csv),
// measured: the JSON's years are a few lines a strategy, the text's a
// short row, and the CSV is a row a strategy.
func (s DurabilitySpec) OutputBytes(format string) float64 {
	fleets := float64(len(s.Topology.strategiesOf(s.Strategies)))
	years := math.Floor(s.Years)
	switch format {
	case "csv":
		return 60 + 25*fleets
	case "text":
		return 600 + 100*fleets + 17.5*fleets*years
	}
	return 1700 + 300*fleets + years*(64+120*fleets)
}
