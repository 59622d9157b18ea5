// Package leasestorm is the lease storm of lecture 26, section 26.2.10
// (docs/sources.md, §26.2.10): AWS's DropletWorkflow Manager (DWFM) and the
// leases it holds on EC2's droplets, through the night of 2025-10-19/20.
//
// The model, in the lecture's words where it has them and ours where it
// does not:
//
//   - Droplets hold leases from one manager. A lease lasts LeaseMin; a
//     droplet asks to renew it at a time drawn between three quarters
//     of RenewMin and RenewMin after it was granted. A droplet
//     whose lease has run out has lost it and must ask for a new one (the
//     lecture: DWFM did not treat an expired lease as renewable).
//   - A droplet that asks waits up to its timeout for the answer; then it
//     gives up and asks again. A request it gave up on stays in the
//     manager's queue: the manager cannot know.
//   - The manager serves its queue first come, first served, Rate
//     requests a second. Serving a request whose droplet still waits
//     grants the lease (goodput); serving one whose droplet gave up is
//     wasted work. Its queue holds at most QueueLimit requests; past it a
//     request is refused at once ("request limit exceeded").
//   - From the outage's start, for OutageMin minutes, DynamoDB cannot be
//     reached: the manager's checks fail, every request is refused at
//     once, and leases expire as their time comes.
//
// When DynamoDB returns, every droplet that lost its lease asks at once.
// Rate x Timeout is what the manager can serve inside one timeout (540
// with the defaults); when far more droplets wait, the queue's wait
// passes the timeout, every request served is one its droplet gave up
// on, and the droplets' retries keep the queue full: goodput stays at
// zero after the cause is gone, a metastable state. The line is not at
// Rate x Timeout itself, as the requests served in time leave the queue
// before the others' retries join it: on the default seed 735 droplets
// waiting (a 2-minute outage) are absorbed, 1,116 (3 minutes) are not. Two protections bring it back: the throttle
// (from ThrottleAfterMin after the outage, the lecture's 4:14 AM, at most
// Cap requests in flight, and the queue flushed by restarts: the
// lecture's "throttle and restart selectively"), and dropping requests
// older than the timeout instead of serving them.
//
// Every count, rate and duration is the model's; the lecture gives the
// times (11:48 PM, 2:25 AM, 4:14 AM, 5:28 AM) and the story, not DWFM's
// numbers. Time moves in ticks of one second. The only randomness is when
// each droplet's lease was granted before the night begins, drawn from
// the seed as CPython's random would.
package leasestorm
