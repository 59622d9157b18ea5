package tui

import (
	"github.com/loadlab/loadlab/scenarios"
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
	"github.com/loadlab/loadlab/tui/placementlab"
	"github.com/loadlab/loadlab/tui/remirrorlab"
	"github.com/loadlab/loadlab/tui/siteoutagelab"
	"github.com/loadlab/loadlab/tui/stormlab"
	"github.com/loadlab/loadlab/tui/supermarketlab"
)

// labs maps an engine to the lab that opens its scenarios. An engine that
// is not here has no lab, and opening it is an error.
var labs = map[string]func(scenarios.Spec) (lab.Lab, error){
	"bins":             binslab.New,
	"exact":            exactlab.New,
	"cascade":          cascadelab.New,
	"retry-storm":      stormlab.New,
	"placement":        placementlab.New,
	"hashing":          hashinglab.New,
	"supermarket":      supermarketlab.New,
	"durability":       durabilitylab.New,
	"availability":     availlab.New,
	"lease-storm":      leasestormlab.New,
	"health-flip-flop": flipfloplab.New,
	"interleave":       dnsracelab.New,
	"remirror":         remirrorlab.New,
	"site-outage":      siteoutagelab.New,
	"config-storm":     configstormlab.New,
}

// HasLab reports whether an engine's scenarios open in a lab.
func HasLab(engine string) bool {
	_, ok := labs[engine]
	return ok
}
