package scenarios

import (
	"github.com/loadlab/loadlab/sim/avail"
	"github.com/loadlab/loadlab/sim/bins"
	"github.com/loadlab/loadlab/sim/cascade"
	"github.com/loadlab/loadlab/sim/configstorm"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/flipflop"
	"github.com/loadlab/loadlab/sim/hashing"
	"github.com/loadlab/loadlab/sim/interleave"
	"github.com/loadlab/loadlab/sim/leasestorm"
	"github.com/loadlab/loadlab/sim/netmanager"
	"github.com/loadlab/loadlab/sim/placement"
	"github.com/loadlab/loadlab/sim/queue"
	"github.com/loadlab/loadlab/sim/remirror"
	"github.com/loadlab/loadlab/sim/siteoutage"
)

// Spec is an engine's configuration in the words of the command line and
// scenario files. Each engine's spec type implements it; a scenario holds
// one so that a flag or a file can override any field.
type Spec = engine.Spec

// Engine is one simulation engine: its name on the command line and in
// scenario files (its spec's, Spec.Engine), a one-line title, the picker's
// heading its scenarios sit under, and the spec a bare "loadlab run NAME"
// uses. This list is the one place an engine is declared.
type Engine struct {
	Name    string
	Title   string
	Group   string
	Default Spec
}

// casebook is the picker's heading of the incidents' engines.
const casebook = "Casebook: outages"

// declare is an engine named by its default spec.
func declare(title, group string, def Spec) Engine {
	return Engine{Name: def.Engine(), Title: title, Group: group, Default: def}
}

var engines = []Engine{
	declare("balls into bins: one choice, d choices and what breaks the theorem", "Balls into bins", bins.DefaultSpec()),
	declare("exact max-load distributions of small cases, by brute force or by DP", "Exact enumeration", bins.DefaultExactSpec()),
	declare("cascading failure through thread pools, and the protections against it", "Cascading failure", cascade.DefaultSpec()),
	declare("clients retrying together, with and without jitter", "Retry storm", cascade.DefaultStormSpec()),
	declare("join the shorter of d random queues: the supermarket model against its mean field", "Supermarket queues", queue.DefaultSpec()),
	declare("key-to-node mappings: rendezvous hashing, a ring, jump, Maglev, bounded loads; spread and churn", "Hashing", hashing.DefaultSpec()),
	declare("replicas across fault domains, and the failures that take a majority", "Placement across fault domains", placement.DefaultSpec()),
	declare("placement strategies holding data through years of failures and repairs", "Durability over years", placement.DefaultDurabilitySpec()),
	declare("MTTF, MTTR, the nines, and why scale needs fast repair", "Availability", avail.DefaultSpec()),
	declare("an exact interleaving explorer: two DNS Enactors racing, every schedule counted, the fixes, and the race in time (AWS 2025)", casebook, interleave.DefaultSpec()),
	declare("AWS 2025: leases lost in an outage, a manager that stays collapsed after it, and the throttle that ends it", casebook, leasestorm.DefaultSpec()),
	declare("AWS 2025: the new leases' network state floods EC2's Network Manager, and the throttle relaxed step by step or at once", casebook, netmanager.DefaultSpec()),
	declare("AWS 2011: EBS volumes that lose their mirror search for a new one without backoff, and a storm that keeps a zone stuck for days", casebook, remirror.DefaultSpec()),
	declare("Facebook 2010: an invalid value fixed, and the clients' own fix keeps the database down until traffic is cut, or they back off", casebook, configstorm.DefaultSpec()),
	declare("AWS 2025: health checks flipping instances in and out of DNS, and hysteresis against it", casebook, flipflop.DefaultSpec()),
	declare("The Planet 2008: a building dark for days, its customers by placement, failover limited by the power to spare, and their year", casebook, siteoutage.DefaultSpec()),
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
