package scenarios

// Chain is one incident told by several scenarios in order, each picking
// up where the one before left off: its name, and the scenarios with the
// moment each one opens at.
type Chain struct {
	Name  string
	Parts []Part
}

// Part is one scenario of a chain, and what it picks up from the part
// before ("" for the first).
type Part struct {
	Scenario string
	// Opens says, in a few words, where the part before left the story:
	// the moment this part starts from.
	Opens string
}

// AWS2025Night is lecture 26.2.10's night of 19-20 October 2025 in four
// parts: the DNS race that empties DynamoDB's record at 11:48 PM, the
// lease storm DynamoDB's return sets off at 2:25 AM, the Network
// Manager's backlog from 5:28 AM to 1:50 PM, and the health checks'
// flip-flop until 2:09 PM.
var AWS2025Night = Chain{Name: "AWS 2025's night", Parts: []Part{
	{Scenario: "dns-race"},
	{Scenario: "lease-storm", Opens: "the DNS race left DynamoDB's record empty at 11:48 PM, and DWFM's checks, which need DynamoDB, fail with it"},
	{Scenario: "network-manager", Opens: "the lease storm ended at 5:28 AM with every droplet leased again, and each new lease's network state still to propagate"},
	{Scenario: "health-flip-flop", Opens: "the Network Manager's backlog left new instances without their network for up to two hours from 5:30 AM, and load balancers' health checks failing them"},
}}

// chains are every chain of scenarios.
var chains = []Chain{AWS2025Night}

// Place is where a scenario stands in its chain: its part (from 1) of
// how many, and the scenarios before and after it ("" at either end).
type Place struct {
	Chain      string
	Part, Of   int
	Prev, Next string
	// Opens is where the part before left off ("" for the first).
	Opens string
}

// PlaceOf reports where a scenario stands in a chain, if it is in one.
func PlaceOf(name string) (Place, bool) {
	for _, c := range chains {
		for i, p := range c.Parts {
			if p.Scenario != name {
				continue
			}
			pl := Place{Chain: c.Name, Part: i + 1, Of: len(c.Parts), Opens: p.Opens}
			if i > 0 {
				pl.Prev = c.Parts[i-1].Scenario
			}
			if i+1 < len(c.Parts) {
				pl.Next = c.Parts[i+1].Scenario
			}
			return pl, true
		}
	}
	return Place{}, false
}
