package placement

// Topology is a fault-domain tree: AZs, each of RacksPerAZ racks, each of
// NodesPerRack nodes. Node n sits in rack n / NodesPerRack and AZ n /
// (RacksPerAZ x NodesPerRack): numbers run rack by rack.
//
// Versions is how many software versions the fleet runs, interleaved as
// a rolling upgrade leaves them: node n runs version n mod Versions, so
// every rack holds each version when it has as many nodes. One version is
// the lecture's fleet.
type Topology struct {
	AZs          int `json:"azs" toml:"azs"`
	RacksPerAZ   int `json:"racks" toml:"racks"`
	NodesPerRack int `json:"nodes" toml:"nodes"`
	Versions     int `json:"versions" toml:"versions"`
}

// Nodes is the number of nodes.
func (t Topology) Nodes() int { return t.AZs * t.RacksPerAZ * t.NodesPerRack }

// Racks is the number of racks.
func (t Topology) Racks() int { return t.AZs * t.RacksPerAZ }

// NodesPerAZ is the nodes of one AZ.
func (t Topology) NodesPerAZ() int { return t.RacksPerAZ * t.NodesPerRack }

// RackOf is the rack of node n.
func (t Topology) RackOf(n int) int { return n / t.NodesPerRack }

// AZOf is the AZ of node n.
func (t Topology) AZOf(n int) int { return n / t.NodesPerAZ() }

// VersionOf is the software version node n runs.
func (t Topology) VersionOf(n int) int { return n % max(1, t.Versions) }

// cell is the nodes of AZ a that run version v: first, first + Versions,
// ..., count of them.
func (t Topology) cell(a, v int) (first, count int) {
	vs := max(1, t.Versions)
	lo, hi := a*t.NodesPerAZ(), (a+1)*t.NodesPerAZ()
	first = lo + ((v-lo)%vs+vs)%vs
	if first >= hi {
		return first, 0
	}
	return first, (hi - first + vs - 1) / vs
}
