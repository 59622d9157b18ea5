package siteoutage

import (
	"fmt"
	"math"

	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/placement"
)

// Protections are a run's switches: capacity reserved for failover at the
// surviving sites, and failover drilled, so that it works when tried.
type Protections struct {
	Reserve bool
	Drills  bool
}

// Sets are the protection sets by name, in the order help lists them.
var Sets = []engine.Set[Protections]{
	{Name: "none", Protections: Protections{}},
	{Name: "reserve", Protections: Protections{Reserve: true}},
	{Name: "drills", Protections: Protections{Drills: true}},
	{Name: "both", Protections: Protections{Reserve: true, Drills: true}},
}

// SetName is the name of a protection set.
func SetName(p Protections) string { return engine.NameOfSet(Sets, p) }

// Groups are the customers' placements, in the order reports list them:
// one building, two buildings of one city on one feed, two providers.
var Groups = []placement.Strategy{placement.OneSite, placement.OneCity, placement.CrossProvider}

// Config is one run of the days H1 was dark. Times are minutes after the
// explosion (5:55 PM, May 31) unless they say otherwise.
type Config struct {
	Seed int64
	// Customers share H1's servers, one or two each: 2 floors x
	// RacksPerFloor racks x ServersPerRack servers.
	Customers                     int
	RacksPerFloor, ServersPerRack int
	// OneCity and CrossProvider are the shares of customers with a
	// standby in H2 and at another provider; the rest have none.
	OneCity, CrossProvider float64
	// Spare is the share of a surviving site's power free for failover as
	// it was; Reserved the share with capacity reserved for it.
	Spare, Reserved float64
	// Broken is the share of failovers that do not work when tried,
	// without drills; FailoverMin how long a failover takes.
	Broken      float64
	FailoverMin int
	// EntryMin is when staff may enter (the lecture: 10 PM); from then
	// trucks carry TruckRate servers an hour to Dallas, DriveMin each way.
	EntryMin  int
	TruckRate float64
	DriveMin  int
	// Floor2Min is when floor two has power (the lecture: 5 PM, June 2);
	// from Floor1Min floor one's racks come back, RacksPerHour.
	Floor2Min, Floor1Min int
	RacksPerHour         float64
	// Fault is placement.SiteFailure (H1 alone, as it was) or
	// placement.CityFailure (the feed H1 shares with H2).
	Fault placement.Event
	// Target is the availability the customers bought.
	Target float64
	Protections
}

// Limits of the fields.
const (
	MaxServers  = 1_000_000
	MaxMinutes  = 30 * 24 * 60 // any time of the run: a month
	MaxRate     = 1e6
	StepMin     = 5
	LeadMin     = 55      // the run starts at 5:00 PM, the explosion at 5:55 PM
	TailMin     = 12 * 60 // the run goes on half a day after the last rack
	StartClock  = 17 * 60 // 5:00 PM
	sitesPerSet = 6       // each provider's sites
)

// DefaultConfig is the lecture's night and days with the model's numbers:
// 7,500 customers on 9,000 servers (2 floors x 150 racks x 30), 15 % of
// them with a standby in H2 and 5 % at another provider; 3 % of a site's
// power to spare as it was, 20 % reserved; a quarter of untested failovers
// broken, 30 min to fail over; from 10 PM trucks moving 30 servers an
// hour, 5 h on the road; floor two's power at 5 PM June 2, floor one's
// racks from 9 AM June 4, 15 an hour; 99.9 % bought.
func DefaultConfig() Config {
	return Config{Seed: 425, Customers: 7500, RacksPerFloor: 150, ServersPerRack: 30, OneCity: 0.15, CrossProvider: 0.05,
		Spare: 0.03, Reserved: 0.20, Broken: 0.25, FailoverMin: 30, EntryMin: 245, TruckRate: 30, DriveMin: 300,
		Floor2Min: 2825, Floor1Min: 5225, RacksPerHour: 15, Fault: placement.SiteFailure, Target: 0.999}
}

// Servers is H1's servers.
func (c Config) Servers() int { return 2 * c.RacksPerFloor * c.ServersPerRack }

// Topology is the world: twelve sites of H1's shape, cities of two, two
// providers.
func (c Config) Topology() placement.Topology {
	return placement.Topology{Sites: 2 * sitesPerSet, SitesPerCity: 2, Providers: 2, AZs: 2, RacksPerAZ: c.RacksPerFloor, NodesPerRack: c.ServersPerRack, Versions: 1}
}

// LastRackMin is when floor one's last rack has power, after the
// explosion.
func (c Config) LastRackMin() int {
	return c.Floor1Min + int(math.Ceil(float64(c.RacksPerFloor-1)*60/c.RacksPerHour))
}

// Minutes is the run's length: from 5:00 PM to half a day after the last
// rack, in whole steps.
func (c Config) Minutes() int {
	m := LeadMin + c.LastRackMin() + TailMin
	return (m + StepMin - 1) / StepMin * StepMin
}

// Validate reports the first invalid field.
func (c Config) Validate() error {
	share := func(name string, v float64) error {
		if !(v >= 0 && v <= 1) {
			return engine.Invalid(name, "must be in [0, 1], got %v", v)
		}
		return nil
	}
	minutes := func(name string, v, lo int) error {
		if v < lo || v > MaxMinutes {
			return engine.Invalid(name, "must be in %d..%d minutes, got %d", lo, MaxMinutes, v)
		}
		return nil
	}
	switch {
	case c.Seed < 0:
		return engine.Invalid("seed", "must be a whole number >= 0, got %d", c.Seed)
	case c.RacksPerFloor < 1 || c.RacksPerFloor > MaxServers/2:
		return engine.Invalid("racks-per-floor", "must be in 1..%d, got %d", MaxServers/2, c.RacksPerFloor)
	case c.ServersPerRack < 1 || c.ServersPerRack > MaxServers/2:
		return engine.Invalid("servers-per-rack", "must be in 1..%d, got %d", MaxServers/2, c.ServersPerRack)
	case float64(c.RacksPerFloor)*float64(c.ServersPerRack)*2 > MaxServers:
		return engine.Invalid("servers-per-rack", "makes 2 floors x %d racks x %d servers, more than %d", c.RacksPerFloor, c.ServersPerRack, MaxServers)
	case c.Customers < (c.Servers()+1)/2 || c.Customers > c.Servers():
		return engine.Invalid("customers", "must be in %d..%d (one or two of the %d servers each), got %d", (c.Servers()+1)/2, c.Servers(), c.Servers(), c.Customers)
	}
	for _, err := range []error{share("one-city", c.OneCity), share("cross-provider", c.CrossProvider), share("spare", c.Spare),
		share("reserved", c.Reserved), share("broken", c.Broken)} {
		if err != nil {
			return err
		}
	}
	switch {
	case c.OneCity+c.CrossProvider > 1:
		return engine.Invalid("cross-provider", "must be at most 1 - one-city (%v) together with it, got %v", c.OneCity, c.CrossProvider)
	case !(c.TruckRate >= 0 && c.TruckRate <= MaxRate):
		return engine.Invalid("truck-rate", "must be in [0, 1e6] servers an hour, got %v", c.TruckRate)
	case !(c.RacksPerHour > 0 && c.RacksPerHour <= MaxRate):
		return engine.Invalid("racks-per-hour", "must be in (0, 1e6], got %v", c.RacksPerHour)
	case c.Fault != placement.SiteFailure && c.Fault != placement.CityFailure:
		return engine.Invalid("fault", "must be site or city, got %s", c.Fault)
	case !(c.Target >= 0.5 && c.Target <= 0.9999999999):
		return engine.Invalid("target", "must be in [0.5, 0.9999999999], such as 0.999, got %v", c.Target)
	}
	for _, err := range []error{minutes("failover-min", c.FailoverMin, 0), minutes("entry-min", c.EntryMin, 0), minutes("drive-min", c.DriveMin, 0),
		minutes("floor2-min", c.Floor2Min, 1), minutes("floor1-min", c.Floor1Min, 1)} {
		if err != nil {
			return err
		}
	}
	if c.LastRackMin() > MaxMinutes {
		return engine.Invalid("racks-per-hour", "leaves floor one's last rack past a month (%d min), got %v", c.LastRackMin(), c.RacksPerHour)
	}
	return nil
}

// Clock writes minute m of the run (from 5:00 PM, May 31, 2008) as a
// date and a time of day: "May 31 5:55 PM", "Jun 2 5:00 PM".
func Clock(m int) string {
	return Day(m) + " " + engine.Clock(StartClock+m)
}

// Day is the date of minute m of the run: "May 31", "Jun 4".
func Day(m int) string {
	d := (StartClock + m) / (24 * 60)
	if d == 0 {
		return "May 31"
	}
	return fmt.Sprintf("Jun %d", d)
}
