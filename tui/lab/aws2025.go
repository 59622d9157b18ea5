package lab

import "github.com/loadlab/loadlab/tui/widget"

// AWS2025Title heads the AWS 2025 labs' timeline.
const AWS2025Title = "AWS 2025 in us-east-1, 19-20 October (PDT): the lecture's timeline (26.2.10)"

// AWS2025 is lecture 26.2.10's timeline of the night, in hours after the
// empty DNS record (11:48 PM): the DNS race sets it off, the lease storm
// and the health checks' flip-flops keep it going, the throttle and the
// automation switched off end them. The DNS race, the lease storm, the
// Network Manager and the flip-flop labs each stand at their own place in
// it.
var AWS2025 = []widget.Incident{
	{At: 0, Clock: "11:48 PM", What: "DynamoDB's DNS record in us-east-1 is empty: every call to it fails", Phase: widget.Trigger},
	{At: 0.01, Clock: "11:48 PM", What: "DWFM's checks need DynamoDB: the leases between DWFM and the droplets (EC2's hosts) start to time out", Phase: widget.Sustain},
	{At: 50.0 / 60, Clock: "12:38 AM", What: "engineers find the cause", Phase: widget.Recover},
	{At: 87.0 / 60, Clock: "1:15 AM", What: "a fix goes in", Phase: widget.Recover},
	{At: 157.0 / 60, Clock: "2:25 AM", What: "all DNS information is restored, and copied to the three AZs by 2:32 AM", Phase: widget.Recover},
	{At: 157.1 / 60, Clock: "2:25 AM", What: "DynamoDB is back, but DWFM will not renew an expired lease: every droplet must be leased again, and DWFM collapses under the work", Phase: widget.Sustain},
	{At: 266.0 / 60, Clock: "4:14 AM", What: "engineers throttle incoming work and restart hosts selectively", Phase: widget.Recover},
	{At: 340.0 / 60, Clock: "5:28 AM", What: "DWFM has recovered: every droplet holds a lease again", Phase: widget.Recover},
	{At: 340.1 / 60, Clock: "5:28 AM", What: "the new leases' network state floods EC2's Network Manager", Phase: widget.Sustain},
	{At: 342.0 / 60, Clock: "5:30 AM", What: "new instances' network state lags: load balancers' health checks flip between failed and healthy, and each flip rewrites DNS", Phase: widget.Sustain},
	{At: 393.0 / 60, Clock: "6:21 AM", What: "the Network Manager's latency is seen rising, slowing EC2's instances", Phase: widget.Sustain},
	{At: 588.0 / 60, Clock: "9:36 AM", What: "engineers switch the health checks' automatic failover off", Phase: widget.Recover},
	{At: 648.0 / 60, Clock: "10:36 AM", What: "the Network Manager's latency is back to normal", Phase: widget.Recover},
	{At: 695.0 / 60, Clock: "11:23 AM", What: "engineers start to relax the throttles, step by step", Phase: widget.Recover},
	{At: 842.0 / 60, Clock: "1:50 PM", What: "EC2 works again, old instances and new", Phase: widget.Recover},
	{At: 861.0 / 60, Clock: "2:09 PM", What: "the load balancers are back to normal", Phase: widget.Recover},
}
