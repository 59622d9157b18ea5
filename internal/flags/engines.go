package flags

import (
	"math"
	"strings"

	"github.com/loadlab/loadlab/sim/avail"
	"github.com/loadlab/loadlab/sim/bins"
	"github.com/loadlab/loadlab/sim/cascade"
	"github.com/loadlab/loadlab/sim/configstorm"
	"github.com/loadlab/loadlab/sim/engine"
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

// Each engine's flags, one per spec field, each with what it accepts.
func init() {
	declare(func(fs *Set, s *avail.Spec) {
		fs.Float(&s.MTTF, "mttf", "a number in [1e-9, 1e12]", "mean time to failure, h")
		fs.Float(&s.MTTR, "mttr", "a number in [1e-9, 1e12]", "mean time to repair, h")
		fs.Float(&s.Target, "target", "a number in [0.01, 0.9999999999]", "availability to reach, such as 0.9999")
		fs.Text(&s.Machines, "machines", "a list of distinct whole numbers in 1..1000000000", "the scale table's fleet sizes, comma-separated")
		fs.Float(&s.UnitMTTFYears, "unit-mttf-years", "a number in (0, 1e6]", "one machine's MTTF in the scale table, years")
		fs.Int(&s.Replicas, "replicas", 1, 100, "replicas of the k-of-n figure")
		fs.Int(&s.Need, "need", 1, 100, "replicas that must be up")
		fs.Float(&s.Correlated, "correlated", "a number in [0, 1]", "share of a replica's downtime that takes every replica down")
		fs.Int64(&s.Seed, "seed", 0, math.MaxInt64, "seed of the one machine watched failing and being repaired")
		fs.Float(&s.OutageHours, "outage-hours", "a number in [0, 8760]", "one outage of the year, h, set against --target (0: none)")
	})
	declare(func(fs *Set, s *bins.Spec) {
		fs.Int(&s.Bins, "bins", 1, bins.MaxBins, "number of bins n")
		fs.Int(&s.Balls, "balls", 1, bins.MaxBalls, "number of balls m per trial")
		fs.Int(&s.Trials, "trials", 1, math.MaxInt, "number of trials; trial t uses seed + t")
		fs.Int64(&s.Seed, "seed", 0, math.MaxInt64, "seed of trial 0, as CPython's random.seed")
		fs.Text(&s.Strategies, "strategies", "a comma-separated list of "+strings.Join(bins.KindNames(), " "),
			"the rules compared; dchoice:D, left:D and stale:R set their own parameter")
		fs.Int(&s.D, "d", 1, bins.MaxBins, "candidates for dchoice and left")
		fs.Int(&s.Refresh, "refresh", 0, math.MaxInt, "balls between the snapshots stale reads (0: the number of balls, a snapshot never refreshed, as enum's)")
		fs.Text(&s.Stream, "stream", "paired or sequential", "paired (one candidate list per ball for all) or sequential (one strategy after another)")
		fs.Float(&s.Hot, "hot", "a number > 0", "a bin is hot at or above this multiple of the mean load")
		fs.Text(&s.Baseline, "baseline", "one of the chosen strategies", "the strategy the others are compared with (default: the first)")
	})
	declare(func(fs *Set, s *configstorm.Spec) {
		fs.Int64(&s.Seed, "seed", 0, math.MaxInt64, "seed of the answers, the errors and the jitter, as CPython's random.seed")
		fs.Int(&s.Clients, "clients", 1, configstorm.MaxClients, "clients reading the cache")
		fs.Int(&s.Entries, "entries", 1, configstorm.MaxEntries, "cache entries holding the configuration")
		fs.Float(&s.Reads, "reads", "a number in (0, 1e7]", "reads a second the clients make of the cache, in all")
		fs.Float(&s.Capacity, "capacity", "a number in (0, 1e7]", "queries a second the database answers")
		fs.Int(&s.Attempts, "attempts", 1, configstorm.MaxAttempts, "tries a read makes without backoff")
		fs.Int(&s.TTLS, "ttl-s", 0, configstorm.MaxSeconds, "an entry's mean life in the cache, seconds (0: never expires)")
		fs.IntSaying(&s.FixAtMin, "fix-at-min", 0, configstorm.MaxMinutes, "a whole number in 0..run-min", "when the invalid value is fixed, minutes after it")
		fs.IntSaying(&s.CutAtMin, "cut-at-min", 0, configstorm.MaxMinutes, "a whole number in 0..run-min", "when the site is turned off (runs with cut), minutes after the bad value")
		fs.Int(&s.OffMin, "off-min", 0, configstorm.MaxMinutes, "minutes the site stays off")
		fs.Int(&s.RampMin, "ramp-min", 0, configstorm.MaxMinutes, "minutes letting every user back takes (0: all at once)")
		fs.Int(&s.BackoffBaseS, "backoff-base-s", 1, configstorm.MaxSeconds, "a backing-off client's first wait, seconds")
		fs.IntSaying(&s.BackoffMaxS, "backoff-max-s", 1, configstorm.MaxSeconds, "a whole number in backoff-base-s..86400", "the longest wait, seconds")
		fs.Int(&s.RunMin, "run-min", 1, configstorm.MaxMinutes, "minutes the run goes on after the bad value")
		fs.Text(&s.Runs, "runs", "a list of none, or cut backoff keep-on-error coalesce joined by +", "the protection sets to run, comma-separated")
		fs.Text(&s.Switch, "switch", engine.SwitchSyntax, "changes every run from a time on: cut (the site off now), backoff, keep-on-error, coalesce on|off; times from the run's start, 5 min before the bad value, in seconds or with m or h (cut=on@40m is 0:35 after it)")
	})
	declare(func(fs *Set, s *interleave.Spec) {
		fs.Int(&s.Enactors, "enactors", interleave.MinEnactors, interleave.MaxEnactors, "DNS Enactors, each with its own plan")
		fs.Int(&s.Records, "records", interleave.MinRecords, interleave.MaxRecords, "records a plan writes, one atomic write each")
		fs.Text(&s.Atomic, "atomic", "none, or apply and cleanup comma-separated", "the parts that run as one step")
		fs.Text(&s.Fixes, "fixes", "a list of fix sets: none, or recheck, cas and safe-cleanup joined by +; or all", "the fix sets to count, comma-separated")
		fs.Text(&s.Method, "method", "memo or brute", "how to count: merge equal configurations, or run every schedule")
		fs.Int(&s.List, "list", 0, interleave.MaxList, "bad schedules listed per fix set")
		fs.Text(&s.Schedule, "schedule", `steps such as "s1 f1 f2 f3 s2" (the rest run after)`, "the schedule played step by step; empty for the lecture's")
		fs.Text(&s.Mode, "mode", "exact or timing", "timing adds the Monte-Carlo runs")
		fs.Int64(&s.Seed, "seed", 0, math.MaxInt64, "seed of the timed runs, as CPython's random.seed")
		fs.Int(&s.Trials, "trials", 1, interleave.MaxTrials, "timed runs")
		fs.Float(&s.StepMs, "step-ms", "a number in (0, 1e6]", "mean time of a step, ms (each takes 0.5 to 1.5 times it)")
		fs.Float(&s.PlanGapMs, "plan-gap-ms", "a number in (0, 1e9]", "mean time between plans, ms (exponential)")
		fs.Float(&s.StallChance, "stall-chance", "a number in [0, 1]", "chance the slow Enactor stalls before each of its steps but the first")
		fs.Text(&s.StallMs, "stall-ms", "a list of rising numbers in [0, 1e9]", "the stall lengths, ms, comma-separated")
	})
	declare(func(fs *Set, s *placement.DurabilitySpec) {
		fs.Int64(&s.Seed, "seed", 0, math.MaxInt64, "seed of the failures (placements use seed + 1)")
		fs.Float(&s.Years, "years", "a number in (0, 1000]", "simulated years")
		declareTopology(fs, &s.Topology, &s.Replicas)
		fs.Int(&s.Objects, "objects", 1, 1000000, "objects stored")
		fs.Text(&s.Strategies, "strategies", "a list of random greedy rack-aware az-aware", "the placement strategies, comma-separated")
		fs.Float(&s.NodeMTTFYears, "node-mttf-years", "a number in (0, 1e6]", "a node's mean time to losing its disk, years")
		fs.Float(&s.ReplaceHours, "replace-hours", "a number in (0, 1e6]", "hours until a lost node is back, empty")
		fs.Float(&s.RackOutageYears, "rack-outage-years", "a number in (0, 1e6]", "a rack's mean time between outages, years")
		fs.Float(&s.RackOutageHours, "rack-outage-hours", "a number in (0, 1e6]", "a rack outage's length, hours")
		fs.Float(&s.AZOutageYears, "az-outage-years", "a number in (0, 1e6]", "an AZ's mean time between outages, years")
		fs.Float(&s.AZOutageHours, "az-outage-hours", "a number in (0, 1e6]", "an AZ outage's length, hours")
		fs.Float(&s.RackLossYears, "rack-loss-years", "a number in (0, 1e6]", "a rack's mean time to destruction, years")
		fs.Float(&s.RebuildHours, "rebuild-hours", "a number in (0, 1e6]", "hours to re-create a lost replica")
	})
	declare(func(fs *Set, s *bins.ExactSpec) {
		fs.IntSaying(&s.Bins, "bins", 1, 255, "a whole number in 1..64 (brute) or 1..255 (dp)", "number of bins n")
		fs.IntSaying(&s.Balls, "balls", 1, 255, "a whole number in 1..64 (brute) or 1..255 (dp)", "number of balls m")
		fs.Text(&s.Method, "method", "brute or dp", "every input by brute force, or load multisets by the DP")
		fs.Int(&s.Refresh, "refresh", 0, math.MaxInt, "stale snapshot interval (0: the number of balls, a snapshot never refreshed)")
		fs.Int(&s.D, "d", 1, 255, "candidates of dchoice in the DP")
		fs.Int(&s.Counterexamples, "counterexamples", 0, bins.MaxCounterexamples, "how many counterexamples to list")
	})
	declare(func(fs *Set, s *flipflop.Spec) {
		fs.Int64(&s.Seed, "seed", 0, math.MaxInt64, "seed of the checks, as CPython's random.seed")
		fs.Int(&s.Instances, "instances", 1, flipflop.MaxInstances, "instances behind the load balancer")
		fs.Int(&s.IntervalS, "interval-s", 1, flipflop.MaxIntervalS, "seconds between an instance's checks")
		fs.Float(&s.Noise, "noise", "a number in [0, 10]", "log-normal spread of a check's latency about its instance's median")
		fs.Float(&s.QuietMedian, "quiet-median", "a number in [0.001, 1000]", "median latency outside the slow window, a share of the threshold")
		fs.Float(&s.SlowMedian, "slow-median", "a number in [0.001, 1000]", "median of the instances' median latencies in the slow window, a share of the threshold")
		fs.Float(&s.Spread, "spread", "a number in [0, 10]", "log-normal spread of the instances' medians in the slow window")
		fs.Int(&s.DNSCapacity, "dns-capacity", 1, flipflop.MaxCapacity, "DNS writes a minute DNS applies")
		fs.IntSaying(&s.Dead, "dead", 0, flipflop.MaxInstances, "a whole number in 0..instances", "instances that die for good in the slow window")
		fs.Int(&s.SlowFromMin, "slow-from-min", 0, flipflop.MaxMinutes, "start of the slow window, minutes after 5:00 AM")
		fs.Int(&s.SlowMin, "slow-min", 0, flipflop.MaxMinutes, "length of the slow window, minutes")
		fs.Int(&s.DisableAtMin, "disable-at-min", 0, flipflop.MaxMinutes, "when the automation is switched off, minutes after 5:00 AM")
		fs.Int(&s.DurationMin, "duration-min", 1, flipflop.MaxMinutes, "the run's length, minutes")
		fs.Int(&s.K, "k", 1, flipflop.MaxK, "results in a row hysteresis takes to change a state")
		fs.Int(&s.CapPerMin, "cap-per-min", 1, flipflop.MaxCapacity, "changes a minute the cap allows")
		fs.Text(&s.Runs, "runs", "a list of none hysteresis cap both", "the protection sets to run, comma-separated")
		fs.Text(&s.Switch, "switch", engine.SwitchSyntax, "changes every run from a time on, as the engineers did: hysteresis, cap, automation on|off; times of day (automation=off@7:00am) or seconds from 5:00 AM")
	})
	declare(func(fs *Set, s *hashing.Spec) {
		fs.Int(&s.Nodes, "nodes", 1, 1000000, "nodes")
		fs.Int(&s.Keys, "keys", 1, 100000_000, "keys")
		fs.Text(&s.Scheme, "scheme", "hrw, weighted-hrw, skeleton, ring, raw-hrw, jump, maglev or bounded", "the mapping: rendezvous (hrw, weighted-hrw, skeleton), a ring, jump, maglev, or a ring with bounded loads")
		fs.Text(&s.Against, "against", "hrw, weighted-hrw, skeleton, ring, raw-hrw, jump, maglev or bounded", "a second scheme on the same keys")
		fs.Int(&s.VNodes, "vnodes", 1, 10_000, "the ring's points a node")
		fs.Int(&s.Fanout, "fanout", 2, 1024, "the skeleton's fanout")
		fs.Int(&s.Table, "table", 0, hashing.MaxTable, "Maglev's table size, a prime above the nodes (0: the smallest prime above 100 x nodes)")
		fs.Float(&s.Epsilon, "epsilon", "a number in [0, 10]", "the bounded ring's ε: no node above ceil((1 + ε) x the mean keys)")
		fs.Text(&s.Weights, "weights", "a list of numbers in [1e-6, 1e6]", "weights cycled over the nodes, comma-separated")
		fs.Int(&s.Remove, "remove", 0, 1000000-1, "nodes that leave, chosen by the seed")
		fs.Int(&s.Add, "add", 0, 1000000, "nodes that join")
		fs.Int64(&s.Seed, "seed", 0, math.MaxInt64, "seed of the keys' names and of the nodes that leave")
		fs.Bool(&s.TimeLookups, "time-lookups", "time lookups and report the time of one (it differs from run to run)")
	})
	declare(func(fs *Set, s *leasestorm.Spec) {
		fs.Int64(&s.Seed, "seed", 0, math.MaxInt64, "seed of the leases' times, as CPython's random.seed")
		fs.Int(&s.Droplets, "droplets", 1, leasestorm.MaxDroplets, "droplets holding leases")
		fs.Int(&s.LeaseMin, "lease-min", 1, leasestorm.MaxMinutes, "a lease's length, minutes")
		fs.IntSaying(&s.RenewMin, "renew-min", 1, leasestorm.MaxMinutes, "a whole number in 1..lease-min - 1", "when a droplet asks to renew, minutes after the grant (at most)")
		fs.Float(&s.Rate, "rate", "a number in (0, 1e6]", "requests the manager serves a second")
		fs.Int(&s.TimeoutS, "timeout-s", 1, leasestorm.MaxTimeoutS, "how long a droplet waits for an answer, seconds")
		fs.Int(&s.QueueLimit, "queue-limit", 1, leasestorm.MaxQueue, "requests the manager's queue holds")
		fs.Int(&s.OutageMin, "outage-min", 0, leasestorm.MaxMinutes, "minutes DynamoDB cannot be reached, from 11:48 PM")
		fs.Int(&s.ThrottleAfterMin, "throttle-after-min", 0, leasestorm.MaxMinutes, "minutes after DynamoDB returns that the throttle starts")
		fs.Int(&s.Cap, "cap", 1, leasestorm.MaxQueue, "requests in flight under the throttle")
		fs.Int(&s.AfterMin, "after-min", 1, leasestorm.MaxMinutes, "minutes the run goes on after DynamoDB returns")
		fs.IntSaying(&s.StaggerMin, "stagger-min", 1, leasestorm.MaxMinutes, "a whole number in 1..renew-min", "minutes over which staggered droplets spread their asks")
		fs.Text(&s.Runs, "runs", "a list of none throttle drop-stale both stagger renew-expired", "the protection sets to run, comma-separated")
		fs.Text(&s.Switch, "switch", engine.SwitchSyntax, "changes every run from a time on, as an operator would: throttle, drop-stale on|off, cap N, rate R; times of day (throttle=on@3:30am) or seconds from 11:18 PM")
	})
	declare(func(fs *Set, s *netmanager.Spec) {
		fs.Int(&s.Droplets, "droplets", 0, netmanager.MaxDroplets, "droplets whose new lease needs its network state propagated")
		fs.Int(&s.FloodMin, "flood-min", 1, netmanager.MaxMinutes, "minutes over which the flood's updates arrive")
		fs.Float(&s.Rate, "rate", "a number in [1, 1e7]", "updates a minute the Network Manager propagates")
		fs.Float(&s.Launches, "launches", "a number in [0, 1e7]", "new instances a minute customers ask for")
		fs.Float(&s.Throttle, "throttle", "a number in [0, 1e7]", "launches a minute the throttle lets through")
		fs.Int(&s.RelaxAtMin, "relax-at-min", 0, netmanager.MaxMinutes, "when engineers start to relax the throttle, minutes after 5:28 AM")
		fs.Int(&s.StepMin, "step-min", 1, netmanager.MaxMinutes, "minutes between the engineers' steps")
		fs.Float(&s.StepUp, "step-up", "a number in [0, 1e7]", "launches a minute each step adds")
		fs.Float(&s.NormalMin, "normal-min", "a number in [0, 1440]", "the wait, minutes, under which a step is taken")
		fs.Int(&s.DurationMin, "duration-min", 1, netmanager.MaxMinutes, "the run's length, minutes")
		fs.Text(&s.Runs, "runs", "a list of steps at-once priority at-once+priority", "the sets to run, comma-separated")
	})
	declare(func(fs *Set, s *placement.Spec) {
		fs.Int64(&s.Seed, "seed", 0, math.MaxInt64, "seed, as CPython's random.seed")
		fs.Int(&s.Trials, "trials", 1, 10000000, "objects placed at each location of each event")
		declareTopology(fs, &s.Topology, &s.Replicas)
		fs.Int(&s.Versions, "versions", 1, 1000000, "software versions, node n running version n mod versions")
		fs.Int(&s.Sites, "sites", 1, 1000000, "sites (buildings), each of --azs AZs; 1 is no site level")
		fs.IntSaying(&s.SitesPerCity, "sites-per-city", 1, 1000000, "a whole number dividing the sites of a provider", "consecutive sites sharing a city's power feed")
		fs.IntSaying(&s.Providers, "providers", 1, 1000000, "a whole number dividing --sites", "providers, each owning as many consecutive sites")
		fs.Text(&s.Strategies, "strategies", "a list of random greedy rack-aware az-aware diverse site-aware one-site one-city cross-provider", "the placement strategies, comma-separated")
		fs.Text(&s.Events, "events", "a list of node rack az correlated version site city", "the failure events, comma-separated")
	})
	declare(func(fs *Set, s *remirror.Spec) {
		fs.Int64(&s.Seed, "seed", 0, math.MaxInt64, "seed of the placement, the cut, the race and the waits, as CPython's random.seed")
		fs.Int(&s.Volumes, "volumes", 1, remirror.MaxVolumes, "volumes in the zone's EBS cluster")
		fs.Int(&s.Nodes, "nodes", 2, remirror.MaxNodes, "nodes holding their copies")
		fs.Float(&s.CutShare, "cut-share", "a number in [0, 1]", "share of the nodes cut off at 12:47 AM")
		fs.Int(&s.Tries, "tries", 1, remirror.MaxTries, "searches a minute of a stuck volume without backoff")
		fs.Int(&s.BackoffMaxMin, "backoff-max-min", 1, 1440, "backoff's longest wait, minutes")
		fs.Int(&s.MaxRemirrors, "max-remirrors", 1, remirror.MaxVolumes, "volumes searching at once under the cap")
		fs.Float(&s.Capacity, "capacity", "a number in (0, 1e9]", "searches a minute the spare network carries")
		fs.Float(&s.RemirrorCost, "remirror-cost", "a number in (0, 1e9]", "a re-mirror's cost, in searches")
		fs.Float(&s.RaceRate, "race-rate", "a number in (0, 1e9]", "searches a minute above which the race fails nodes")
		fs.Float(&s.RaceChance, "race-chance", "a number in [0, 1]", "a node's chance a minute of failing at twice the race rate")
		fs.Float(&s.ControlRate, "control-rate", "a number in (0, 1e9]", "requests a minute the control plane serves")
		fs.Float(&s.RegionRate, "region-rate", "a number in [0, 1e9]", "the region's API calls a minute")
		fs.Float(&s.Creates, "creates", "a number in [0, 1e9]", "create-volume calls a minute into the zone")
		fs.Float(&s.HangCost, "hang-cost", "a number in [0, 1e9]", "how many calls' worth a create into the stuck zone costs")
		fs.Float(&s.BulkheadShare, "bulkhead-share", "a number in [0, 1]", "share of the control plane kept for the zone under the bulkhead")
		fs.Text(&s.CutAt, "cut-at", "a time such as 8:20AM or never", "when the zone is cut off from the control plane (past the run's end: never)")
		fs.Text(&s.FixAt, "fix-at", "a time such as 11:30AM or never", "when the futile re-mirroring is stopped (past the run's end: never)")
		fs.Float(&s.TailPerHour, "tail-per-hour", "a number in [0, 1]", "share of the stuck volumes back each hour after the fix")
		fs.Float(&s.LostChance, "lost-chance", "a number in [0, 1]", "a stranded volume's chance of coming back unreadable")
		fs.Int(&s.Hours, "hours", 1, remirror.MaxHours, "the run's length from midnight, hours (84: noon on April 24)")
		fs.Text(&s.Runs, "runs", "a list of sets: none, or backoff cap bulkhead spread joined by +", "the protection sets to run, comma-separated")
		fs.Text(&s.Switch, "switch", engine.SwitchSyntax, "changes every run from a time on, as the operators might have: backoff, cap, bulkhead on|off; times such as 2:00 AM, Apr 22 3:00 PM, or minutes from midnight of April 21")
	})
	declare(func(fs *Set, s *cascade.StormSpec) {
		fs.Int64(&s.Seed, "seed", 0, math.MaxInt64, "seed, as CPython's random.seed")
		fs.Int(&s.Clients, "clients", 1, 10000000, "clients that fail together")
		fs.Int(&s.Retries, "retries", 0, 30, "retries per client")
		fs.Float(&s.BaseMs, "base-ms", "a number in (0, 1e6]", "backoff base b, ms")
		fs.Float(&s.CapMs, "cap-ms", "a number in (0, 1e7]", "backoff cap, ms")
		fs.Text(&s.Jitter, "jitter", "a list of none full equal decorrelated no-backoff", "the jitter modes, comma-separated")
		fs.Int(&s.Layers, "layers", 1, 10, "layers of a call chain that each retry")
		fs.Float(&s.DeadlineMs, "deadline-ms", "a number in [0, 1e7]", "the request's deadline: no retry at or after it, ms (0: none)")
		fs.Float(&s.Budget, "budget", "a number in [0, 30]", "the retry budget: at most this many retries a first call (0: none)")
		fs.Text(&s.Model, "model", "storm or occ", "storm: clients that fail together retry a failing dependency (26.3.2); occ: AWS's backoff simulator, clients racing to update one row")
		fs.Int(&s.Runs, "runs", 1, 10_000, "the occ model's runs a mode, their figures the mean")
	})
	declare(func(fs *Set, s *siteoutage.Spec) {
		fs.Int64(&s.Seed, "seed", 0, math.MaxInt64, "seed of the servers, placements and orders, as CPython's random.seed")
		fs.IntSaying(&s.Customers, "customers", 1, siteoutage.MaxServers, "a whole number from half the servers to the servers", "H1's customers, one or two servers each")
		fs.Int(&s.RacksPerFloor, "racks-per-floor", 1, siteoutage.MaxServers/2, "racks on each of H1's two floors")
		fs.Int(&s.ServersPerRack, "servers-per-rack", 1, siteoutage.MaxServers/2, "servers in each rack")
		fs.Float(&s.OneCity, "one-city", "a number in [0, 1]", "share of customers with a standby in H2 (H1's city and feed)")
		fs.Float(&s.CrossProvider, "cross-provider", "a number in [0, 1 - one-city]", "share of customers with a standby at another provider")
		fs.Float(&s.Spare, "spare", "a number in [0, 1]", "share of a surviving site's power free for failover, as it was")
		fs.Float(&s.Reserved, "reserved", "a number in [0, 1]", "share of a surviving site's power reserved for failover (the reserve)")
		fs.Float(&s.Broken, "broken", "a number in [0, 1]", "share of untested failovers that fail when tried")
		fs.Int(&s.FailoverMin, "failover-min", 0, siteoutage.MaxMinutes, "minutes a failover takes")
		fs.Int(&s.EntryMin, "entry-min", 0, siteoutage.MaxMinutes, "minutes after the explosion staff may enter (the lecture: 10 PM, 245)")
		fs.Float(&s.TruckRate, "truck-rate", "a number in [0, 1e6]", "servers the trucks carry an hour")
		fs.Int(&s.DriveMin, "drive-min", 0, siteoutage.MaxMinutes, "minutes a truck's load takes to run in Dallas")
		fs.Int(&s.Floor2Min, "floor2-min", 1, siteoutage.MaxMinutes, "minutes after the explosion floor two has power (the lecture: 5 PM June 2, 2825)")
		fs.Int(&s.Floor1Min, "floor1-min", 1, siteoutage.MaxMinutes, "minutes after the explosion floor one's racks start coming back (June 4)")
		fs.Float(&s.RacksPerHour, "racks-per-hour", "a number in (0, 1e6]", "floor one's racks powered an hour")
		fs.Text(&s.Fault, "fault", "site or city", "what goes dark: H1 alone, or the city feed it shares with H2")
		fs.Float(&s.Target, "target", "a number in [0.5, 0.9999999999]", "the availability the customers bought, such as 0.999")
		fs.Text(&s.Runs, "runs", "a list of none reserve drills both", "the protection sets to run, comma-separated")
	})
	declare(func(fs *Set, s *queue.Spec) {
		fs.Int(&s.Servers, "servers", 1, 10000000, "servers")
		fs.Float(&s.Load, "load", "a number in (0, 1)", "arrivals as a share of the fleet's capacity, in (0, 1)")
		fs.Int(&s.D, "d", 1, 10000000, "servers a job looks at (jsq-d, stale-d, peak-ewma)")
		fs.Text(&s.Policy, "policy", queue.PolicyList, "how a job picks its server (jsq: least outstanding; jsq-d: power of d choices)")
		fs.Text(&s.Against, "against", queue.PolicyList, "a second policy on the same arrivals")
		fs.Int(&s.AgainstD, "against-d", 0, 10000000, "the second policy's d (0: the same as --d)")
		fs.Float(&s.Refresh, "refresh", "a number in [0.01, 1e6]", "the load board's refresh interval (stale-d)")
		fs.Int(&s.Slow, "slow", 0, 10000000, "slow servers (the first ones), below --servers")
		fs.Float(&s.SlowSpeed, "slow-speed", "a number in [0.01, 1]", "the slow servers' speed (the others' is 1)")
		fs.Float(&s.Decay, "decay", "a number in [0.01, 1e6]", "peak-ewma's decay time, in time units")
		fs.Int(&s.Gray, "gray", 0, 10000000, "gray servers (the last ones): they pass their checks and fail their jobs")
		fs.Float(&s.GraySpeed, "gray-speed", "a number in [0.01, 1000]", "the gray servers' speed (an error is quick: 5)")
		fs.Float(&s.GrayFail, "gray-fail", "a number in [0, 1]", "the share of a gray server's jobs that fail")
		fs.Bool(&s.Eject, "eject", "outlier ejection, as Envoy's: 5 errors in a row, or a success rate 1.9 deviations below the mean")
		fs.Float(&s.MaxEject, "max-eject", "a number in [0, 1]", "the most servers ejected at once, as a share (one at the least)")
		fs.Int(&s.Unhealthy, "unhealthy", 0, 10000000, "servers failing their health checks though they serve well (before the gray ones)")
		fs.Float(&s.Panic, "panic", "a number in [0, 1]", "the panic threshold: below this share of healthy servers, balance across all (0: never)")
		fs.Bool(&s.AgainstEject, "against-eject", "outlier ejection in the --against run (--eject is the --policy run's)")
		fs.Float(&s.AgainstPanic, "against-panic", "a number in [0, 1]", "the --against run's panic threshold (--panic is the --policy run's)")
		fs.Text(&s.Switch, "switch", engine.SwitchSyntax, "changes every run from a time on: policy NAME, d N, load L, decay T, eject on|off, panic P; times in time units (policy=jsq-d@500)")
		fs.Float(&s.Time, "time", "a number in (0, 1e7]", "simulated time")
		fs.Float(&s.Warmup, "warmup", "a number in [0, 1e7)", "time before measuring")
		fs.Int64(&s.Seed, "seed", 0, math.MaxInt64, "seed of the arrivals (services and choices use seed + 1)")
	})
	declare(declareCascade)
}

// declareCascade declares the cascade's flags: its config's numbers, the
// sets to run and the custom set's switches.
func declareCascade(fs *Set, s *cascade.Spec) {
	c := &s.Config
	fs.Int64(&c.Seed, "seed", 0, math.MaxInt64, "seed of every run, as CPython's random.seed")
	floats := []struct {
		p           *float64
		name, usage string
	}{ // what each accepts is in cascadeAccepts
		{&c.DT, "dt", "tick, s"}, {&c.Duration, "duration", "simulated time, s"},
		{&c.DegradeAt, "degrade-at", "when the database slows down, s"}, {&c.DBSlowdown, "db-slowdown", "how many times slower"},
		{&c.SurgeAt, "surge-at", "start of the surge, s"}, {&c.SurgeEnd, "surge-end", "end of the surge, s"}, {&c.SurgeX, "surge-x", "the surge's multiple of the rate"},
		{&c.Rate, "rate", "arrivals per second"},
		{&c.APIMs, "api-ms", "mean api service time, ms"}, {&c.SvcMs, "svc-ms", "mean svc service time, ms"},
		{&c.DBMs, "db-ms", "mean db service time, ms"}, {&c.AuxMs, "aux-ms", "mean aux service time, ms"},
		{&c.DepProb, "dep-prob", "share of requests that call the database"}, {&c.PrioHigh, "prio-high", "share of high priority"},
		{&c.DBFail, "db-fail", "share of database calls answered with an error"}, {&c.LimitTimeout, "limit-timeout", "AIMD counts a call back after this many s as dropped"},
		{&c.ThrottleK, "throttle-k", "client-side throttling's K"}, {&c.ThrottleWindow, "throttle-window", "the seconds client-side throttling counts over"},
		{&c.RetryCapRatio, "retry-cap-ratio", "the share of requests the retry cap lets be retried"}, {&c.RetryCapWindow, "retry-cap-window", "the seconds the retry cap counts over"},
		{&c.DefaultWait, "default-wait", "the library's default queue wait limit, s"}, {&c.TunedWait, "tuned-wait", "the tuned wait limit, s"},
		{&c.ClientTimeout, "client-timeout", "when a user gives up, s"},
		{&c.BreakerWindow, "breaker-window", "the breaker's window, s"}, {&c.BreakerErrRatio, "breaker-err", "error ratio above which it opens"},
		{&c.BreakerCoolDown, "breaker-cool", "open time before half-open, s"},
		{&c.RetryBase, "retry-base", "backoff base, s"}, {&c.RetryBudgetRatio, "retry-budget", "no retries at or above this error ratio"},
		{&c.SLOMs, "slo-ms", "latency of a good request, ms"},
	}
	for _, f := range floats {
		fs.Float(f.p, f.name, cascadeAccepts[f.name], f.usage)
	}
	ints := []struct {
		p           *int
		name, usage string
	}{
		{&c.APISlots, "api-slots", "api threads"}, {&c.SvcSlots, "svc-slots", "svc threads"},
		{&c.DBSlots, "db-slots", "db connections"}, {&c.AuxSlots, "aux-slots", "aux connections"},
		{&c.BulkheadDB, "bulkhead-db", "svc threads for db calls under the bulkhead"}, {&c.BulkheadAux, "bulkhead-aux", "svc threads for aux calls"},
		{&c.BreakerMinCalls, "breaker-min", "calls in the window before the breaker judges"}, {&c.BreakerTrials, "breaker-trials", "half-open trial calls"},
		{&c.MaxRetries, "max-retries", "retries per request"}, {&c.ShedHigh, "shed-high", "api queue above which low priority is shed"},
		{&c.ShedLow, "shed-low", "api queue at which shedding stops"}, {&c.Scan, "scan", "queue entries a tick looks at"},
		{&c.HeadCheck, "head-check", "queue entries checked for their wait limit"}, {&c.SampleEvery, "sample-every", "ticks between samples"},
	}
	for _, f := range ints {
		r := cascadeInts[f.name]
		fs.Int(f.p, f.name, r[0], r[1], f.usage)
	}
	fs.Text(&s.Configs, "configs", "a comma-separated list of S1 S2 S3 S4 S5 S6 custom", "the protection sets to run, comma-separated")
	fs.Text(&s.Timeout, "timeout", "default or tuned", "custom: default or tuned wait limit")
	fs.Text(&s.RetryPolicy, "retry", "off, immediate or backoff", "custom: off, immediate or backoff")
	fs.Bool(&s.UseBreaker, "breaker", "custom: a circuit breaker on db calls")
	fs.Bool(&s.UseBulkhead, "bulkhead", "custom: split svc's threads between db and aux")
	fs.Bool(&s.UseShed, "shed", "custom: shed low priority when the api queue is long")
	fs.Bool(&s.UseBudget, "budget", "custom: no retries while the database's error ratio is high (the breaker's window, or its own without a breaker)")
	fs.Text(&s.Limiter, "limiter", "off, aimd or gradient", "custom: an adaptive limit on svc's database calls in flight (Netflix's AIMD or Gradient2)")
	fs.Bool(&s.UseThrottle, "throttle", "custom: client-side throttling of svc's database calls (the SRE book's, K = --throttle-k)")
	fs.Bool(&s.UseLayerRetries, "layer-retries", "custom: retries at every layer (svc retries the database, api retries svc), --max-retries each")
	fs.Bool(&s.UseRetryCap, "retry-cap", "custom: a server-wide retry budget: retries under --retry-cap-ratio of the requests")
	fs.Text(&c.Arrivals, "arrivals", "lecture or paired", "lecture: one random stream, as the lecture; paired: the same arrivals for every set")
	fs.Text(&c.BreakerCounts, "breaker-counts", "lecture or guarded", "lecture: the breaker counts every call svc makes, aux too, as 26.4.1's program; guarded: only the db calls it guards, and half-open only its trials (the textbook breaker)")
	fs.Text(&s.FollowAt, "follow", "t:k, such as 16:0", "t:k follows the k-th request (from 0) to arrive at or after t s through each run (text and JSON, not CSV)")
	fs.Text(&s.Switch, "switch", engine.SwitchSyntax, "changes every run from a time on: timeout default|tuned, retry off|immediate|backoff, breaker, bulkhead, shed, budget, throttle, layer-retries, retry-cap on|off, limiter off|aimd|gradient, set S1-S6, rate, db-fail")
}

// cascadeAccepts and cascadeInts are the ranges of the cascade's numeric
// flags, as cascade.Config.Validate checks them.
var cascadeAccepts = map[string]string{
	"dt":               "a number in (0, 1]",
	"duration":         "a number in (0, 3600]",
	"degrade-at":       "a number in [0, 1e6]",
	"db-slowdown":      "a number in (0, 1e6]",
	"surge-at":         "a number in [0, 1e6]",
	"surge-end":        "a number in [0, 1e6]",
	"surge-x":          "a number in (0, 1000]",
	"rate":             "a number in (0, 1e6]",
	"api-ms":           "a number in (0, 1e6]",
	"svc-ms":           "a number in (0, 1e6]",
	"db-ms":            "a number in (0, 1e6]",
	"aux-ms":           "a number in (0, 1e6]",
	"dep-prob":         "a number in [0, 1]",
	"db-fail":          "a number in [0, 1]",
	"limit-timeout":    "a number in (0, 1e6]",
	"throttle-k":       "a number in (0, 1000]",
	"throttle-window":  "a number in (0, 1e6]",
	"retry-cap-ratio":  "a number in [0, 1]",
	"retry-cap-window": "a number in (0, 1e6]",
	"prio-high":        "a number in [0, 1]",
	"default-wait":     "a number in (0, 1e6]",
	"tuned-wait":       "a number in (0, 1e6]",
	"client-timeout":   "a number in (0, 1e6]",
	"breaker-window":   "a number in (0, 1e6]",
	"breaker-err":      "a number in [0, 1]",
	"breaker-cool":     "a number in (0, 1e6]",
	"retry-base":       "a number in [0, 1000]",
	"retry-budget":     "a number in [0, 1]",
	"slo-ms":           "a number in (0, 1e6]",
}

var cascadeInts = map[string][2]int{
	"api-slots":      {1, 100000},
	"svc-slots":      {1, 100000},
	"db-slots":       {1, 100000},
	"aux-slots":      {1, 100000},
	"bulkhead-db":    {1, 100000},
	"bulkhead-aux":   {1, 100000},
	"breaker-min":    {1, 1000000},
	"breaker-trials": {1, 1000000},
	"max-retries":    {0, 100},
	"scan":           {1, 1000000},
	"head-check":     {1, 64},
	"shed-high":      {0, math.MaxInt},
	"shed-low":       {0, math.MaxInt},
	"sample-every":   {1, math.MaxInt},
	"workers":        {1, math.MaxInt},
}

// declareTopology declares the fault domains' flags the placement and
// durability runs share: AZs x racks x nodes, and the replicas.
func declareTopology(fs *Set, t *placement.Topology, replicas *int) {
	fs.Int(&t.AZs, "azs", 1, 1000000, "availability zones")
	fs.Int(&t.RacksPerAZ, "racks", 1, 1000000, "racks in each AZ")
	fs.Int(&t.NodesPerRack, "nodes", 1, 1000000, "nodes in each rack")
	fs.Int(replicas, "replicas", 1, 32, "replicas of each object")
}
