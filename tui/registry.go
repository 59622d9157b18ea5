package tui

import (
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/avail"
	"github.com/loadlab/loadlab/sim/bins"
	"github.com/loadlab/loadlab/sim/cascade"
	"github.com/loadlab/loadlab/sim/configstorm"
	"github.com/loadlab/loadlab/sim/flipflop"
	"github.com/loadlab/loadlab/sim/hashing"
	"github.com/loadlab/loadlab/sim/interleave"
	"github.com/loadlab/loadlab/sim/leasestorm"
	"github.com/loadlab/loadlab/sim/netmanager"
	"github.com/loadlab/loadlab/sim/placement"
	"github.com/loadlab/loadlab/sim/queue"
	"github.com/loadlab/loadlab/sim/remirror"
	"github.com/loadlab/loadlab/sim/siteoutage"
	"github.com/loadlab/loadlab/tui/availlab"
	"github.com/loadlab/loadlab/tui/binslab"
	"github.com/loadlab/loadlab/tui/cascadelab"
	"github.com/loadlab/loadlab/tui/configstormlab"
	"github.com/loadlab/loadlab/tui/dnsracelab"
	"github.com/loadlab/loadlab/tui/durabilitylab"
	"github.com/loadlab/loadlab/tui/exactlab"
	"github.com/loadlab/loadlab/tui/flipfloplab"
	"github.com/loadlab/loadlab/tui/hashinglab"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/leasestormlab"
	"github.com/loadlab/loadlab/tui/netmanagerlab"
	"github.com/loadlab/loadlab/tui/placementlab"
	"github.com/loadlab/loadlab/tui/remirrorlab"
	"github.com/loadlab/loadlab/tui/siteoutagelab"
	"github.com/loadlab/loadlab/tui/stormlab"
	"github.com/loadlab/loadlab/tui/supermarketlab"
)

// labs maps an engine, named by its spec, to the lab that opens its
// scenarios, built with the session's share of the machine for its work
// off the UI loop. An engine that is not here has no lab, and opening it
// is an error.
var labs = map[string]func(scenarios.Spec, *lab.Share) (lab.Lab, error){
	bins.Spec{}.Engine():                onLoop(binslab.New),
	bins.ExactSpec{}.Engine():           exactlab.New,
	cascade.Spec{}.Engine():             cascadelab.New,
	cascade.StormSpec{}.Engine():        onLoop(stormlab.New),
	placement.Spec{}.Engine():           onLoop(placementlab.New),
	hashing.Spec{}.Engine():             onLoop(hashinglab.New),
	queue.Spec{}.Engine():               onLoop(supermarketlab.New),
	placement.DurabilitySpec{}.Engine(): durabilitylab.New,
	avail.Spec{}.Engine():               onLoop(availlab.New),
	leasestorm.Spec{}.Engine():          onLoop(leasestormlab.New),
	flipflop.Spec{}.Engine():            onLoop(flipfloplab.New),
	netmanager.Spec{}.Engine():          onLoop(netmanagerlab.New),
	interleave.Spec{}.Engine():          onLoop(dnsracelab.New),
	remirror.Spec{}.Engine():            remirrorlab.New,
	siteoutage.Spec{}.Engine():          onLoop(siteoutagelab.New),
	configstorm.Spec{}.Engine():         onLoop(configstormlab.New),
}

// onLoop is a lab whose work all runs on the UI loop, in time-budgeted
// steps: the share of the machine is not its concern.
func onLoop(open func(scenarios.Spec) (lab.Lab, error)) func(scenarios.Spec, *lab.Share) (lab.Lab, error) {
	return func(s scenarios.Spec, _ *lab.Share) (lab.Lab, error) { return open(s) }
}

// HasLab reports whether an engine's scenarios open in a lab.
func HasLab(engine string) bool {
	_, ok := labs[engine]
	return ok
}
