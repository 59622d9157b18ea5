// Package remirror is the re-mirroring storm of lecture 26, section 26.2.7
// (docs/sources.md, §26.2.7): AWS's EBS in one Availability Zone of US
// East, from 12:47 AM on 2011-04-21 to noon three days later.
//
// The model, in the lecture's words where it has them and ours where it
// does not:
//
//   - The zone's EBS cluster holds Volumes volumes on Nodes nodes, each
//     volume as two copies on two nodes: its primary and its mirror.
//   - At 12:47 AM a network change moves the traffic of a share of the
//     nodes (CutShare) onto the low-capacity secondary network, and is
//     rolled back; every volume with a copy there has lost its mirror
//     (the copy there is stale). A volume without a mirror is stuck: it
//     serves no I/O until it has a new one.
//   - A stuck volume searches for a new mirror. Each search is a
//     negotiation between the nodes and the control plane. Without
//     backoff a stuck volume searches Tries times a minute; with backoff
//     it waits 1, 2, 4, ... up to BackoffMaxMin minutes between searches
//     (a random time in the upper half of each wait). With the cap, at
//     most MaxRemirrors volumes search at a time; the others wait their
//     turn, oldest first.
//   - Searches use the cluster's spare network: Capacity searches a
//     minute fill it, and a re-mirror (copying a volume to its new
//     mirror) costs as much as RemirrorCost searches. What the searches
//     leave over re-mirrors the stuck volumes, oldest first. When the
//     stuck volumes search more than the capacity, nothing is left for
//     re-mirroring: no volume gets a mirror, so none stops searching (the
//     lecture: the free capacity used up at once, the replicas in a loop).
//     A wave larger than Capacity / Tries never drains by itself.
//   - At high negotiation rates a race in the nodes' code fails them: each
//     minute, each node fails with chance RaceChance x (searches -
//     RaceRate) / RaceRate. A failed node's volumes lose the copy it held:
//     a volume with a mirror elsewhere is stuck; a stuck volume whose only
//     copy was there is stranded until the node comes back.
//   - The control plane serves ControlRate requests a minute for the
//     whole region: its own API calls (RegionRate a minute), the zone's
//     searches, and create-volume calls into the zone, which while the
//     zone has stuck volumes hang HangCost times as long as a call should
//     (the lecture's long timeouts). Over capacity, every request has the
//     same chance of being served; the rest fail. With the bulkhead the
//     region's calls come first, up to all but BulkheadShare of the
//     control plane, and the zone's traffic takes what they leave. At
//     2:40 AM create-volume calls are disabled (the lecture).
//   - At CutAt (the lecture: 8:20 AM) the zone's cluster is cut off from
//     the control plane: no search is negotiated, so none costs anything,
//     and none succeeds. At FixAt (the lecture: 11:30 AM) the engineers
//     stop the futile re-mirroring, and the zone recovers slowly: from
//     then on each volume still stuck gets a new mirror with chance
//     TailPerHour an hour (the engineers brought in capacity by hand); a
//     stranded one comes back with its node, its copy unreadable with
//     chance LostChance (lost for good).
//   - Customers with one volume each: a customer in one zone is down
//     while its volume is stuck or lost; with Spread the customer runs in
//     several zones and is never down (the lecture: customers who used
//     several zones were not affected).
//
// The lecture gives the times (12:47 AM, 2:40 AM, 2:50 AM, 5:30 AM, 8:20
// AM, 11:30 AM, noon, and noon on April 24) and the shares (13 % stuck,
// all but 1.04 % back after three days, 0.07 % lost for good). Every
// count, rate and chance is the model's: the defaults are set so that the
// lecture's night (no backoff, no cap, the zone cut off at 8:20 AM, the
// fix at 11:30 AM) gives the lecture's shares on average over seeds
// 400-439 (12.96 %, 1.05 %, 0.068 %); one night's race varies by several
// points (the default seed, 425: 13.94 %, 1.16 %, 0.090 %). Time
// moves in steps of one minute from midnight; the seed draws the copies'
// nodes, the cut nodes, the race's failures, backoff's waits and the
// recovery's times, as CPython's random would.
package remirror
