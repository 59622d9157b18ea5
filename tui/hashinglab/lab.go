// Package hashinglab is the hashing lab of docs/sources.md, §HRW: the same
// keys mapped by rendezvous hashing and by a consistent-hash ring side by
// side, keys per node as bars against their mean, and the ring drawn as
// its arcs; nodes leave and join by key, and the keys that move are
// counted against the ideal share and drawn apart.
package hashinglab

import (
	"context"
	"fmt"
	"slices"

	"github.com/loadlab/loadlab/sim/engine"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/hashing"
	"github.com/loadlab/loadlab/tui/lab"
)

// Lab holds the cluster: the keys, the nodes, and each scheme's mapping
// and owners, changed by the keys.
type Lab struct {
	// keys are the bindings the lab matches keys against (DefaultKeyMap).
	keys KeyMap
	lab.Seeds
	lab.Sizing
	spec hashing.Spec
	c    *hashing.Cluster
	// arcs are the ring's, if it is on screen, and handed the stretches
	// of it the latest change handed over
	arcs   []hashing.Arc
	handed []hashing.Handover
	// studies are the spec's figures as the headless report gives them,
	// for the headline
	studies []hashing.Study
	seen    int // moments reported
}

// New opens the lab on a hashing spec.
func New(s scenarios.Spec) (lab.Lab, error) {
	spec, err := lab.SpecOf[hashing.Spec](s)
	if err != nil {
		return nil, err
	}
	l := &Lab{keys: DefaultKeyMap(), spec: spec}
	l.Seeds = lab.NewSeeds(&l.spec.Seed, l.Restart)
	return l, l.Restart()
}

// Restart maps the keys over the spec's nodes again.
func (l *Lab) Restart() error {
	if err := l.spec.Validate(); err != nil {
		return err
	}
	c, err := hashing.NewCluster(l.spec)
	if err != nil {
		return err
	}
	l.c, l.seen = c, 0
	l.drawRing()
	l.studies, err = l.spec.Run(context.Background(), nil)
	return err
}

// Step does nothing: the lab moves by its keys.
func (l *Lab) Step() bool { return false }

// Done: there is nothing to play, and the figures are whole.
func (l *Lab) Done() bool { return true }

// moves says what changes the lab.
func (l *Lab) moves() string { return "x and a take a node out or add one" }

// stopsAt says which changes are moments: nothing plays here.
func (l *Lab) stopsAt() string { return "" }

// NewMoment reports the latest change.
func (l *Lab) NewMoment() (string, bool) { return lab.Unseen(l.c.Moments(), &l.seen) }

// Status is the nodes and keys.
func (l *Lab) Status() []string {
	return []string{fmt.Sprintf("%d nodes", len(l.c.Nodes)), fmt.Sprintf("%d keys", len(l.c.Hashes)), fmt.Sprintf("seed %d", l.spec.Seed)}
}

// KeyMap is the lab's own keys.
type KeyMap struct {
	Remove, Add, Weights key.Binding
	VNodes               lab.Lever
}

// DefaultKeyMap is the lab's keys as it opens with them.
func DefaultKeyMap() KeyMap { return defaultKeys }

// defaultKeys are the lab's keys as it opens with them (DefaultKeyMap).
var defaultKeys = KeyMap{
	Remove:  lab.Bind([]string{"x"}, "x", "a node leaves (chosen at random)"),
	Add:     lab.Bind([]string{"a"}, "a", "a node joins"),
	VNodes:  lab.NewLever("p", "P", "the ring's virtual nodes /2", "the ring's virtual nodes x2", "the ring's virtual nodes /2, x2"),
	Weights: lab.Bind([]string{"w"}, "w", "weights: all 1; 1, 2, 4; 1, 1, 1, 4"),
}

// help lists the lab's keys with the shell's.
func (l *Lab) help() ([]key.Binding, [][]key.Binding) {
	c := lab.CommonKeys
	short := []key.Binding{lab.Brief(l.keys.Remove, "x", "a node leaves"), l.keys.Add}
	if l.has(hashing.Ring) {
		short = append(short, lab.Brief(l.keys.VNodes.Short(), "p/P", "ring points /2, x2"))
	}
	if l.weighted() {
		short = append(short, lab.Brief(l.keys.Weights, "w", "next weights"))
	}
	short = append(short, c.Help, c.Quit)
	full := [][]key.Binding{{l.keys.Remove, l.keys.Add, l.keys.VNodes.Down, l.keys.VNodes.Up, l.keys.Weights}, {c.Reset, c.Scenario, c.NextSeed, c.TypeSeed, c.OverSeeds, c.Moments, c.Prompt, c.Theme, c.Back, c.Help, c.Quit}}
	return short, full
}

var weightSets = []string{"1", "1,2,4", "1,1,1,4"}

// Key changes the nodes (a node leaves or joins: every scheme remaps and
// counts what moved) or the ring's points or the weights (which restart).
func (l *Lab) Key(msg tea.KeyMsg) lab.Outcome {
	switch {
	case key.Matches(msg, l.keys.Remove):
		if !l.c.Leave() {
			return lab.Outcome{Handled: true, Note: "one node left: it stays"}
		}
		l.drawRing()
		return lab.Taken()
	case key.Matches(msg, l.keys.Add):
		l.c.Join()
		l.drawRing()
		return lab.Taken()
	case l.keys.VNodes.Dir(msg) != 0:
		if !l.has(hashing.Ring) {
			return lab.Outcome{Handled: true, Note: "virtual nodes belong to the ring, which is not on screen here"}
		}
		dir := l.keys.VNodes.Dir(msg)
		return lab.Edit(&l.spec, func(s *hashing.Spec) string {
			switch {
			case dir < 0 && s.VNodes == 1:
				return "the ring has 1 point a node, its fewest: P doubles the points"
			case dir > 0 && s.VNodes >= 10000:
				return fmt.Sprintf("the ring has %d points a node, the lab's most: p halves them", s.VNodes)
			case dir < 0:
				s.VNodes = max(1, s.VNodes/2)
			default:
				s.VNodes = min(10000, s.VNodes*2)
			}
			return ""
		}, hashing.Spec.Validate, l.Restart, func(s hashing.Spec) string {
			return fmt.Sprintf("the ring has %d point%s a node: the keys are mapped again", s.VNodes, plural(s.VNodes))
		})
	case key.Matches(msg, l.keys.Weights):
		if !l.weighted() {
			return lab.Outcome{Handled: true, Note: "weights apply to weighted HRW, which is not on screen here"}
		}
		return lab.Edit(&l.spec, func(s *hashing.Spec) string {
			i := slices.Index(weightSets, s.Weights)
			s.Weights = weightSets[(i+1)%len(weightSets)] // a list not here starts them over
			return ""
		}, hashing.Spec.Validate, l.Restart, func(s hashing.Spec) string {
			return fmt.Sprintf("weights %s: the keys are mapped again", s.Weights)
		})
	}
	return lab.Outcome{}
}

// has reports whether a scheme is on screen.
func (l *Lab) has(sc hashing.Scheme) bool {
	for _, sd := range l.c.Sides {
		if sd.Scheme == sc {
			return true
		}
	}
	return false
}

func (l *Lab) weighted() bool { return l.has(hashing.WeightedHRW) }

// Info is the lab as the shell's header, help and status bar read it.
func (l *Lab) Info() lab.Info {
	i := lab.Info{Glossary: glossary, Stops: l.stopsAt(), Moves: l.moves()}
	return i
}

// KeyMap is the lab's keys for the help bar and the full help.
func (l *Lab) KeyMap() help.KeyMap {
	short, full := l.help()
	return lab.Keys{Short: short, Full: full}
}

// Current is the lab's spec as its keys have left it, for the ":" line.
func (l *Lab) Current() engine.Spec { return l.spec }
