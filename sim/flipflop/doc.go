// Package flipflop is the health-check flip-flop of lecture 26, section
// 26.2.10 (docs/sources.md, §26.2.10): on the morning of 2025-10-20 new
// EC2 instances' network state propagated slowly, NLB's health checks
// flipped instances between failed and healthy, and every flip rewrote
// DNS, adding load, until engineers switched the automation off.
//
// The model, ours where the lecture gives no numbers:
//
//   - Instances behind a load balancer are checked every IntervalS
//     seconds, each at its own phase. A check fails when its latency
//     passes the threshold. Latency is log-normal about each instance's
//     median: ln(latency / threshold) = ln(median) + Noise x Z.
//   - Outside the slow window every median is QuietMedian of the
//     threshold: checks pass. From SlowFromMin for SlowMin minutes (the
//     lecture's 5:30 AM to 10:36 AM) each instance's median is drawn
//     about SlowMedian of the threshold (a log-normal spread of Spread):
//     its checks pass or fail by chance.
//   - The automation keeps a state per instance, healthy (wanted in DNS)
//     or failed (wanted out). Without hysteresis every check result that differs
//     from the state changes it; with hysteresis it takes K results in a
//     row. Each change is one DNS write: taking the instance's record out
//     or putting it back.
//   - DNS applies DNSCapacity writes a minute, first made, first applied;
//     writes past it wait in its queue. A write waiting has not happened:
//     what DNS serves (the instances in it, the dead among them) is what
//     its applied writes say, so a backlog delays taking dead instances
//     out and putting healthy ones back alike, by the time the oldest
//     write has waited (the DNS lag).
//   - With the cap, at most CapPerMin changes a minute are made, fleet
//     wide; a change over the cap waits for a later check.
//   - At DisableAtMin (the lecture's 9:36 AM) the automation is switched
//     off: it makes no more changes, and writes every instance it had
//     taken out back in. The writes still waiting stay queued (DNS has
//     them): the put-backs are applied after them, and until then DNS
//     goes on serving the automation's old changes. The lecture's load
//     balancers were affected until 2:09 PM, hours past the switch-off;
//     the run ends DurationMin after 5:00 AM (2:09 PM by default, the lecture's end of the night) with
//     hours of writes still waiting, so it shows why the tail was long,
//     not where it ended.
//
// The checks' random draws do not depend on the automation's state, so
// runs on one seed meet the same check results, result for result: the
// protections are compared on the same input. Time moves in ticks of one
// second.
package flipflop
