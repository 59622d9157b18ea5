// Package placementlab is the fault-domain lab of lecture 26 (sections
// 26.3.5 and 26.4.2): the topology as nested boxes with one object's
// replicas on it, failures injected by key, and the lecture's table filling
// object by object as bars of how often each strategy loses a majority
// under each event, the exact chance marked on each bar.
package placementlab

import (
	"fmt"
	"slices"
	"strings"

	"github.com/loadlab/loadlab/sim/engine"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/placement"
	"github.com/loadlab/loadlab/tui/lab"
)

// Lab steps the table one object at a time. The keys can also place an
// object of their own and fail a domain under it; that object is drawn,
// while the table goes on filling, until 0 returns to the table's.
type Lab struct {
	// keys are the bindings the lab matches keys against (DefaultKeyMap).
	keys KeyMap
	lab.Seeds
	spec  placement.Spec
	table *placement.Table
	mine  *object         // the keys' object, if one is shown
	hand  *placement.Hand // the keys' draws, apart from the table's
	seen  int             // moments reported
	// strategies is the scenario's list; a topology that cannot serve
	// one leaves it out until the topology can again.
	strategies string
	// pageAt is the page of failure groups e last showed, -1 to follow the
	// row being filled, when the window is too short for all.
	pageAt int
	// frame is the room the shell gives the body.
	frame lab.Frame
	// tableView shows the lecture's whole table in place of the
	// topology and the bars (v).
	tableView bool
	// opened is the scenario's topology, for the title.
	opened placement.Spec
}

// object is one placement and the failure struck under it (loc < 0: none).
type object struct {
	strategy placement.Strategy
	replicas []int
	event    placement.Event
	loc      int
}

// New opens the lab on a placement spec.
func New(s scenarios.Spec) (lab.Lab, error) {
	spec, err := lab.SpecOf[placement.Spec](s)
	if err != nil {
		return nil, err
	}
	l := &Lab{keys: DefaultKeyMap(), spec: spec, strategies: spec.Strategies, pageAt: -1, opened: spec}
	l.Seeds = lab.NewSeeds(&l.spec.Seed, l.Restart)
	return l, l.Restart()
}

// Restart builds the table again at its first object.
func (l *Lab) Restart() error {
	t, err := placement.NewTable(l.spec)
	if err != nil {
		return err
	}
	l.table, l.mine, l.seen = t, nil, 0
	l.hand = placement.NewHand(l.spec)
	return nil
}

// Resize takes the frame the next Render draws into.
func (l *Lab) Resize(f lab.Frame) { l.frame = f }

// steps is the objects the table places.
func (l *Lab) steps() int64 { return int64(l.table.Objects()) }

// Rewind takes the table back to its first object and keeps the objects
// placed by hand.
func (l *Lab) Rewind() error {
	t, err := placement.NewTable(l.spec)
	if err != nil {
		return err
	}
	l.table, l.seen = t, 0
	return nil
}

// Step places the table's next object.
func (l *Lab) Step() bool { return l.table.Step() }

// Done reports whether the table is complete.
func (l *Lab) Done() bool { return l.table.Done() }

// stopsAt says which steps are moments.
func (l *Lab) stopsAt() string {
	return "each row's first object that loses its majority"
}

// NewMoment reports a row's first lost majority, if the latest step found one.
func (l *Lab) NewMoment() (string, bool) { return lab.Unseen(l.table.Moments(), &l.seen) }

// Status is the progress and the seed.
func (l *Lab) Status() []string {
	total := 0
	for _, r := range l.table.Rows() {
		total += r.Event.Locations(l.spec.Topology) * l.spec.Trials
	}
	return []string{fmt.Sprintf("object %d / %d", l.table.Placed(), total), fmt.Sprintf("seed %d", l.spec.Seed)}
}

// KeyMap is the lab's own keys.
type KeyMap struct {
	Place, PlaceSite, Table, Fail, FailRandom, Page key.Binding
	AZs, Racks, Nodes, Replicas, Versions           lab.Lever
}

// DefaultKeyMap is the lab's keys as it opens with them.
func DefaultKeyMap() KeyMap { return defaultKeys }

// defaultKeys are the lab's keys as it opens with them (DefaultKeyMap).
var defaultKeys = KeyMap{
	FailRandom: lab.Bind([]string{"F"}, "F", "fail a random domain of the next kind"),
	Page:       lab.Bind([]string{"e"}, "e", "the other failures' bars, when they do not all fit"),
	Table:      lab.Bind([]string{"0"}, "0", "show the table's objects again"),
	Place:      lab.Bind([]string{"1", "2", "3", "4", "5"}, "1-5", "place an object: random, greedy, rack-aware, az-aware, diverse"),
	PlaceSite:  lab.Bind([]string{"6", "7", "8", "9"}, "6-9", "with sites: site-aware, one-site, one-city, cross-provider"),
	Fail:       lab.Bind([]string{"f"}, "f", "fail the next kind of domain where it hits most"),
	AZs:        lab.NewLever("a", "A", "one AZ fewer", "one AZ more", "fewer/more AZs"),
	Racks:      lab.NewLever("k", "K", "one rack fewer per AZ", "one rack more per AZ", "fewer/more racks per AZ"),
	Nodes:      lab.NewLever("d", "D", "one node fewer per rack", "one node more per rack", "fewer/more nodes per rack"),
	Replicas:   lab.NewLever("p", "P", "one replica fewer", "one replica more", "fewer/more replicas"),
	Versions:   lab.NewLever("w", "W", "one software version fewer", "one version more", "fewer/more software versions"),
}

// help lists the lab's keys with the shell's.
func (l *Lab) help() ([]key.Binding, [][]key.Binding) {
	c := lab.CommonKeys
	place := lab.Brief(l.keys.Place, "1-5", "place an object")
	if l.spec.HasSites() { // the site strategies are the lesson there
		place = lab.Brief(l.keys.PlaceSite, "6-9", "place by sites")
	}
	short := []key.Binding{c.Play, c.Step, place, lab.Brief(l.keys.Fail, "f/F", "fail a domain"), c.Help, c.Quit, c.Moments, c.Faster}
	full := [][]key.Binding{
		lab.PlayKeys(),
		{l.keys.Place, l.keys.PlaceSite, l.keys.Fail, l.keys.FailRandom, l.keys.Table, l.keys.Page, viewKey},
		topology(),
		lab.ShellKeys(),
	}
	return short, full
}

// topology is the full help's column of the topology's levers.
func topology() []key.Binding {
	var out []key.Binding
	for _, l := range []lab.Lever{defaultKeys.AZs, defaultKeys.Racks, defaultKeys.Nodes, defaultKeys.Replicas, defaultKeys.Versions} {
		out = append(out, l.Full()...)
	}
	return out
}

// Key places an object, fails a domain under the object shown, or changes
// the topology (which restarts the table).
func (l *Lab) Key(msg tea.KeyMsg) lab.Outcome {
	switch {
	case key.Matches(msg, lab.CommonKeys.View):
		l.tableView = !l.tableView
		if l.tableView {
			return lab.Outcome{Handled: true, Note: "v: the lecture's whole table, as loadlab run prints it; v: the topology and the bars"}
		}
		return lab.Outcome{Handled: true, Note: "v: the topology and the bars; v: the lecture's whole table"}
	case key.Matches(msg, l.keys.Table):
		l.mine = nil
		return lab.Outcome{Handled: true, Note: "the table's latest object"}
	case key.Matches(msg, l.keys.Place), key.Matches(msg, l.keys.PlaceSite):
		s := placement.Strategies[int(msg.String()[0]-'1')]
		spec := l.spec
		spec.Strategies, spec.Events = s.String(), "node"
		if err := spec.Validate(); err != nil {
			return lab.Outcome{Handled: true, Err: err}
		}
		l.mine = &object{strategy: s, replicas: l.hand.Place(s), loc: -1}
		return lab.Outcome{Handled: true, Note: fmt.Sprintf("%s placement: replicas on nodes %s; f fails a domain under it", s, joinInts(l.mine.replicas))}
	case key.Matches(msg, l.keys.Page):
		if l.frame.St == nil {
			l.pageAt++
			return lab.Taken()
		}
		before, paged := l.render(l.frame)
		if !paged {
			return lab.Outcome{Handled: true, Note: "e pages the failures' bars when they do not all fit; here every failure is on screen"}
		}
		for range len(placement.Events) { // on to the next page that differs from the one on screen
			l.pageAt++
			if now, _ := l.render(l.frame); now != before {
				break
			}
		}
		return lab.Taken()
	case key.Matches(msg, l.keys.Fail), key.Matches(msg, l.keys.FailRandom):
		o := l.shown()
		if o == nil {
			return lab.Outcome{Handled: true, Note: "step (n) or place an object (1-5) first"}
		}
		next := placement.NodeFailure
		if o.loc >= 0 {
			next = l.nextEvent(o.event)
		}
		mine := *o
		mine.event, mine.loc = next, l.hand.Location(next)
		if key.Matches(msg, l.keys.Fail) { // the worst place: the one that takes most replicas
			best := -1
			for loc := range next.Locations(l.spec.Topology) {
				hits := 0
				for _, n := range o.replicas {
					if next.Down(l.spec.Topology, loc, n) {
						hits++
					}
				}
				if hits > best {
					best, mine.loc = hits, loc
				}
			}
		}
		l.mine = &mine
		return lab.Taken() // the verdict line says what it did
	}
	spec := l.spec
	t := &spec.Topology
	for _, k := range []struct {
		lever lab.Lever
		field *int
		lo    int
		hi    int
	}{{l.keys.AZs, &t.AZs, 1, 6}, {l.keys.Racks, &t.RacksPerAZ, 1, 6}, {l.keys.Nodes, &t.NodesPerRack, 1, 6}, {l.keys.Replicas, &spec.Replicas, 1, 7}, {l.keys.Versions, &t.Versions, 1, 6}} {
		step := k.lever.Dir(msg)
		if step == 0 {
			continue
		}
		if next := min(max(*k.field+step, k.lo), k.hi); next == *k.field {
			return lab.Outcome{Handled: true, Note: fmt.Sprintf("no change: the lab keeps this between %d and %d", k.lo, k.hi)}
		}
		*k.field = min(max(*k.field+step, k.lo), k.hi)
		spec.Strategies = keepValid(spec, l.strategies)
		if err := spec.Validate(); err != nil {
			return lab.Outcome{Handled: true, Err: err}
		}
		l.spec = spec
		if err := l.Restart(); err != nil {
			return lab.Outcome{Handled: true, Err: err}
		}
		return lab.Outcome{Handled: true, Restarted: true, Note: describe(spec) + ": the table starts again"}
	}
	return lab.Outcome{}
}

// nextEvent is the kind of failure f fails after e: the next of the
// events, past those the topology makes the same as another (a version's
// with one version, a site's with one site, a city's of one site).
func (l *Lab) nextEvent(e placement.Event) placement.Event {
	t := l.spec.Topology
	for {
		e = (e + 1) % placement.Event(len(placement.Events))
		switch {
		case e == placement.VersionFailure && t.Versions < 2,
			e == placement.SiteFailure && !t.HasSites(),
			e == placement.CityFailure && t.CitySites() < 2:
			continue
		}
		return e
	}
}

// describe says a spec's topology: "3 AZs x 3 racks x 3 nodes = 27 nodes,
// 3 replicas".
func describe(s placement.Spec) string {
	count := func(n int, one string) string {
		if n == 1 {
			return "1 " + one
		}
		return fmt.Sprintf("%d %ss", n, one)
	}
	d := fmt.Sprintf("%s x %s x %s = %s, %s", count(s.AZs, "AZ"), count(s.RacksPerAZ, "rack"), count(s.NodesPerRack, "node"),
		count(s.Nodes(), "node"), count(s.Replicas, "replica"))
	if s.HasSites() {
		d = count(s.NumSites(), "site") + " x " + d
	}
	if s.Versions > 1 {
		d += ", " + count(s.Versions, "version")
	}
	return d
}

// title says the topology once the keys have changed it.
func (l *Lab) title() (string, bool) {
	if l.spec.Topology == l.opened.Topology && l.spec.Replicas == l.opened.Replicas {
		return "", false
	}
	return "your topology: " + describe(l.spec) + " (strategies it cannot serve are left out)", true
}

// keepValid is the strategies of list the spec's topology can serve
// (az-aware needs as many AZs as replicas, say), in order.
func keepValid(spec placement.Spec, list string) string {
	var keep []string
	for _, name := range strings.Split(list, ",") {
		one := spec
		one.Strategies = name
		if one.Validate() == nil {
			keep = append(keep, name)
		}
	}
	if len(keep) == 0 {
		return list
	}
	return strings.Join(keep, ",")
}

// shown is the object drawn: the keys' own, or the table's latest.
func (l *Lab) shown() *object {
	if l.mine != nil {
		return l.mine
	}
	t := l.table.Last()
	if t.Location < 0 {
		return nil
	}
	return &object{strategy: t.Strategy, replicas: slices.Clone(t.Replicas), event: t.Event, loc: t.Location}
}

func joinInts(xs []int) string {
	var s []string
	for _, x := range xs {
		s = append(s, fmt.Sprint(x))
	}
	return strings.Join(s, ", ")
}

// Info is the lab as the shell's header, help and status bar read it.
func (l *Lab) Info() lab.Info {
	i := lab.Info{Stops: l.stopsAt(), Steps: l.steps(), Figures: l.figuresAre(), Rewind: l.Rewind}
	if t, ok := l.title(); ok {
		i.Title = t
	}
	return i
}

// KeyMap is the lab's keys for the help bar and the full help.
func (l *Lab) KeyMap() help.KeyMap {
	short, full := l.help()
	return lab.Keys{Short: short, Full: full}
}

// viewKey is the shell's v as this lab takes it.
var viewKey = lab.Brief(lab.CommonKeys.View, "v", "the lecture's whole table, or the topology and the bars")

// figuresAre says what every headline figure is: the share of objects
// that lost a majority of their replicas when the failure the figure
// names struck, which its names (the strategy and the failure) leave
// unsaid.
func (l *Lab) figuresAre() string { return "objects that lost a majority, by what failed" }

// Current is the lab's spec as its keys have left it, for the ":" line.
func (l *Lab) Current() engine.Spec { return l.spec }
