package scenarios

import (
	"github.com/loadlab/loadlab/sim/avail"
	"github.com/loadlab/loadlab/sim/bins"
	"github.com/loadlab/loadlab/sim/cascade"
	"github.com/loadlab/loadlab/sim/configstorm"
	"github.com/loadlab/loadlab/sim/flipflop"
	"github.com/loadlab/loadlab/sim/hashing"
	"github.com/loadlab/loadlab/sim/interleave"
	"github.com/loadlab/loadlab/sim/leasestorm"
	"github.com/loadlab/loadlab/sim/placement"
	"github.com/loadlab/loadlab/sim/queue"
	"github.com/loadlab/loadlab/sim/remirror"
	"github.com/loadlab/loadlab/sim/siteoutage"
)

// Spec is an engine's configuration in the words of the command line and
// scenario files. Each engine's spec type implements it; a scenario holds
// one so that a flag or a file can override any field.
type Spec interface {
	// Engine names the engine the spec configures.
	Engine() string
	// Validate reports the first invalid field (an engine.FieldError where
	// a field is to blame) without running anything.
	Validate() error
}

// Engine is one simulation engine: its name on the command line and in
// scenario files, a one-line title, and the spec a bare "loadlab run NAME"
// uses.
type Engine struct {
	Name    string
	Title   string
	Default Spec
}

var engines = []Engine{
	{Name: "bins", Title: "balls into bins: one choice, d choices and what breaks the theorem", Default: bins.DefaultSpec()},
	{Name: "exact", Title: "exact max-load distributions of small cases, by brute force or by DP", Default: bins.DefaultExactSpec()},
	{Name: "cascade", Title: "cascading failure through thread pools, and the protections against it", Default: cascade.DefaultSpec()},
	{Name: "retry-storm", Title: "clients retrying together, with and without jitter", Default: cascade.DefaultStormSpec()},
	{Name: "supermarket", Title: "join the shorter of d random queues: the supermarket model against its mean field", Default: queue.DefaultSpec()},
	{Name: "hashing", Title: "rendezvous hashing against a consistent-hash ring: spread and churn", Default: hashing.DefaultSpec()},
	{Name: "placement", Title: "replicas across fault domains, and the failures that take a majority", Default: placement.DefaultSpec()},
	{Name: "durability", Title: "placement strategies holding data through years of failures and repairs", Default: placement.DefaultDurabilitySpec()},
	{Name: "availability", Title: "MTTF, MTTR, the nines, and why scale needs fast repair", Default: avail.DefaultSpec()},
	{Name: "interleave", Title: "an exact interleaving explorer: two DNS Enactors racing, every schedule counted, the fixes, and the race in time (AWS 2025)", Default: interleave.DefaultSpec()},
	{Name: "lease-storm", Title: "AWS 2025: leases lost in an outage, a manager that stays collapsed after it, and the throttle that ends it", Default: leasestorm.DefaultSpec()},
	{Name: "remirror", Title: "AWS 2011: EBS volumes that lose their mirror search for a new one without backoff, and a storm that keeps a zone stuck for days", Default: remirror.DefaultSpec()},
	{Name: "config-storm", Title: "Facebook 2010: an invalid value fixed, and the clients' own fix keeps the database down until traffic is cut, or they back off", Default: configstorm.DefaultSpec()},
	{Name: "health-flip-flop", Title: "AWS 2025: health checks flipping instances in and out of DNS, and hysteresis against it", Default: flipflop.DefaultSpec()},
	{Name: "site-outage", Title: "The Planet 2008: a building dark for days, its customers by placement, failover limited by the power to spare, and their year", Default: siteoutage.DefaultSpec()},
}

// Engines lists the engines in the order help shows them.
func Engines() []Engine { return append([]Engine(nil), engines...) }

// LookupEngine finds an engine by name.
func LookupEngine(name string) (Engine, bool) {
	for _, e := range engines {
		if e.Name == name {
			return e, true
		}
	}
	return Engine{}, false
}
