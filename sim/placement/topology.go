package placement

// Topology is a fault-domain tree: sites, each of AZs AZs, each of
// RacksPerAZ racks, each of NodesPerRack nodes. Node n sits in rack n /
// NodesPerRack, AZ n / (RacksPerAZ x NodesPerRack) and site n /
// NodesPerSite: numbers run rack by rack, as cabling does, and site by
// site.
//
// The site level (§26.2.9, The Planet 2008) is a building with its own
// power: Sites of them, of which SitesPerCity consecutive ones share a
// city's power feed (a correlated pair, for two), and Providers providers
// owning Sites / Providers consecutive sites each. Zero or one of each is
// the level absent: one site, the lecture's topology of 26.4.2, whose
// numbers, draws and figures are those of a topology without the level.
//
// Versions is how many software versions the fleet runs, interleaved as
// a rolling upgrade leaves them: node n runs version n mod Versions, so
// every rack holds each version when it has as many nodes. One version is
// the lecture's fleet.
type Topology struct {
	AZs          int `json:"azs"`
	RacksPerAZ   int `json:"racks"`
	NodesPerRack int `json:"nodes"`
	Versions     int `json:"versions"`
	// Sites, SitesPerCity and Providers are the site level; 0 is 1.
	Sites        int `json:"sites"`
	SitesPerCity int `json:"sites-per-city"`
	Providers    int `json:"providers"`
}

// NumSites is the number of sites: 1 when the level is absent.
func (t Topology) NumSites() int { return max(1, t.Sites) }

// CitySites is the sites of one city, which share its power feed.
func (t Topology) CitySites() int { return max(1, t.SitesPerCity) }

// NumCities is the number of cities.
func (t Topology) NumCities() int { return t.NumSites() / t.CitySites() }

// NumProviders is the number of providers.
func (t Topology) NumProviders() int { return max(1, t.Providers) }

// SitesPerProvider is the sites each provider owns.
func (t Topology) SitesPerProvider() int { return t.NumSites() / t.NumProviders() }

// HasSites reports whether the site level is present: more than one site.
func (t Topology) HasSites() bool { return t.NumSites() > 1 }

// Nodes is the number of nodes.
func (t Topology) Nodes() int { return t.NumSites() * t.NodesPerSite() }

// Racks is the number of racks.
func (t Topology) Racks() int { return t.NumSites() * t.RacksPerSite() }

// TotalAZs is the number of AZs of every site.
func (t Topology) TotalAZs() int { return t.NumSites() * t.AZs }

// NodesPerAZ is the nodes of one AZ.
func (t Topology) NodesPerAZ() int { return t.RacksPerAZ * t.NodesPerRack }

// RacksPerSite is the racks of one site.
func (t Topology) RacksPerSite() int { return t.AZs * t.RacksPerAZ }

// NodesPerSite is the nodes of one site.
func (t Topology) NodesPerSite() int { return t.AZs * t.NodesPerAZ() }

// RackOf is the rack of node n.
func (t Topology) RackOf(n int) int { return n / t.NodesPerRack }

// AZOf is the AZ of node n, counted over every site.
func (t Topology) AZOf(n int) int { return n / t.NodesPerAZ() }

// SiteOf is the site of node n.
func (t Topology) SiteOf(n int) int { return n / t.NodesPerSite() }

// CityOf is the city of node n.
func (t Topology) CityOf(n int) int { return t.SiteOf(n) / t.CitySites() }

// ProviderOf is the provider of node n.
func (t Topology) ProviderOf(n int) int { return t.SiteOf(n) / t.SitesPerProvider() }

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
