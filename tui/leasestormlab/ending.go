package leasestormlab

import "github.com/loadlab/loadlab/tui/lab"

// card is the incident in the lecture's four questions, for the shell's
// end card.
var card = lab.Card{
	Title:     "AWS 2025: the lease storm (lecture 26.2.10)",
	Trigger:   "DynamoDB back at 2:25 AM, but DWFM would not renew expired leases: every droplet in us-east-1 needed a new lease at once.",
	KeptGoing: "Congestive collapse: requests waited past their timeouts, so DWFM's work went to requests no one waited for, and droplets asked again.",
	Ended:     "Engineers throttled the incoming requests and restarted selectively from 4:14 AM; DWFM recovered at 5:28 AM.",
	Prevented: "Admission control: a cap on the work in flight, requests dropped once past their deadline, leases renewed in batches.",
}
