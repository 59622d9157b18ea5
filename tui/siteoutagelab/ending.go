package siteoutagelab

import "github.com/loadlab/loadlab/tui/lab"

// card is the incident in the lecture's four questions, for the shell's
// end card.
var card = lab.Card{
	Title:     "The Planet 2008: the H1 explosion in Houston (lecture 26.2.9)",
	Trigger:   "May 31, 5:55 PM: a transformer shorts in H1 and the UPS batteries explode; 9,000 servers and 7,500 customers go down.",
	KeptGoing: "No generators while the fire department kept the power off, no staff until 10 PM, too little power and cooling elsewhere for the servers.",
	Ended:     "Trucks moved critical servers away; floor two powered June 2, floor one rack by rack by June 4. Other cities and providers were back first.",
	Prevented: "Servers across data centres, better still providers, with power reserved elsewhere and failover drilled before the day it is needed.",
}
