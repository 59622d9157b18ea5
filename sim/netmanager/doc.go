// Package netmanager is the Network Manager's backlog of lecture 26,
// section 26.2.10 (docs/sources.md, §26.2.10): AWS us-east-1 on the
// morning of 2025-10-20, from 5:28 AM, when DWFM had leased every droplet
// again, to 1:50 PM, when EC2 worked again, old instances and new.
//
// The lecture gives the times and the story: at 5:28 AM the flood of new
// leases starts to propagate and overwhelms EC2's Network Manager; at
// 6:21 AM its latency is seen rising, slowing EC2's instances; at 10:36
// AM latency is back to normal; at 11:23 AM engineers start to relax the
// throttles put on at 4:14 AM, step by step; at 1:50 PM EC2 is back. The
// model, every count and rate ours:
//
//   - Each droplet DWFM leased again needs its network state propagated:
//     Droplets updates reach the Network Manager evenly over FloodMin
//     minutes from 5:28 AM.
//   - Customers ask for Launches new instances a minute. Since 4:14 AM a
//     throttle lets Throttle a minute through; the rest are held (the
//     "request limit exceeded" the lecture quotes) and asked for again
//     until they get through. A launch let through is one more update.
//   - The Network Manager propagates Rate updates a minute, first come,
//     first served (with Priority, a new instance's before the flood's).
//     An update waiting has not happened: a new instance has no network
//     until its update is done, so the wait a launch made now faces, the
//     updates ahead of it over Rate, is what slows EC2's instances.
//   - From RelaxAtMin (the lecture's 11:23 AM) engineers relax the
//     throttle: by StepUp launches a minute every StepMin minutes, while
//     the wait stays at or under NormalMin (the lecture's "step by
//     step"); or, with AtOnce, all at once. EC2 is back once no launch is
//     held and the wait is normal.
//
// The flood is a flow: counts are expected numbers, in minutes a step,
// and nothing is drawn at random, so a config is one run. Relaxing the
// throttle at once lets the launches held for seven hours through in a
// minute: the Network Manager floods again, and new instances wait over
// an hour and a half for their network, which is when a load balancer's
// health checks fail them (the health-check flip-flop).
package netmanager
