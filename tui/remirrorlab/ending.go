package remirrorlab

import "github.com/loadlab/loadlab/tui/lab"

// card is the incident in the lecture's four questions, for the shell's
// end card.
var card = lab.Card{
	Title:     "AWS 2011: EBS's re-mirroring storm (lecture 26.2.7)",
	Trigger:   "12:47 AM: a network change sends a zone's EBS traffic onto the small secondary network; the volumes cut off lose their mirrors and all search for new ones at once.",
	KeptGoing: "Searching without backoff took the spare network (13 % of the volumes stuck), a race at the high search rate failed more nodes, the control plane filled up.",
	Ended:     "The zone cut off from the control plane (8:20 AM), the futile re-mirroring stopped (11:30 AM); 0.07 % of the volumes lost for good.",
	Prevented: "Backoff and a cap on the searches, a bulkhead between one zone and the region, tests at the request rates a failure brings.",
}
