package remirror

import (
	"fmt"
	"strings"
	"time"

	"github.com/loadlab/loadlab/sim/engine"
)

// Protections are a run's switches: backoff between a stuck volume's
// searches, a cap on the volumes searching at once, a bulkhead between the
// zone's traffic and the rest of the control plane, and customers spread
// over several zones.
type Protections struct {
	Backoff, Cap, Bulkhead, Spread bool
}

// protectionNames are the protections' names, in the order a set's name
// lists them.
var protectionNames = []string{"backoff", "cap", "bulkhead", "spread"}

func (p *Protections) flags() []*bool { return []*bool{&p.Backoff, &p.Cap, &p.Bulkhead, &p.Spread} }

// SetName is a protection set's name: the protections on, joined by "+"
// ("backoff+cap"), or "none".
func SetName(p Protections) string {
	var on []string
	for i, f := range p.flags() {
		if *f {
			on = append(on, protectionNames[i])
		}
	}
	if len(on) == 0 {
		return "none"
	}
	return strings.Join(on, "+")
}

// ParseSet reads a set's name: "none", or protections joined by "+" in
// any order, each once.
func ParseSet(name string) (Protections, error) {
	var p Protections
	if name == "none" {
		return p, nil
	}
	for _, part := range strings.Split(name, "+") {
		i := -1
		for j, n := range protectionNames {
			if n == part {
				i = j
			}
		}
		if i < 0 {
			return p, fmt.Errorf("%q is not a protection (backoff, cap, bulkhead, spread)", part)
		}
		f := p.flags()[i]
		if *f {
			return p, fmt.Errorf("%q names %s twice", name, part)
		}
		*f = true
	}
	return p, nil
}

// Config is one run of the three days. Times of day are minutes after
// midnight at the start of April 21 (the run's first minute); -1 is never.
type Config struct {
	Seed int64
	// Volumes and Nodes are the zone's EBS cluster.
	Volumes, Nodes int
	// CutShare is the share of the nodes whose traffic went onto the
	// secondary network at 12:47 AM.
	CutShare float64
	// Tries is how many times a minute a stuck volume searches without
	// backoff; BackoffMaxMin is backoff's longest wait, in minutes.
	Tries, BackoffMaxMin int
	// MaxRemirrors is how many volumes may search at once under the cap.
	MaxRemirrors int
	// Capacity is the searches a minute the cluster's spare network
	// carries; RemirrorCost is a re-mirror's cost in searches.
	Capacity, RemirrorCost float64
	// RaceRate is the searches a minute above which the race fails nodes;
	// RaceChance a node's chance a minute of failing at twice that rate.
	RaceRate, RaceChance float64
	// ControlRate is the requests a minute the control plane serves;
	// RegionRate its API calls a minute from the rest of the region;
	// Creates the create-volume calls a minute into the zone, each
	// costing HangCost calls while the zone has stuck volumes.
	ControlRate, RegionRate, Creates, HangCost float64
	// BulkheadShare is the share of the control plane kept for the zone
	// under the bulkhead: the region's calls are served first up to the
	// rest, and the zone takes what they leave.
	BulkheadShare float64
	// CutAt is when the zone is cut off from the control plane, FixAt
	// when the futile re-mirroring is stopped (each -1, or past the run's
	// end: never).
	CutAt, FixAt int
	// TailPerHour is the share of the volumes still stuck that get a new
	// mirror each hour after the fix; LostChance a stranded volume's
	// chance of coming back unreadable.
	TailPerHour, LostChance float64
	// Hours is the run's length from midnight.
	Hours int
	Protections
	// Switches change the run from their minutes on (Knobs), written as
	// engine.FormatSwitches writes them (a string keeps the config
	// comparable).
	Switches string
}

// The lecture's times, in minutes after midnight on April 21.
const (
	// TriggerAt is 12:47 AM: traffic moved onto the secondary network.
	TriggerAt = 47
	// ShedAt is 2:40 AM: new create-volume requests disabled.
	ShedAt = 2*60 + 40
	// LectureCutAt is 8:20 AM: the zone cut off from the control plane.
	LectureCutAt = 8*60 + 20
	// LectureFixAt is 11:30 AM: the futile re-mirroring stopped.
	LectureFixAt = 11*60 + 30
	// Noon is 12:00 PM on April 21: no new volume stuck, 13 % still are.
	Noon = 12 * 60
	// LectureHours ends the run at noon on April 24, when all but 1.04 %
	// of the volumes were back.
	LectureHours = 3*24 + 12
)

// The lecture's shares of the zone's volumes.
const (
	LectureStuck = 0.13   // stuck, from the storm to noon on April 21
	LectureLeft  = 0.0104 // still stuck at noon on April 24
	LectureLost  = 0.0007 // lost for good
)

// Limits of the fields.
const (
	MaxVolumes = 2_000_000
	MaxNodes   = 100_000
	MaxHours   = 14 * 24
	MaxTries   = 600
	MaxRate    = 1e9
)

// DefaultConfig is the model's zone, calibrated to the lecture's shares
// on average over seeds 400-439: 40,000 volumes on 800 nodes; the 12:47
// AM change cuts 2.5 % of the nodes off (a wave of about 2,000 volumes,
// 5 %); a stuck volume searches 6 times a minute; the spare network
// carries 9,000 searches a minute (so a wave over 1,500 volumes never
// drains) and a re-mirror costs 180 of them (50 re-mirrors a minute when
// nothing else runs); the race starts at 6,000 searches a minute, a node
// failing with chance 4.4e-5 a minute at twice that; the control plane
// serves 30,000 requests a minute, 8,000 of them the region's, and 500
// create-volume calls a minute into the zone hang 30 times as long as a
// call should. The cap lets 200 volumes search at once; the bulkhead
// leaves the zone what the region does not use, at least 30 % of the
// control plane; backoff waits up to an hour. Cut at 8:20 AM, fixed at
// 11:30 AM, then 3.4 % of the stuck volumes back an hour, and a stranded
// one lost with chance 0.19.
func DefaultConfig() Config {
	return Config{Seed: 425, Volumes: 40000, Nodes: 800, CutShare: 0.025, Tries: 6, BackoffMaxMin: 60, MaxRemirrors: 200,
		Capacity: 9000, RemirrorCost: 180, RaceRate: 6000, RaceChance: 4.4e-5,
		ControlRate: 30000, RegionRate: 8000, Creates: 500, HangCost: 30, BulkheadShare: 0.3,
		CutAt: LectureCutAt, FixAt: LectureFixAt, TailPerHour: 0.034, LostChance: 0.19, Hours: LectureHours}
}

// Validate reports the first invalid field.
func (c Config) Validate() error {
	share := func(field string, v float64) error {
		if !(v >= 0 && v <= 1) {
			return engine.Invalid(field, "must be in [0, 1], got %v", v)
		}
		return nil
	}
	rate := func(field string, v float64, positive bool) error {
		if positive && !(v > 0) || !(v >= 0) || v > MaxRate {
			lo := "[0"
			if positive {
				lo = "(0"
			}
			return engine.Invalid(field, "must be in %s, 1e9], got %v", lo, v)
		}
		return nil
	}
	switch {
	case c.Seed < 0:
		return engine.Invalid("seed", "must be a whole number >= 0, got %d", c.Seed)
	case c.Volumes < 1 || c.Volumes > MaxVolumes:
		return engine.Invalid("volumes", "must be in 1..%d, got %d", MaxVolumes, c.Volumes)
	case c.Nodes < 2 || c.Nodes > MaxNodes:
		return engine.Invalid("nodes", "must be in 2..%d, got %d", MaxNodes, c.Nodes)
	case c.Hours < 1 || c.Hours > MaxHours:
		return engine.Invalid("hours", "must be in 1..%d, got %d", MaxHours, c.Hours)
	case c.Tries < 1 || c.Tries > MaxTries:
		return engine.Invalid("tries", "must be in 1..%d searches a minute, got %d", MaxTries, c.Tries)
	case c.BackoffMaxMin < 1 || c.BackoffMaxMin > 24*60:
		return engine.Invalid("backoff-max-min", "must be in 1..1440 minutes, got %d", c.BackoffMaxMin)
	case c.MaxRemirrors < 1 || c.MaxRemirrors > MaxVolumes:
		return engine.Invalid("max-remirrors", "must be in 1..%d, got %d", MaxVolumes, c.MaxRemirrors)
	case c.CutAt < -1:
		return engine.Invalid("cut-at", "must be a time of the run or never, got minute %d", c.CutAt)
	case c.FixAt < -1:
		return engine.Invalid("fix-at", "must be a time of the run or never, got minute %d", c.FixAt)
	}
	for _, err := range []error{
		share("cut-share", c.CutShare), rate("capacity", c.Capacity, true), rate("remirror-cost", c.RemirrorCost, true),
		rate("race-rate", c.RaceRate, true), share("race-chance", c.RaceChance), rate("control-rate", c.ControlRate, true),
		rate("region-rate", c.RegionRate, false), rate("creates", c.Creates, false), rate("hang-cost", c.HangCost, false),
		share("bulkhead-share", c.BulkheadShare), share("tail-per-hour", c.TailPerHour), share("lost-chance", c.LostChance),
	} {
		if err != nil {
			return err
		}
	}
	return nil
}

// Minutes is the run's length.
func (c Config) Minutes() int { return 60 * c.Hours }

// Threshold is the most stuck volumes whose searches the spare network
// carries without taking all of it (Capacity / Tries): a wave over it
// never drains without backoff or a cap.
func (c Config) Threshold() float64 { return c.Capacity / float64(c.Tries) }

// startDay is the run's first day, April 21, 2011; the clock's days
// count from it.
var startDay = time.Date(2011, time.April, 21, 0, 0, 0, 0, time.UTC)

// Clock writes minute m of the run as a time of day, with its date after
// April 21: "12:47 AM", "Apr 24 12:00 PM"; -1 is "never".
func Clock(m int) string {
	if m < 0 {
		return "never"
	}
	if m < 24*60 {
		return engine.Clock(m)
	}
	return Date(m) + " " + engine.Clock(m)
}

// Date is the date of minute m of the run: "Apr 21", "Apr 24".
func Date(m int) string { return startDay.AddDate(0, 0, m/(24*60)).Format("Jan 2") }

// ParseClock reads a time of the run as Clock writes it, or "never":
// "8:20 AM", "8:20am", "Apr 24 12:00 PM".
func ParseClock(s string) (int, error) {
	bad := fmt.Errorf("%q is not a time such as 8:20 AM, Apr 22 3:00 PM or never", s)
	f := strings.Fields(strings.ToUpper(s))
	if len(f) == 1 && f[0] == "NEVER" {
		return -1, nil
	}
	day := 0
	if len(f) >= 3 {
		d, err := time.Parse("Jan 2", f[0]+" "+f[1])
		if err != nil {
			return 0, bad
		}
		day = int(d.AddDate(2011, 0, 0).Sub(startDay).Hours()) / 24
		if day < 0 {
			return 0, bad
		}
		f = f[2:]
	}
	t := strings.Join(f, "")
	if len(t) < 3 {
		return 0, bad
	}
	half := t[len(t)-2:]
	var h, m int
	if n, err := fmt.Sscanf(t[:len(t)-2], "%d:%d", &h, &m); n != 2 || err != nil || half != "AM" && half != "PM" ||
		h < 1 || h > 12 || m < 0 || m > 59 || fmt.Sprintf("%d:%02d", h, m) != t[:len(t)-2] {
		return 0, bad
	}
	h %= 12
	if half == "PM" {
		h += 12
	}
	return day*24*60 + 60*h + m, nil
}
