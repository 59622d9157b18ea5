package placement

// Topology is a fault-domain tree: AZs, each of RacksPerAZ racks, each of
// NodesPerRack nodes. Node n sits in rack n / NodesPerRack and AZ n /
// (RacksPerAZ x NodesPerRack): numbers run rack by rack.
type Topology struct {
	AZs          int `json:"azs" toml:"azs"`
	RacksPerAZ   int `json:"racks" toml:"racks"`
	NodesPerRack int `json:"nodes" toml:"nodes"`
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
