package flipfloplab

import "github.com/loadlab/loadlab/tui/lab"

// card is the incident in the lecture's four questions, for the shell's
// end card.
var card = lab.Card{
	Title:     "AWS 2025: health checks flip-flopping (lecture 26.2.10)",
	Trigger:   "From 5:30 AM new instances' network state lagged, and the load balancers' health checks failed instances that were fine.",
	KeptGoing: "Each result flipped an instance out of DNS or back in, one more DNS write each: the checks loaded the very system that lagged.",
	Ended:     "Engineers switched automatic health-check failover off at 9:36 AM, and on again at 2:09 PM once EC2 had recovered.",
	Prevented: "Hysteresis (several results in a row before a state changes), and a cap on the capacity automation may take away at once.",
}
