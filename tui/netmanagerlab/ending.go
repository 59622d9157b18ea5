package netmanagerlab

import "github.com/loadlab/loadlab/tui/lab"

// card is the incident in the lecture's four questions, for the shell's
// end card.
var card = lab.Card{
	Title:     "AWS 2025: the Network Manager's backlog (lecture 26.2.10)",
	Trigger:   "At 5:28 AM DWFM had leased every droplet again, and the network state of all those new leases flooded EC2's Network Manager faster than it could propagate it.",
	KeptGoing: "It works in order: every launch waited behind the flood for its network, so new instances were slow (6:21 AM) until the backlog cleared at 10:36 AM.",
	Ended:     "Engineers relaxed the throttles from 11:23 AM step by step, watching the latency and stepping back when it rose; EC2 worked again at 1:50 PM.",
	Prevented: "Pacing recovery work to what the next system can absorb, and letting new instances' network state go before a backlog of old work.",
}
