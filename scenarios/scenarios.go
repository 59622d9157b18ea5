// Package scenarios holds the two registries every front end reads: the
// engines (name, title, default spec) and the named, seeded presets of the
// picker and the command line. Adding a scenario touches only this file;
// adding an engine adds one entry to engines.go.
package scenarios

import (
	"slices"
	"sort"

	"github.com/loadlab/loadlab/sim/avail"
	"github.com/loadlab/loadlab/sim/bins"
	"github.com/loadlab/loadlab/sim/cascade"
	"github.com/loadlab/loadlab/sim/configstorm"
	"github.com/loadlab/loadlab/sim/flipflop"
	"github.com/loadlab/loadlab/sim/hashing"
	"github.com/loadlab/loadlab/sim/interleave"
	"github.com/loadlab/loadlab/sim/leasestorm"
	"github.com/loadlab/loadlab/sim/netmanager"
	"github.com/loadlab/loadlab/sim/placement"
	"github.com/loadlab/loadlab/sim/queue"
	"github.com/loadlab/loadlab/sim/remirror"
	"github.com/loadlab/loadlab/sim/siteoutage"
)

// Scenario is a preset: an engine's spec and what it teaches.
type Scenario struct {
	Name   string
	Title  string
	Lesson string
	Spec   Spec
	// StepsPerSecond is the TUI's starting speed; 0 means as fast as the
	// frame budget allows and a negative speed opens paused.
	StepsPerSecond float64
	// Headline lists the figures the lesson quotes, by the keys the
	// engine's lab gives its figures ("success,high,low,backlog"); the lab
	// shows them above its views. Empty shows every figure the lab has.
	Headline []string
	// Seeds, above 0, makes the scenario's question a spread: loadlab
	// run runs it on that many seeds (as --seeds), and N in its lab runs
	// that many unless told otherwise.
	Seeds int
}

// Engine names the engine the scenario runs.
func (s Scenario) Engine() string { return s.Spec.Engine() }

// edited returns a copy of a default spec with one scenario's changes.
func edited[T any](spec T, edit func(*T)) T {
	edit(&spec)
	return spec
}

// cascadeRun is the lecture's cascade run with one protection set.
func cascadeRun(set string) cascade.Spec {
	return edited(cascade.DefaultSpec(), func(s *cascade.Spec) { s.Configs = set })
}

var registry = []Scenario{
	{
		Name:   "hrw-vs-ring",
		Title:  "Rendezvous hashing against a consistent-hash ring: the same keys, two spreads",
		Lesson: "HRW gives each key to the node of highest hash(key, node): the spread is as even as chance allows, and a node leaving moves only its own keys. A ring with one point a node cuts the circle into arcs of random length: some nodes get several times the mean, some a sliver. The ring's moves are luck, not merit: a node holds its arc's keys, and the one that left held a sliver, 1.01 % against the ideal 1/30 = 3.33 %, while another holds three times the mean (spread 101 %) and would have moved ten times as many; HRW moves 3.23 %, near its ideal whichever node leaves, because every node holds near its share. p/P change the ring's points; x and a take a node out or add one, and the keys that move are counted.",
		Spec: edited(hashing.DefaultSpec(), func(s *hashing.Spec) {
			s.Nodes, s.Keys, s.Against, s.VNodes = 30, 30000, "ring", 1
		}), StepsPerSecond: -1, Headline: []string{"spread", "leave", "join"},
	},
	{
		Name:   "weighted-hrw",
		Title:  "Weighted HRW: nodes of weight 1, 2 and 4 take 1/7, 2/7 and 4/7 of the keys",
		Lesson: "Score each node -w / ln u, with u from hash(key, node) in (0, 1): a node of weight w wins a share w / (sum of weights) of the keys, and a node leaving still moves only its own. w cycles the weights; x and a take a node out or add one.",
		Spec: edited(hashing.DefaultSpec(), func(s *hashing.Spec) {
			s.Nodes, s.Keys, s.Scheme, s.Against, s.Weights = 21, 21000, "weighted-hrw", "hrw", "1,2,4"
		}), StepsPerSecond: -1, Headline: []string{"shares", "leave"},
	},
	{
		Name:  "jump-hash",
		Title: "Jump consistent hash: a new bucket takes 1/(n+1) of the keys, only the last can leave",
		Lesson: "100 nodes, 100,000 keys, jump against HRW on the same keys (Lamping and Veach's jump consistent hash, docs/sources.md §MECH.5). Jump keeps no ring and no scores: a key's bucket comes out of a short loop seeded by its hash, about ln n steps. It spreads the keys as evenly as HRW (3.3 % about the mean against 3.1 %). " +
			"A 101st node takes 0.966 % of the keys, where 1/(n+1) is 0.99 %, and every key that moves goes to it. But jump's buckets are numbers 0 to n-1: node 53 leaving renumbers the 46 after it, and 47.038 % of the keys move, where HRW moves 0.957 %, only the leaver's. Jump suits shards that grow and shrink at the end; HRW or a ring suits nodes that fail anywhere. x takes a node out at random, a adds one.",
		Spec: edited(hashing.DefaultSpec(), func(s *hashing.Spec) {
			s.Nodes, s.Scheme, s.Against = 100, "jump", "hrw"
		}), StepsPerSecond: -1, Headline: []string{"spread", "leave", "join"},
	},
	{
		Name:  "maglev-table",
		Title: "Maglev: a lookup table of a prime 100 x the nodes, every node's entries within 1 % of the others'",
		Lesson: "100 nodes, 100,000 keys, Maglev against a ring of 100 points a node (Eisenbud et al., Maglev, NSDI 2016, docs/sources.md §MECH.5). Maglev fills a table of 10,007 entries, the first prime above 100 x the nodes: each node walks its own permutation of the entries, and the nodes take turns claiming the next free one, so that every node ends with 100 or 101 entries, 1.00 % apart. A lookup is one hash and one read. " +
			"The keys spread 3.2 % about the mean, the ring's 10.5 %. The price is churn: when node 53 leaves the table is filled again, and 2.809 % of the keys move, nearly three times its 1 %, where the ring moves 0.996 %, only the leaver's. Maglev's paper takes that trade for even load; x and a show it change by change.",
		Spec: edited(hashing.DefaultSpec(), func(s *hashing.Spec) {
			s.Nodes, s.Scheme, s.Against = 100, "maglev", "ring"
		}), StepsPerSecond: -1, Headline: []string{"table", "leave", "join"},
	},
	{
		Name:  "bounded-loads",
		Title: "Consistent hashing with bounded loads: no node above 1.25 x the mean",
		Lesson: "100 nodes of 10 ring points each, 100,000 keys, a ring against the same ring with bounded loads (Mirrokni, Thorup and Zadimoghaddam, 2018; HAProxy's hash-balance-factor; docs/sources.md §MECH.5). With so few points the ring's busiest node holds 1819 keys, 82 % above the mean of 1,000. " +
			"Bounded, a node takes at most ceil(1.25 x 1,000) = 1250 keys, and a key whose node is full goes on clockwise to the next one with room: the fullest holds exactly 1250, and the spread falls from 30.3 % to 23.1 %. The bound costs moves: when node 53 leaves, 1.669 % of the keys move, some between nodes that stayed, against the ring's 1.308 %. --epsilon sets the bound (0.25 here, HAProxy's 125).",
		Spec: edited(hashing.DefaultSpec(), func(s *hashing.Spec) {
			s.Nodes, s.VNodes, s.Scheme, s.Against = 100, 10, "bounded", "ring"
		}), StepsPerSecond: -1, Headline: []string{"cap", "leave", "join"},
	},
	{
		Name:   "supermarket-steps",
		Title:  "Ten servers, a job at a time: the two queues a job looks at and the one it joins",
		Lesson: "Each step is one job. Two choices (left) look at two servers picked at random, marked 1 and 2 under their queues, and join the shorter (▲); random (right) joins a server without looking. Between jobs, servers finish theirs. n or → brings the next job, ← or b goes back one (the run replays from its start), space plays. The left queues stay level; the right ones pile up on a few servers while others sit idle.",
		Spec: edited(queue.DefaultSpec(), func(s *queue.Spec) {
			s.Servers, s.Against, s.Time, s.Warmup, s.Seed, s.Stepper = 10, "random", 30, 0, 425, true
		}), StepsPerSecond: 1, Headline: []string{"mean", "7+"},
	},
	{
		Name:   "supermarket-90",
		Title:  "The supermarket model: 1000 servers at 90 %, one random choice against the shorter of two",
		Lesson: "Sent to a random server, a job finds a queue of 9 on average (the random side climbs there slowly: a queue at 90 % takes hundreds of service times to settle) and nearly half the servers hold 7 or more. Looking at just two servers and taking the shorter cuts the mean to about 2.35: over half the servers hold 2 or 3 jobs and 7 almost never happens. Both runs meet the same arrivals. The headline gives each mean and share averaged over the time since the warm-up, as the report does; the panels give them now. p and P change the policies, d/D the choices, [ and ] the load.",
		Spec:   edited(queue.DefaultSpec(), func(s *queue.Spec) { s.Against, s.Time, s.Warmup = "random", 1000, 50 }), StepsPerSecond: 40,
		Headline: []string{"mean", "7+"},
	},
	{
		Name:   "d-choices-queue",
		Title:  "d = 2 against d = 3 at 95 %: the big step is the second choice",
		Lesson: "Each extra choice squares the tail again, but the mean shrinks far less from two choices to three (3.2 to 2.4 at 95 %) than from one to two (19 to 3.2): each chart draws random's mean field of 19 above the two. d/D change the left policy's choices; P changes the right policy.",
		Spec: edited(queue.DefaultSpec(), func(s *queue.Spec) {
			s.Load, s.D, s.Against, s.AgainstD, s.Time, s.Warmup = 0.95, 2, "jsq-d", 3, 300, 50
		}), StepsPerSecond: 20, Headline: []string{"mean", "random"},
	},
	{
		Name:   "stale-board-herd",
		Title:  "A stale load board: two choices on old numbers send a herd to the same servers",
		Lesson: "When the queue lengths a job reads are minutes old, every job picks the same servers that looked short, until the board refreshes: the herd. Fresh two choices (right) against the same choices on a board refreshed every 5 time units (left). Under the queue lengths, the jobs sent to the hottest servers since the board's last refresh: the board showed them idle, they now hold many and still get more than a fair share, where fresh choices spread the jobs. f/F halve or double the refresh interval.",
		Spec: edited(queue.DefaultSpec(), func(s *queue.Spec) {
			s.Policy, s.Against, s.Refresh, s.Time, s.Warmup = "stale-d", "jsq-d", 5, 300, 50
		}), StepsPerSecond: 20, Headline: []string{"mean", "7+"},
	},
	{
		Name:   "mitzenmacher-99",
		Title:  "A job's stay at 99 %: two choices against three, and Mitzenmacher's figures",
		Lesson: "1000 servers at 99 % of their capacity, on the same arrivals: the shorter of two queues (left) against the shortest of three (right). Mitzenmacher's fixed point gives a job's mean stay, waiting and served, as 5.43 time units with two choices and 3.86 with three; one random choice gives 100 (an M/M/1 queue at 0.99, 99 jobs a server: the headline's random mean field). Over 4,000 time units after 1,000 of warm-up the run measures 5.55 and 3.95: a fleet of 1000 sits a little above the limit of infinitely many servers the fixed point describes, and the gap shrinks as the fleet grows. The third choice saves a further 1.6 time units a job; the second saved 94. Press [ twice for 90 %, where the figures are 10, 2.61 and 2.03. (§MECH.2)",
		Spec: edited(queue.DefaultSpec(), func(s *queue.Spec) {
			s.Load, s.D, s.Against, s.AgainstD, s.Time, s.Warmup = 0.99, 2, "jsq-d", 3, 5000, 1000
		}), StepsPerSecond: 200, Headline: []string{"response", "field-response"},
	},
	{
		Name:   "slow-server-round-robin",
		Title:  "Ten slow servers in a hundred: round robin drowns them, weighted round robin does not",
		Lesson: "A hundred servers, ten of them (0-9) at a quarter of the others' speed, asked for 80 % of what the fleet can serve. Round robin (left) gives every server the same turn, 0.74 jobs a time unit, and a slow server finishes only 0.25: its queue grows by half a job every time unit and never stops (498.25 jobs on average since t 500), and a job's stay averages 69.26 time units. Weighted round robin (right) gives each server turns in proportion to its speed, a slow one one turn in four rounds: every server is busy 80 % of the time, a slow one holds 2.35 on average and a stay is 2.98. The weights must be told to it; the policies that look at the servers find them out (peak-ewma-slow-servers). (§MECH.2)",
		Spec: edited(queue.DefaultSpec(), func(s *queue.Spec) {
			s.Servers, s.Slow, s.Load, s.Policy, s.Against, s.Time, s.Warmup = 100, 10, 0.8, "round-robin", "wrr", 1500, 500
		}), StepsPerSecond: 40, Headline: []string{"response", "slow"},
	},
	{
		Name:   "peak-ewma-slow-servers",
		Title:  "Peak EWMA against two choices on outstanding jobs, with ten slow servers",
		Lesson: "The same fleet: ten of a hundred servers at a quarter speed, 80 % load. Two choices on outstanding jobs (right) count a slow server's three jobs as a fast one's three, though they take four times as long: a slow server holds 3.50 on average and a job's stay is 2.44. Peak EWMA (left, Finagle's balancer) also draws two servers, but costs each at its average response time times its jobs + 1; the average jumps to any slower response and fades over the decay time (100 time units). It sends the slow servers less work (1.44 each) and the stay falls to 2.31. Too short a decay forgets the slow answers between jobs: at the : prompt, --decay 0.3 makes the stay 52.15. Joining the shortest of all (jsq, least outstanding) gives 1.10, but it looks at every server for every job. (§MECH.2)",
		Spec: edited(queue.DefaultSpec(), func(s *queue.Spec) {
			s.Servers, s.Slow, s.Load, s.Policy, s.Against, s.Time, s.Warmup = 100, 10, 0.8, "peak-ewma", "jsq-d", 1500, 500
		}), StepsPerSecond: 40, Headline: []string{"response", "slow"},
	},
	{
		Name:   "gray-failure",
		Title:  "A gray failure: five servers fail every job fast; two choices with and without ejection",
		Lesson: "100 servers at 70 %; the last five (95-99) pass their health checks but answer every job with an error, five times as fast as a good server serves one (26.2.3's gray failure). Two choices on outstanding jobs (left) see those five always short and send them more than their share: 7.39% of the jobs fail, where a random pick fails its 5.04%, and Peak EWMA, which prefers the fastest answers, 9.79%. Outlier ejection (right, as Envoy's: a server out after 5 errors in a row, for 300 service times the first time and longer each time after) takes each gray server out within its first few jobs: 0.03% fail. The balancers that look are only as good as what they look at. (§MECH.3)",
		Spec: edited(queue.DefaultSpec(), func(s *queue.Spec) {
			s.Servers, s.Gray, s.Load, s.Policy, s.Against, s.AgainstEject, s.Time, s.Warmup = 100, 5, 0.7, "jsq-d", "jsq-d", true, 1500, 500
		}), StepsPerSecond: 40, Headline: []string{"errors", "ejected"},
	},
	{
		Name:   "panic-threshold",
		Title:  "The panic threshold: a broken health check marks 60 of 100 good servers failing",
		Lesson: "Every server is fine, but a broken health check says 60 of the 100 fail. Without a panic threshold (left) the balancer believes it and sends the load of 70 servers to the 40 it trusts: each gets 1.75 times what it can serve, the queues grow without end, and a job's stay averages 432.41 service times by the end. With Envoy's threshold (right), fewer than 50 % healthy means the checks are more likely wrong than the fleet: it balances across all 100, and a stay is 1.63. The threshold bets that a mass failure of checks is the checks'; when most servers really are down, the same bet sends jobs to dead ones. (§MECH.3)",
		Spec: edited(queue.DefaultSpec(), func(s *queue.Spec) {
			s.Servers, s.Unhealthy, s.Load, s.Policy, s.Against, s.Panic, s.Time, s.Warmup = 100, 60, 0.7, "jsq-d", "jsq-d", 0, 1500, 500
		}), StepsPerSecond: 40, Headline: []string{"response", "panic"},
	},
	{
		Name:   "durability-years",
		Title:  "Ten years of failures: which placement keeps the data?",
		Lesson: "3,000 objects on the lecture's 27 nodes through ten simulated years: disks die, racks and AZs go dark, a rack is sometimes destroyed, and every lost replica is rebuilt in 6 h. Greedy keeps everything in rack 0, so one dark rack makes every object unavailable, and a run loses all 3,000 or none: none on this seed, all on 426; N runs seeds 425-524, and all are lost on 30 of them, while random loses a few on every seed (15 on average). az-aware is short of a majority least often. f/F halve or double the rebuild time on the same failures: here losses come from racks destroyed with two or three of an object's replicas inside, which no repair speed saves (the counts move a little either way, as rebuilt replicas land elsewhere); placement does.",
		Spec:   placement.DefaultDurabilitySpec(), StepsPerSecond: 26, Headline: []string{"lost", "unavailable"},
	},
	{
		Name:  "durability-over-seeds",
		Title: "Ten years on 40 seeds: which placement's losses are luck, and which are design?",
		Lesson: "durability-years on 40 seeds, 425 to 464. N shows each strategy's objects lost for good, seed by seed; loadlab run durability-over-seeds prints every headline figure's spread. Greedy keeps every object on the same three nodes, so a seed loses all 3,000 or none: none on the median seed, yet 900 on average, all of them on 12 of the 40. Random spreads the risk: it loses a few on every one of the 40 seeds, 15.3 on average (the report's 15.32, 5-95 % of seeds between 1 and 53). Rack-aware and az-aware lose none on any seed. " +
			"The report also counts the objects short of a majority at some moment: az-aware the fewest, 113.92 on average, against rack-aware's 2249.03. One seed shows greedy losing nothing or everything; forty show what greedy is: a bet on one rack.",
		Spec: placement.DefaultDurabilitySpec(), StepsPerSecond: 26, Headline: []string{"lost", "unavailable"}, Seeds: 40,
	},
	{
		Name:   "durability-repair",
		Title:  "Repair time is the lever: the same disk failures, rebuilds of 48 h down to 6 h (26.3.6)",
		Lesson: "Every failure here is one disk, independent of the others (no rack burns, nothing goes dark): each of the 27 nodes loses its disk every 3 months on average, one somewhere every 3.4 days. An object is lost only when all three of its replicas' disks die within one rebuild, a chance that grows as the square of the rebuild time. With 48 h rebuilds random placement loses 114 of 3,000 objects in ten years (rack-aware 121, az-aware 96); f halves the rebuild time on the same failures: at 24 h random loses 34, at 12 h 2, at 6 h none. Spreading cannot dodge failures that strike nodes independently, so the spreading strategies lose alike; greedy's objects share three nodes and stand or fall together (all short of a majority at 48 h, none at 12 h). MTTR is the lever; B doubles it back.",
		Spec: edited(placement.DefaultDurabilitySpec(), func(s *placement.DurabilitySpec) {
			s.NodeMTTFYears, s.RebuildHours = 0.25, 48
			s.RackOutageYears, s.AZOutageYears, s.RackLossYears = 1e6, 1e6, 1e6
		}), StepsPerSecond: 26, Headline: []string{"lost", "unavailable"},
	},
	{
		Name:   "availability-lecture",
		Title:  "Availability = MTTF / (MTTF + MTTR): two paths to more nines (26.4.3)",
		Lesson: "A depends on MTTR / MTTF alone: a tenth of the repair time buys the same nine as ten times the MTTF. The strip is one machine failing and being repaired: its measured availability wanders, then settles on the formula. u/U and j/J scale the MTTF, d/D and k/K the MTTR, g/G move the target a nine.",
		Spec:   avail.DefaultSpec(), StepsPerSecond: 40, Headline: []string{"repair", "mttf", "measured"},
	},
	{
		Name:   "scale-needs-fast-repair",
		Title:  "At scale, repair time is the lever: a fleet of 12,000 machines needs repairs within seconds",
		Lesson: "One machine of MTTF 10 years fails every 87,600 h; 12,000 of them fail every 7.3 h, and 99.99 % then needs every failure repaired within 2.6 s (0.3 s at 100,000). No human is that fast: automatic failover is the only way. The strip watches the fleet of 12,000 as one system of MTTF 7.3 h (f/F move to a smaller or larger fleet of the table, marked ▶): k/K and d/D shorten the repair until it meets the target.",
		Spec: edited(avail.DefaultSpec(), func(s *avail.Spec) {
			s.MTTF, s.MTTR = 7.3, 0.01
		}), StepsPerSecond: 40, Headline: []string{"fleet"},
	},
	{
		Name:   "placement-lecture",
		Title:  "Replicas and fault domains: 27 nodes, 3 replicas, four strategies, four failures (26.4.2)",
		Lesson: "Numbers run rack by rack, so greedy's lowest three share a rack: one rack failure in nine takes every replica. Random spreads them blindly (2.5 % lose a majority to a rack, 25 % to an AZ); rack-aware is safe from racks but not AZs (22 %); only az-aware, with as many AZs as replicas, survives any AZ. A correlated failure (a bug everywhere) beats them all. Step or play to fill the table; 1-5 place an object of your own and f fails a domain under it.",
		Spec:   placement.DefaultSpec(), StepsPerSecond: 40000, Headline: []string{"rack", "az"},
	},
	{
		Name:   "correlated-failure",
		Title:  "A correlated failure: every node at once, and no placement escapes it",
		Lesson: "Redundancy only helps against independent failures. When a shared bug or a config push takes every node, three replicas are lost as surely as one, whatever the placement. Press f on an object until every node is down. It places 1,000 objects a location, not the lecture's 4,000, so that it plays in seconds: its AZ percentages differ a little from placement-lecture's (25.67 % against 25.17 % for random), while the exact marks are the same.",
		Spec: edited(placement.DefaultSpec(), func(s *placement.Spec) {
			s.Events, s.Trials = "az,correlated", 1000
		}), StepsPerSecond: 500, Headline: []string{"az", "correlated"},
	},
	{
		Name:   "version-diversity",
		Title:  "Software diversity: three versions, and placement that spreads them",
		Lesson: "Node n runs version n mod 3. A bug in one version takes a third of the fleet, spread across every rack and AZ: az-aware placement loses a majority to it a quarter of the time. Diverse placement (distinct AZs and distinct versions) survives any one AZ and any one version. w/W changes the versions.",
		Spec: edited(placement.DefaultSpec(), func(s *placement.Spec) {
			s.Versions, s.Trials = 3, 1000
			s.Strategies, s.Events = "random,az-aware,diverse", "az,version,correlated"
		}), StepsPerSecond: 500, Headline: []string{"az", "version"},
	},
	{
		Name:   "sites-and-providers",
		Title:  "Sites, a city's feed and providers: a building dark takes all of a one-site customer's objects (26.2.9)",
		Lesson: "The site level above the AZs: 8 buildings of 2 AZs x 3 racks x 3 nodes, each pair a city on one power feed, two providers of 4 sites. A customer of one building (one-site: distinct racks of one site) loses every replica of each object a site failure reaches: 1/8 of its objects, the chance the dark site is its own, and all of them when it is. One city's pair (one-city: replicas dealt round the city's two sites) loses no object whole to one site, but its city's feed takes 1/4 of them entirely: two buildings on one feed are one fault domain. Two providers (cross-provider: replicas dealt round the providers, on distinct sites) lose nothing to a site, not even a majority; but two of an object's three sites can be the two of one city, and that city's feed then takes its majority, never all three: 1/12 of objects exactly (8.25 % of these 4,000), none lost whole. 6-9 place an object by the site strategies; f fails the next kind of failure where it hits the object most (node, rack, AZ, all, site, city), F at random.",
		Spec: edited(placement.DefaultSpec(), func(s *placement.Spec) {
			s.Sites, s.SitesPerCity, s.Providers, s.AZs = 8, 2, 2, 2
			s.Trials, s.Strategies, s.Events = 1000, "one-site,one-city,cross-provider,site-aware", "site,city"
		}), StepsPerSecond: 2000, Headline: []string{"site", "city"},
	},
	{
		Name:   "cascade-lecture",
		Title:  "Cascading failure: no protection (S1) against every protection (S6), seed 425",
		Lesson: "At 15 s the database slows down 20x. On the left (S1) its 10 connections fill, then svc's 60 threads wait on it holding their slots, then api's 120: a slow dependency eats its callers. On the right (S6) the protections cannot add capacity (a database 20x slower serves 20x fewer calls whatever you do): they change who fails and how fast. Shedding drops low priority first, so high priority succeeds 48 % of the time against 16 % for low, and a request stuck in a queue is failed after 250 ms instead of 3 s. S6 is not the best on overall success (S4 and S5 beat it): it buys high priority with low. S6's breaker never opens: the lecture's breaker counts svc's aux calls too, and S6's bulkhead keeps 18 threads for aux, so healthy aux calls hold the failed share under half (without the bulkhead it opens 8 times; G's textbook breaker, counting db calls only, opens 7 times in S6). c shows one set; 1-6 and shift 1-6 pick the sets; a gives both sides the same arrivals; M stops at the moments.",
		Spec:   cascadeRun("S1,S6"), StepsPerSecond: 10, Headline: []string{"success", "high", "low", "backlog"},
	},
	{
		Name:   "cascade-presets",
		Title:  "The six protection sets of 26.4.1, one at a time (press 1-6)",
		Lesson: "S1 no protection (17 % succeed), S2 immediate retries (more load, no more success), S3 tuned timeouts (22 %), S4 a circuit breaker (27 %), S5 bulkheads (28 %), S6 everything with backoff, jitter, a retry budget and shedding (23 %, but 48 % of high priority: shedding turns low priority away; its breaker never opens: the lecture's breaker counts aux calls too, and the bulkhead keeps them succeeding; G gives the textbook breaker, which opens). Press 1-6 to switch sets from now, or Z and then 1-6 to rerun a set from the start; o y B k x u flip one protection at a time.",
		Spec:   cascadeRun("S1"), StepsPerSecond: 10, Headline: []string{"success", "high", "low", "backlog"},
	},
	{
		Name:   "retries-every-layer",
		Title:  "Three retries at each of three layers: 64 calls at a failing database",
		Lesson: "The database answers every call with an error; 5 requests a second, each calling it. On the left the client retries 3 times, and so does every layer: svc tries its database call 4 times, api its svc call 4 times, so one request makes 4 x 4 x 4 = 64 calls (63.59 measured: the requests still under way at the end have made fewer). S2 (right) retries only at the client, 3 times: 4.00 database calls a request. Retries at every layer multiply: a dependency already failing gets 64 times its callers' traffic. Retry at one layer only, or cap them (retry-cap-10). e turns the left run's layer retries off and on from now. (§MECH.4)",
		Spec: edited(cascadeRun("custom,S2"), func(s *cascade.Spec) {
			s.RetryPolicy, s.UseLayerRetries = "immediate", true
			s.Rate, s.DepProb, s.DBFail, s.DegradeAt, s.SurgeAt, s.SurgeEnd = 5, 1, 1, 60, 60, 60
		}), StepsPerSecond: 10, Headline: []string{"db-calls", "retried"},
	},
	{
		Name:   "client-throttling",
		Title:  "Client-side throttling (the SRE book's, K = 2) on the lecture's slow database",
		Lesson: "Both sides run the tuned timeout through the lecture's slowdown. On the left svc also throttles itself: it counts its database calls and those that came back ok over the last 10 s, and refuses a call at once with probability (requests - 2 x accepts) / (requests + 1). From 10 s into the slowdown the database is sent 2.16 calls for each it answers, about K = 2, against 3.76 without (S3, right): the calls it could never serve are refused at svc in a tick instead of waiting 0.25 s in its queue holding a svc thread. Success rises from 21.5% to 28.7%; the threads it frees serve aux requests that had waited long in api's queue, so the p95 rises too (620 to 4890 ms). Over the whole minute the ratio is lower on both sides (1.51, 1.93): the first 15 s are healthy. h turns throttling off and on from now. (§MECH.4)",
		Spec: edited(cascadeRun("custom,S3"), func(s *cascade.Spec) {
			s.Timeout, s.UseThrottle = "tuned", true
		}), StepsPerSecond: 10, Headline: []string{"success", "sent-slow"},
	},
	{
		Name:   "adaptive-limits",
		Title:  "An adaptive concurrency limit on svc's database calls: AIMD (l: Gradient2)",
		Lesson: "Netflix's concurrency limits, on the lecture's slowdown with the tuned timeout. AIMD (left) lets svc have at most a limit of database calls in flight: one more on each call that comes back in time while half the limit is in use, 10% off on each that fails or takes over a second. In the slowdown the limit stays near what the slow database gets through in that second, and the calls over it fail at svc at once: success rises from 21.5% to 31.9%, and from 10 s into the slowdown the database is sent 1.40 calls for each it answers, against 3.76 (S3, right). Press l on the left for Gradient2, which compares the latest response time with its long-term average: it cuts the limit at the slowdown, then takes the slow database for the new normal as the average catches up, and lets the limit climb (23.0%). (§MECH.4)",
		Spec: edited(cascadeRun("custom,S3"), func(s *cascade.Spec) {
			s.Timeout, s.Limiter = "tuned", "aimd"
		}), StepsPerSecond: 10, Headline: []string{"success", "sent-slow"},
	},
	{
		Name:   "retry-cap-10",
		Title:  "A retry cap: retries at every layer, held under 10 % of the requests",
		Lesson: "The tuned timeout, immediate retries at the client and at every layer, through the lecture's slowdown, with a server-wide retry budget: a retry goes only while the retries of the last 10 s stay under 10% of its requests. Retries come to 0.09 a request (9.3%); without the cap (j) the same run retries 0.83 a request (83.3%) and succeeds less (16.8% against 21.2%): the retries add load just when the database can take none. (§MECH.4)",
		Spec: edited(cascadeRun("custom"), func(s *cascade.Spec) {
			s.Timeout, s.RetryPolicy, s.UseLayerRetries, s.UseRetryCap = "tuned", "immediate", true, true
		}), StepsPerSecond: 10, Headline: []string{"retried", "success"},
	},
	{
		Name:   "thundering-herd",
		Title:  "A retry storm: a thousand clients fail at once and retry",
		Lesson: "Without jitter every client's k-th retry lands in the same millisecond: a spike of a thousand at 100, 300 and 700 ms, the thundering herd. Full jitter spreads the same 3,000 retries over the whole backoff. Press j to switch the jitter live; the scale stays, so the spikes compare.",
		Spec:   cascade.DefaultStormSpec(), StepsPerSecond: 20, Headline: []string{"peak"},
	},
	{
		Name:  "aws-backoff-table",
		Title: "AWS's backoff simulator: full jitter does the least work, no jitter takes a minute",
		Lesson: "The model of AWS's backoff simulator, behind the post \"Exponential Backoff And Jitter\" (docs/sources.md §MECH.6): 100 clients each update one row once under optimistic concurrency, reading its version and writing it back; a write with a stale version fails, and the client backs off and reads again. Every message takes |normal(10 ms, 2 ms)|; the n-th backoff is min(5 ms x 2^n, 2 s) as each mode shapes it. The figures are the mean of 100 runs. " +
			"Writes count every write tried, failed ones too: one a client succeeds. No backoff: 2,425 writes a run, every client done in 2,033 ms, most of the writes failing. Exponential backoff without jitter: 1,858 writes, but the clients that collided wait the same and collide again, and the last is done at 63,617 ms. Equal jitter: 812 writes, 6,629 ms. Full jitter: 795 writes, the least work, done at 4,960 ms. Decorrelated: 1,002 writes, 4,519 ms. The post's table, within 2 %: full jitter does the least work, equal jitter loses to it on both counts. j steps through the modes.",
		Spec: edited(cascade.DefaultStormSpec(), func(s *cascade.StormSpec) {
			s.Model, s.Clients, s.BaseMs, s.CapMs, s.Jitter = "occ", 100, 5, 2000, "no-backoff,none,equal,full,decorrelated"
		}), StepsPerSecond: 200, Headline: []string{"writes", "done"},
	},
	{
		Name:   "breaker-explained",
		Title:  "The circuit breaker: over half of at least 20 calls in 2 s failing opens it for 5 s; then 3 trials",
		Lesson: "S4: with tuned timeouts and a breaker, db calls fail fast while it is open (O), so svc and api threads are not held by the slow database; half-open (H) lets three trial calls through. In 26.4.1's program the breaker counts every call svc makes, aux calls too, so half-open it closes as soon as three calls are back, whichever they are: at 22.58 s an aux call closes it 30 ms after it went half-open, before any db trial is back. G gives the textbook breaker, which counts only the db calls it guards and closes when its three trials are back ok; M then stops as each trial goes and comes back. Watch the band under the charts and the reasons in the moments.",
		Spec:   cascadeRun("S4"), StepsPerSecond: 10, Headline: []string{"success", "db", "aux", "p95"},
	},
	{
		Name:   "bulkhead-vs-breaker",
		Title:  "Breaker (S4) against bulkhead (S5): two ways to keep a slow database from taking svc",
		Lesson: "Left, S4 fails db calls fast while its breaker is open, so svc's threads are not held; right, S5 splits svc's threads 42 for db and 18 for aux, so the slow database can only take its own share: aux requests succeed 52 % of the time against 32 % with timeouts alone (S3). S4 reaches 57 % for aux by failing db calls fast instead. Watch the svc→db and svc→aux pools, and the aux class figures in the headline.",
		Spec:   cascadeRun("S4,S5"), StepsPerSecond: 10, Headline: []string{"success", "aux", "p95"},
	},
	{
		Name:   "dns-race",
		Title:  "AWS 2025: two DNS Enactors leave a record empty (26.2.10)",
		Lesson: "Two Enactors apply versioned DNS plans. Each checks once that its plan is not older than what the record holds, writes its plan to the record's two entries, then deletes every older plan. Of the 70 interleavings of their eight steps, 29 end with the record pointing at a deleted plan: empty. The stepper plays the lecture's order, s1 s2 f1 f2 f3 f4 s3 s4: the slow Enactor checks (step 1) and starts applying plan_new (2); the fast one takes up plan_newest (3), writes it everywhere (4) and deletes the older plans, plan_new too (5); the slow one's last write lands (6) on the deleted plan_new. The code assumed it ran fast enough to need no concurrency control. x and X walk the bad schedules, e types your own, 1 2 3 switch the fixes, E and [ ] change the Enactors and the records. Timeline (PDT): 19 Oct 2025, 11:48 PM the record of dynamodb.us-east-1.amazonaws.com is empty and everything reaching DynamoDB in us-east-1 fails; 20 Oct, 12:38 AM engineers find the cause, 1:15 AM a fix goes in, 2:25 AM all DNS information is restored (in all three AZs by 2:32 AM); EC2 launches fail until 1:50 PM.",
		Spec:   interleave.DefaultSpec(), StepsPerSecond: -1, Headline: []string{"schedules", "empty"},
	},
	{
		Name:   "dns-race-fixes",
		Title:  "The DNS race's fixes: a re-check narrows it, a CAS closes it",
		Lesson: "Every schedule counted under each fix; the stepper plays a schedule that survives the re-check (1 2 3 switch the fixes it runs under). A re-check just before each write, as a step of its own, catches the lecture's order, but a fast Enactor can still run whole between the re-check and the write: 255 of 924 schedules (27.6 %) still end empty, against 29 of 70 (41.4 %) with no fix. A compare-and-swap on the plan's version, check and write in one step, leaves none empty and none stale. A cleanup that never deletes the plan a record points to keeps a written record from being emptied, but not a stale write landing on a plan deleted before it: 5 of 70 still end empty and 24 keep plan_new, lost updates; with the re-check too, 21 of 924 end empty. x and X walk the schedules that survive the fix on. Timeline (PDT): 19 Oct 2025, 11:48 PM the record of dynamodb.us-east-1.amazonaws.com is empty and everything reaching DynamoDB in us-east-1 fails; 20 Oct, 12:38 AM engineers find the cause, 1:15 AM a fix goes in, 2:25 AM all DNS information is restored (in all three AZs by 2:32 AM); EC2 launches fail until 1:50 PM.",
		Spec: edited(interleave.DefaultSpec(), func(s *interleave.Spec) {
			s.Fixes = "recheck,none,cas,safe-cleanup,recheck+safe-cleanup,cas+safe-cleanup"
			s.Schedule = "s1 s2 s3 s4 f1 f2 f3 f4 f5 f6 s5 s6"
		}), StepsPerSecond: -1, Headline: []string{"share"},
	},
	{
		Name:   "dns-race-timing",
		Title:  "Fast enough, until a stall: the DNS race in time",
		Lesson: "The same race in time: each step takes about 1 ms, a new plan comes every 100 ms on average, and before each of its steps the slow Enactor stalls with chance 1/2. With no stall 0.32 % of 10,000 runs end empty, though 41.4 % of the schedules do: the code runs fast enough almost always. As the stall nears the gap between plans, the fast Enactor's whole program fits inside it: at 1,000 ms 74.84 % of runs end empty, the chance that the slow Enactor stalls before one of its two writes (1 - 1/2 x 1/2). The race was always there; a long enough pause finds it. c and C change the chance, 1 2 3 the fixes (a compare-and-swap makes every run safe). Timeline (PDT): 19 Oct 2025, 11:48 PM the record of dynamodb.us-east-1.amazonaws.com is empty and everything reaching DynamoDB in us-east-1 fails; 20 Oct, 12:38 AM engineers find the cause, 1:15 AM a fix goes in, 2:25 AM all DNS information is restored (in all three AZs by 2:32 AM); EC2 launches fail until 1:50 PM.",
		Spec:   edited(interleave.DefaultSpec(), func(s *interleave.Spec) { s.Mode = "timing" }), StepsPerSecond: 20, Headline: []string{"fast", "stalled", "exact"},
	},
	{
		Name:   "p2c-paired-4096",
		Title:  "Power of two choices: 200 paired trials at n = m = 4096",
		Lesson: "Five rules read the same candidates, so every difference is the rule's. Watch the trials table (it fits from 120 columns; at 80 the headline gives its means): two choices end at 3 (mean 3.03) and beat one choice (mean 6.275, as high as 10) in all 200 trials; correlated probes (the second repeats the first) and a never-refreshed snapshot (every load 0, so every tie goes to the first) equal one choice in every trial, as they must; the heavier of two (anti, mean 8.27) is worse than one choice in 194.",
		Spec: edited(bins.DefaultSpec(), func(s *bins.Spec) {
			s.Trials = 200
			s.Strategies = "one,two,correlated,stale,anti"
		}),
		StepsPerSecond: 2000, Headline: []string{"mean", "paired"},
	},
	{
		Name:   "heavy-load-blog",
		Title:  "10,000 balls into 100 bins: hot bins vanish with two choices",
		Lesson: "At 100 balls a bin, watch the gap above the mean: one choice's fullest bin holds 126 (26 above the mean), two choices' 102 (2 above), and the hot bins (1.2 x the mean) go from 2 to none. One ball and its two looks at a time moves the whole distribution.",
		Spec: edited(bins.DefaultSpec(), func(s *bins.Spec) {
			s.Bins, s.Balls, s.Seed = 100, 10000, 42
			s.Stream = "sequential"
		}),
		StepsPerSecond: 500, Headline: []string{"max", "gap", "hot"},
	},
	{
		Name:   "stale-herd",
		Title:  "Stale load snapshots: refreshed every 64 balls, or never (then one choice)",
		Lesson: "Two choices that compare loads copied every r balls rather than the live ones, against fresh two choices on the same candidates (§P2C's stale-two). Never refreshed (stale:4096, at 4,096 balls), every load in the snapshot is 0: every comparison is a tie, the tie goes to the first candidate, and the rule is one choice, ball for ball: higher than fresh two choices in all 200 trials, by 3 at the median. Refreshed every 64 balls, it ties fresh two choices in 186 of 200 trials (14 end one higher): between refreshes only 64 balls land among 4,096 bins, many of which look equally light, so they seldom pile onto one and no herd forms at this size (§P2C's pilot at 64 found the same 14). A herd needs many decisions on one old view: stale-board-herd, in the supermarket lab, draws one.",
		Spec: edited(bins.DefaultSpec(), func(s *bins.Spec) {
			s.Trials = 200
			s.Strategies = "two,stale:64,stale:4096"
			s.Baseline = "two"
		}),
		StepsPerSecond: 2000, Headline: []string{"mean", "paired"},
	},
	{
		Name:   "correlated-candidates",
		Title:  "Correlated candidates: a second probe that repeats the first",
		Lesson: "Two probes are only worth two choices when they are independent. Here correlated is the extreme case §P2C tests (correlated-two): the second probe is forced to the first's bin, so the rule still looks twice but learns about one bin and puts every ball where one choice does. Watch correlated's panel: it is one choice's, bin for bin (max 5), while two independent looks end at 3; over 50 trials correlated equals one choice in all 50, by construction, which is the lesson: a second look adds nothing it does not learn. In real systems rack affinity, cache hits, hot keys or routing make probes partly correlated, somewhere between these panels.",
		Spec: edited(bins.DefaultSpec(), func(s *bins.Spec) {
			s.Bins, s.Balls, s.Trials = 1024, 1024, 50
			s.Strategies = "one,two,correlated"
		}),
		StepsPerSecond: 500, Headline: []string{"mean", "paired"},
	},
	{
		Name:   "anti-choice",
		Title:  "Choosing the heavier bin",
		Lesson: "The comparison is what helps, and only in the right direction: the same two candidates sent to the heavier bin end at 7, against one choice's 5 and two choices' 3; over 50 trials anti is worse than one choice in 47.",
		Spec: edited(bins.DefaultSpec(), func(s *bins.Spec) {
			s.Bins, s.Balls, s.Trials = 1024, 1024, 50
			s.Strategies = "one,two,anti"
		}),
		StepsPerSecond: 500, Headline: []string{"mean", "paired"},
	},
	{
		Name:   "d-choices",
		Title:  "d = 1, 2, 3, 4 choices and always-go-left",
		Lesson: "Watch the max: 6 with one choice, 3 with two, then 3 and 2 with three and four (the fluid limit: 6.25, 3.02, 2.88, 2.09). The big step is from one choice to two; more choices help only by ln d. Vöcking's always-go-left with 4 groups (2.00) beats 4 plain choices.",
		Spec: edited(bins.DefaultSpec(), func(s *bins.Spec) {
			s.Trials = 50
			s.Strategies = "dchoice:1,dchoice:2,dchoice:3,dchoice:4,left:4"
		}),
		StepsPerSecond: 2000, Headline: []string{"mean", "paired"},
	},
	{
		Name:   "small-steps",
		Title:  "16 balls into 16 bins, one ball at a time",
		Lesson: "Watch each ball's two candidates, the loads compared and the bin chosen. It opens paused; space plays a ball a second (and pauses), n steps one ball, b steps one back.",
		Spec: edited(bins.DefaultSpec(), func(s *bins.Spec) {
			s.Bins, s.Balls, s.Seed = 16, 16, 1
		}),
		StepsPerSecond: 1, Headline: []string{"max"},
	},
	{
		Name:           "counterexample-n4",
		Title:          "Two choices can lose: stepping through a counterexample",
		Lesson:         "Of all 65,536 inputs at n = m = 4, two choices end worse than one on 96. Step ball by ball (n and p) and watch the greedy choice fill bin 1 while one choice splits the load.",
		Spec:           edited(bins.DefaultExactSpec(), func(s *bins.ExactSpec) { s.Counterexamples, s.Stepper = 100, true }),
		StepsPerSecond: -1, Headline: []string{"inputs", "worse"},
	},
	{
		Name:           "exact-n4",
		Title:          "Exact enumeration of every input at n = m = 4",
		Lesson:         "Exact expectations as fractions: 17/8 for one choice, 439/256 for two. Better on 24,240 inputs, the same on 41,200, worse on 96: a theorem about distributions, not about every input.",
		Spec:           edited(bins.DefaultExactSpec(), func(s *bins.ExactSpec) { s.Counterexamples = 100 }),
		StepsPerSecond: -1, Headline: []string{"emax", "better", "same", "worse"},
	},
	{
		Name:           "exact-dp-32",
		Title:          "Exact max-load distributions at n = m = 32 by dynamic programming",
		Lesson:         "Bins are exchangeable, so the multiset of loads is enough state: exact distributions of the max, far beyond brute force. Watch E[max]: 3.53 for one choice, 2.24 for two, 2.02 for three, 4.66 for the heavier of two, each an exact fraction (f shows them in full; v draws P(max = k) of every rule on one chart).",
		Spec:           edited(bins.DefaultExactSpec(), func(s *bins.ExactSpec) { s.Bins, s.Balls, s.Method = 32, 32, "dp" }),
		StepsPerSecond: -1, Headline: []string{"emax"},
	},
	{
		Name:  "lease-storm",
		Title: "AWS 2025, the lease storm: DWFM stays down after DynamoDB is back, until the throttle",
		Lesson: "The lecture's timeline, 2025-10-19/20: 11:48 PM DynamoDB cannot be reached, and DWFM, whose checks depend on it, can no longer renew the leases it holds on EC2's droplets; until 2:24 AM the leases time out. 2:25 AM DynamoDB is back, but DWFM does not renew an expired lease: every droplet must establish a new one at once, and DWFM falls into congestive collapse. 4:14 AM engineers throttle incoming work and restart hosts selectively. 5:28 AM DWFM has recovered. " +
			"The model's numbers are ours: 40,000 droplets, leases of 3 h renewed every 2 h, a manager serving 9 requests a second, droplets that give up after 60 s and ask again while the request they gave up on stays queued. The manager serves 540 droplets within one timeout (rate x timeout); at 2:25 AM 40,000 want a lease. " +
			"Left, no throttle: from 2:26 AM every request it serves is one its droplet gave up on; goodput stays at zero to the end, and by 5:25 AM every droplet has lost its lease. The cause ended at 2:25 AM; the collapse did not (a metastable state). Right, the throttle at 4:14 AM: at most 270 requests in flight and the queue flushed; goodput is at once the manager's 9 a second, and every droplet holds a lease again at 5:28 AM. " +
			"o/O change the outage. Where the line falls is the model's, not the lecture's: at 9 requests a second and a 60 s timeout, one of 2 min leaves 735 droplets waiting and is absorbed; one of 3 min leaves 1,116, and the model's manager never recovers by itself. g and e put the lecture's design fixes on the right run: staggered renewal (the waiting droplets ask at random times over 90 minutes, 7.4 a second, under the manager's 9) recovers by 3:54 AM with no throttle; expired leases that stay renewable keep the droplets running through the outage, but the manager still collapses when they all renew at once, and the leases that run out after 2:25 AM are lost as before (9,117 by the end). w/W change the rate, d/D the timeout, h the throttle, j/J its cap (above rate x timeout it fails), x drops requests older than the timeout; c shows one run or both.",
		Spec: leasestorm.DefaultSpec(), StepsPerSecond: 10, Headline: []string{"goodput", "wasted", "recovered"},
	},
	{
		Name:  "lease-storm-throttled",
		Title: "Out of the lease storm: the lecture's throttle, or dropping requests older than the timeout",
		Lesson: "The lecture's timeline: DynamoDB unreachable from 11:48 PM to 2:25 AM, DWFM collapsed from then on, engineers throttling at 4:14 AM, DWFM recovered at 5:28 AM. Both fixes make the manager work only for droplets still waiting (the counts are the model's). " +
			"Left, the throttle: past 270 requests in flight (half the 540 of rate x timeout) it turns requests away at once, so none waits past its droplet's 60 s. It comes at 4:14 AM, as the engineers' did, after two hours of collapse, and every droplet holds a lease again at 5:28 AM. " +
			"Right, dropping stale requests: everything comes in, but a request older than the timeout is dropped unserved (its droplet has already asked again). On from the start, it never lets the manager collapse: every droplet holds a lease by 3:39 AM. " +
			"j/J move the throttle's cap: above 540 the queue's wait passes the timeout again and the throttle fails. o/O change the outage, w/W the rate, d/D the timeout.",
		Spec: leasestorm.SpecOf(leasestorm.DefaultConfig(), "throttle,drop-stale"), StepsPerSecond: 10, Headline: []string{"goodput", "recovered", "wasted"},
	},
	{
		Name:  "network-manager",
		Title: "AWS 2025, the Network Manager's backlog: hours without a network for new instances",
		Lesson: "The lecture's timeline, 2025-10-20: 5:28 AM DWFM has recovered, and the flood of new leases starts to propagate, overwhelming EC2's Network Manager. 6:21 AM the Network Manager's latency is seen rising, slowing EC2's instances. 10:36 AM latency is back to normal. 11:23 AM engineers start to relax the throttles put on at 4:14 AM, step by step. 1:50 PM EC2 works again, old instances and new. " +
			"The model's numbers are ours: the 40,000 droplets of the lease storm each need their network state propagated, arriving over 3 h 15 min; the Network Manager propagates 137 a minute, in order; customers ask for 40 new instances a minute and the throttle lets 10 through, holding the rest. A new instance has no network until its update is done, so its wait is the updates ahead of it over the rate. " +
			"Left, the lecture's way: the Network Manager is half an hour behind at 6:20 AM and up to 1 h 51 min behind, catches up at 10:37 AM, and from 11:23 AM the engineers raise the throttle by 30 a minute every 10 minutes while a new instance waits at most 5 minutes, and take it back down a step when it waits longer: the 12,870 launches held since 4:14 AM go through with a new instance never waiting more than 7.2 min, and EC2 is back at 1:52 PM. " +
			"Right, the throttle lifted at once at 11:23 AM: every held launch arrives in one minute, the Network Manager floods again, and a new instance waits 1 h 33 min for its network. EC2 is back sooner, at 1:28 PM, but every instance launched in those 90 minutes starts without a network: the lag that, from 5:30 AM, made the load balancers' health checks fail instances that were fine (the next part, health-flip-flop). The engineers traded 24 minutes for no second flood. " +
			"a switches the right run between at once and in steps, p puts new instances' updates before the flood's (the model's fix, not the lecture's: the flood is as far behind, but while it lasts a launch gets its network in the minute), w/W the Network Manager's rate, k/K the engineers' step; c shows one run or both.",
		Spec: netmanager.DefaultSpec(), StepsPerSecond: 10, Headline: []string{"relaxed", "back", "wait"},
	},
	{
		Name:  "health-flip-flop",
		Title: "AWS 2025, health checks flip-flopping: each flip rewrites DNS; hysteresis cuts writes 25x",
		Lesson: "The lecture's timeline, 2025-10-20: from 5:30 AM new EC2 instances' network state propagates slowly; NLB's health checks flip instances between failed and healthy, and each flip takes an instance out of DNS or puts it back, adding DNS load. 9:36 AM engineers switch the automated health checks off. 10:36 AM network latency is back to normal. 2:09 PM the checks are switched back on once EC2 has recovered. " +
			"The model's numbers are ours: 120 instances checked every 10 s; from 5:30 AM their checks take about as long as the threshold and pass or fail by chance; 6 of them die. DNS applies 100 writes a minute, in the order they come; a write waiting has not happened yet. " +
			"Left, no protection: every result unlike the instance's state is a DNS write, 69,194 in all, up to 318 a minute against the 100 DNS applies. They queue: by the switch-off 44,432 wait, and DNS serves the fleet as the automation saw it 160 minutes before, dead instances included (161 minutes of them in DNS). The switch-off stops new writes, but its put-backs wait behind the old ones: at 2:09 PM, when the lecture's checks are switched back on and the run ends, 17,181 writes still wait, 3 hours of DNS's work. " +
			"Right, hysteresis (4 results in a row to change): the same check results, 25x fewer writes, never past DNS's capacity, so DNS keeps up; a dead instance leaves DNS after 4 checks instead of 1 (0.4 minutes in all). " +
			"k/K change the results in a row (each one more cuts the writes again), h turns hysteresis off and on, x the cap of 10 changes a minute (fewer writes still, but dead instances wait their turn behind the flapping ones: 331 minutes in DNS), a the switch-off at 9:36 AM; c shows one run or both.",
		Spec: flipflop.DefaultSpec(), StepsPerSecond: 10, Headline: []string{"writes", "peak", "in-service"},
	},
	{
		Name:  "aws-2011-remirror",
		Title: "AWS 2011, the re-mirroring storm: no backoff, and 13 % of a zone stuck for days",
		Lesson: "The lecture's timeline, 2011-04-21, one zone of US East: 12:47 AM a network upgrade moves traffic onto the low-capacity secondary network by mistake; it is rolled back, but the volumes that lost their mirror re-mirror aggressively, all at once, and use up the free capacity: the re-mirroring storm. 2:40 AM new create-volume requests are disabled; 2:50 AM the EBS API's errors recover. 5:30 AM errors rise again: a race seen only at high negotiation rates fails nodes, and more volumes lose a copy. 8:20 AM the zone's EBS cluster is cut off from the control plane. 11:30 AM the futile re-mirroring is stopped and the zone recovers slowly. Noon: 13 % of the volumes still stuck. April 24, noon: all but 1.04 % back; 0.07 % lost for good. " +
			"The model's numbers are ours, set so that the night averages the lecture's shares over seeds: 40,000 volumes on 800 nodes; at 12:47 AM 20 nodes are cut off and 2,013 volumes (5.03 %) lose their mirror; a stuck volume searches 6 times a minute; the spare network carries 9,000 searches a minute, the searches of 1,500 stuck volumes. " +
			"Left, no backoff: 12,078 searches a minute take the whole spare network, so nothing is re-mirrored and no volume stops searching; the race fails 38 nodes, and by 8:20 AM 13.9 % of the volumes are stuck; at noon on April 24 1.16 % still are, and 0.09 % are lost. Right, backoff and a cap of 200 volumes searching at once, on the same seed: the stuck volumes peak at 4.9 %, just under the wave, and every volume has a mirror again at 1:28 AM, 41 min after the change. " +
			"o backoff, k the cap, h the bulkhead, m customers in several zones, x the 8:20 AM cut, w/W the wave (under 1,500 volumes it drains by itself), z the night or the three days, c one run or two.",
		Spec: remirror.DefaultSpec(), StepsPerSecond: 12, Headline: []string{"peak", "stuck", "lost", "recovery", "api-without", "customers"},
	},
	{
		Name:  "aws-2011-over-seeds",
		Title: "AWS 2011 over 40 nights: is 13 % stuck luck? The storm's spread, seed by seed",
		Lesson: "The re-mirroring storm's night on 40 seeds, 425 to 464: N runs them all (loadlab run aws-2011-over-seeds prints the same). With no protection the peak stuck share averages 12.49%, and 5-95 % of the nights peak between 8.39% and 15.12%: the lecture's 13 % is the model's typical night, not one lucky draw, and ▲ marks where the seed on screen falls. Three days later 1.02% are still stuck on average (the lecture's 1.04 %) and 0.0638% are lost for good (its 0.07 %). " +
			"With backoff and the cap every one of the 40 nights peaks between 4.7% and 5.1% and is clear 39 min to 43 min after the change: what a protection does is no luck either. One seed's figure is a draw; a claim about the model is its spread.",
		Spec: remirror.DefaultSpec(), StepsPerSecond: 12, Headline: []string{"peak", "stuck", "lost", "recovery"}, Seeds: 40,
	},
	{
		Name:  "aws-2011-backoff",
		Title: "AWS 2011: a bulkhead keeps the region's API up but not the zone; backoff keeps the zone",
		Lesson: "The lecture's timeline: 12:47 AM traffic moved onto the secondary network by mistake, volumes lose their mirrors and re-mirror all at once; 2:40 AM create-volume requests disabled, 2:50 AM the API recovers; 5:30 AM a race at high negotiation rates fails nodes and the API browns out; 8:20 AM the zone cut off from the control plane; 11:30 AM the futile re-mirroring stopped; noon 13 % stuck; April 24 noon all but 1.04 % back, 0.07 % lost. Its lessons: back off rather than retry aggressively; keep the control plane apart from the data plane; customers who used several zones were not affected (the counts are the model's). " +
			"Left, a bulkhead: the zone's traffic takes only what the region's calls leave of the control plane, so the rest of the region's API calls never fail (without it up to 26 % fail); but inside the zone the storm is the same: 13.9 % stuck, not back 3.47 days after the change. Right, backoff: a volume that finds nothing waits 1, 2, 4 ... minutes, up to an hour, so the searches leave the spare network room to re-mirror; the wave is gone at 1:29 AM, 42 min after the change, and no node fails. " +
			"m spreads the right run's customers over several zones: its volumes get stuck as before, and no customer is down (o then m shows it against the storm). x takes away the 8:20 AM cut: the race goes on to 11:30 AM, and the stuck volumes climb to 21.9 %. k adds the cap, o takes backoff away.",
		Spec: remirror.SpecOf(remirror.DefaultConfig(), "bulkhead,backoff"), StepsPerSecond: 12, Headline: []string{"peak", "recovery", "api", "api-without", "customers"},
	},
	{
		Name:  "the-planet-2008",
		Title: "The Planet 2008: the building that went dark, and its customers' year by their standbys",
		Lesson: "The lecture's timeline (§26.2.9), Houston, 2008: May 31, 5:55 PM a transformer in The Planet's H1 data centre shorts; the fire sets off the UPS batteries and an explosion blows out three walls of floor one. No server is damaged, but 9,000 servers of 7,500 customers go dark. The fire department evacuates the building and forbids the backup generators; staff are let in at 10 PM. Some critical servers are carried by pickup truck to the other data centres (H2 in Houston, four in Dallas), as far as their power and cooling allow. June 2, 5 PM: power is back on floor two. June 4: floor one comes back rack by rack. The Planet posts updates every 15 to 60 minutes. Three days down is 99.18 % for the year. " +
			"The model's numbers are ours: 150 racks of 30 servers a floor; 15 % of the customers keep a standby in H2 (H1's city, on its power feed), 5 % at another provider, the rest none; a surviving site has 3 % of its power to spare, 20 % with capacity reserved for failover; a quarter of untested failovers fail; trucks carry 30 servers an hour, 5 h to run in Dallas; floor one's racks from 9 AM June 4, 15 an hour; the customers bought 99.9 % (8.76 h a year). " +
			"Left, as it was: failover at 6:25 PM moves 1,356 servers to standbys and only 608 run (45 %): H2 has 270 servers' worth of power to spare; 393 customers find their failover never worked. The trucks stop at 9:56 AM June 2, Dallas full after 1,078 servers. Customers of one building are down 2.73 days on average, 99.25 % for the year against 99.9 % bought; the last standby customer runs again after 4.04 days. Right, capacity reserved and failover drilled: every standby runs at 6:25 PM, 30 minutes down, 99.99 % for the year; customers of one building still wait for the power (the trucks help a few more). " +
			"p turns the power reserve on and off for the right run, d the drills, f cuts the city's feed instead (H2 dark too: the correlated pair fails together, and only the other provider's standbys run), c shows one run or both, i the whole timeline.",
		Spec: siteoutage.DefaultSpec(), StepsPerSecond: 48, Headline: []string{"year", "back"},
	},
	{
		Name:  "facebook-2010",
		Title: "Facebook 2010: the value is fixed, the storm goes on until the site is turned off; backoff ends it",
		Lesson: "The lecture's timeline, 2010-09-23, in its order (the times are the model's, h:mm after the bad value): 0:00 a change writes an invalid configuration value; every client sees it and queries the database to fix it, which is overwhelmed by hundreds of thousands of queries a second. 0:15 the team fixes the value, and the storm goes on: a client reads the database's error as an invalid value, deletes its cache entry and queries again, without backoff. 1:45 the site is turned off, and the database recovers. 2:00 users are let back slowly. 2:30 the site is back: the lecture's 2.5 hours down. " +
			"The model's numbers are ours: 2,000 clients read 1,000 cache entries 100,000 times a second; the database answers 5,000 queries a second, a twentieth of the reads (that is what the cache is for); a read tries three times. " +
			"Left, the lecture's afternoon: 300,000 queries a second against 5,000. From the fix to the cut 5.0% of reads are served and the hit ratio stays at 0: every entry the database fills is deleted again by the errors of the queries still in flight. The cause was gone at 0:15; the storm was not (a metastable state). The site is back at 2:29:42, 2 h 15 min after the fix. " +
			"Right, the same afternoon with backoff (a client whose query fails waits twice its last wait, up to a minute): the clients stop hammering within seconds, and the site is back 3 s after the fix, well within a minute (a client backing off waits a minute at most); no cut is needed. " +
			"o, x and e switch backoff, the cut and keep-on-error (an error no longer read as an invalid value) on the right run, and p the coordination the lecture finds missing: one client repairs an entry while the others wait for its answer (on its own the database never sees more than 1,000 queries a second, on its chart against 300,000 without it, and the site is back a second after the fix; with backoff too the clients' waits make it 6 s); f/F move the fix, u/U the users' return (all at once starts the storm again), w/W the database's capacity (once it answers every read, the storm cannot keep itself going); i shows the whole timeline; c one run or two.",
		Spec: configstorm.DefaultSpec(), StepsPerSecond: 10, Headline: []string{"served", "back", "after-fix"},
	},
	{
		Name:  "facebook-2010-backoff",
		Title: "Facebook 2010 without the cut: no protection never recovers; backoff is back 3 s after the fix",
		Lesson: "The lecture's timeline, 2010-09-23 (times the model's, h:mm after the bad value): 0:00 an invalid configuration value, every client querying the database to fix it; 0:15 the value fixed, the storm going on; 1:45 the site turned off; 2:00 users let back slowly; 2:30 the site back, 2.5 hours down. The lecture's lesson: when a resource cannot be reached, do not hammer it; back off, waiting twice as long after each failure. Here nobody turns the site off. " +
			"Left, no protection: the value is fixed at 0:15 and nothing else changes: 5.0% of reads served and a hit ratio of 0 to the end of the run, three hours on. Right, backoff: a client whose query fails waits 1 s, then 2, 4, ... up to a minute, at random between half and all of it; the database is overwhelmed only for the first seconds, and the site is back 3 s after the fix. " +
			"e then o on the right swap backoff for keeping entries on errors (an error no longer read as an invalid value): the database takes 300,000 queries a second until the fix, but the first answers fill the cache for good, and the site is back 2 s after it. x switches the lecture's cut on the right; f/F move the fix, w/W the database's capacity; c one run or two; i the whole timeline.",
		Spec: configstorm.SpecOf(configstorm.DefaultConfig(), "none,backoff"), StepsPerSecond: 10, Headline: []string{"served", "back", "after-fix"},
	},
}

// teachingOrder is the order a course meets the scenarios in: balls into
// bins from one ball at a time up, then queues and hashing; then lecture
// 26 in its own order: the casebook (26.2.7 AWS 2011, 26.2.8 Facebook
// 2010, 26.2.9 The Planet, 26.2.10 AWS 2025), durability (26.3), then
// cascading failure, fault domains and availability (26.4.1-26.4.3).
var teachingOrder = []string{
	"small-steps", "heavy-load-blog", "p2c-paired-4096", "d-choices", "correlated-candidates", "stale-herd", "anti-choice",
	"exact-n4", "counterexample-n4", "exact-dp-32",
	"supermarket-steps", "supermarket-90", "d-choices-queue", "stale-board-herd", "mitzenmacher-99", "slow-server-round-robin", "peak-ewma-slow-servers", "gray-failure", "panic-threshold",
	"hrw-vs-ring", "weighted-hrw", "jump-hash", "maglev-table", "bounded-loads",
	"aws-2011-remirror", "aws-2011-over-seeds", "aws-2011-backoff", "facebook-2010", "facebook-2010-backoff", "the-planet-2008",
	"dns-race", "dns-race-fixes", "dns-race-timing", "lease-storm", "lease-storm-throttled", "network-manager", "health-flip-flop",
	"durability-years", "durability-over-seeds", "durability-repair",
	"cascade-lecture", "cascade-presets", "breaker-explained", "bulkhead-vs-breaker", "retries-every-layer", "client-throttling", "adaptive-limits", "retry-cap-10", "thundering-herd", "aws-backoff-table",
	"placement-lecture", "correlated-failure", "version-diversity", "sites-and-providers",
	"availability-lecture", "scale-needs-fast-repair",
}

// All returns every scenario in teaching order (any not in it last, by
// name).
func All() []Scenario {
	out := append([]Scenario(nil), registry...)
	rank := func(name string) int {
		if i := slices.Index(teachingOrder, name); i >= 0 {
			return i
		}
		return len(teachingOrder)
	}
	sort.SliceStable(out, func(i, j int) bool {
		ri, rj := rank(out[i].Name), rank(out[j].Name)
		return ri < rj || ri == rj && out[i].Name < out[j].Name
	})
	return out
}

// Lookup finds a scenario by name.
func Lookup(name string) (Scenario, bool) {
	for _, s := range registry {
		if s.Name == name {
			return s, true
		}
	}
	return Scenario{}, false
}
