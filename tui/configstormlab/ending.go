package configstormlab

import "github.com/loadlab/loadlab/tui/lab"

// card is the incident in the lecture's four questions, for the shell's
// end card.
var card = lab.Card{
	Title:     "Facebook 2010: the configuration storm (lecture 26.2.8)",
	Trigger:   "An invalid configuration value: every cache client saw it and queried the database to fix it, hundreds of thousands a second.",
	KeptGoing: "Fixing the value was not the end: an error looked invalid too, so clients deleted their cache entries and queried again, with no backoff.",
	Ended:     "The site turned off, the database cut off until it recovered, users let back slowly while the caches refilled: 2.5 hours down.",
	Prevented: "Checking a configuration value before it spreads, clients that back off with jitter, and one client repairing while the others wait, instead of all repairing at once.",
}
