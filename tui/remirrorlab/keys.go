package remirrorlab

import (
	"fmt"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/sim/remirror"
	"github.com/loadlab/loadlab/tui/lab"
)

// KeyMap is the lab's own: a key per protection the lecture names, the
// cut, the wave, the cap's size, and the view.
type KeyMap struct {
	Backoff, Cap, Bulkhead, Spread, Cut, Compare, Zoom, Lower key.Binding
	RaceFixed, Network                                        key.Binding
	Wave, CapSize                                             lab.Lever
}

// DefaultKeyMap is the lab's keys as it opens with them.
func DefaultKeyMap() KeyMap { return defaultKeys }

// defaultKeys are the lab's keys as it opens with them (DefaultKeyMap).
var defaultKeys = KeyMap{
	Backoff:   lab.Bind([]string{"o"}, "o", "backoff on/off (right run), from now"),
	Cap:       lab.Bind([]string{"k"}, "k", "cap on re-mirrors on/off (right run), from now"),
	Bulkhead:  lab.Bind([]string{"h"}, "h", "bulkhead on/off (right run), from now"),
	Spread:    lab.Bind([]string{"m"}, "m", "customers in several zones on/off (right run)"),
	Cut:       lab.Bind([]string{"x"}, "x", "the 8:20 AM cut on/off (both runs)"),
	RaceFixed: lab.Bind([]string{"f"}, "f", "the lecture's fix: the nodes' race fixed, on/off (both runs)"),
	Network:   lab.Bind([]string{"g"}, "g", "the lecture's fix: a secondary network twice as large, on/off (both runs)"),
	Compare:   lab.Bind([]string{"c"}, "c", "one run or two side by side"),
	Zoom:      lab.Bind([]string{"z"}, "z", "x axis: the night, the three days, or following the run"),
	Lower:     lab.Bind([]string{"v"}, "v", "the next chart under the stuck volumes: capacity, searches, API errors"),
	Wave:      lab.NewLever("w", "W", "a smaller wave (fewer nodes cut off)", "a larger wave", "wave"),
	CapSize:   lab.NewLever("j", "J", "the cap /2", "the cap x2", "cap size"),
}

// help lists the lab's keys with the shell's.
func (k KeyMap) help() lab.Help {
	c := lab.CommonKeys
	short := []key.Binding{c.Play, c.Step, c.Help, c.Quit, lab.Brief(k.Backoff, "o", "backoff"), lab.Brief(k.Cap, "k", "cap"),
		lab.Brief(k.Bulkhead, "h", "bulkhead"), lab.Brief(k.Cut, "x", "cut"), lab.Brief(k.Spread, "m", "zones"), k.Wave.Short(),
		lab.Brief(k.Zoom, "z", "zoom"), k.Compare, c.Moments}
	own := []key.Binding{k.Backoff, k.Cap, k.Bulkhead, k.Spread, k.Cut, k.RaceFixed, k.Network}
	own = append(own, k.Wave.Full()...)
	own = append(own, k.CapSize.Full()...)
	own = append(own, k.Compare, k.Zoom, k.Lower, lab.CommonKeys.FromStart)
	return lab.Help{Short: short, Full: [][]key.Binding{lab.PlayKeys(), own, lab.ShellKeys()}}
}

// viewKey handles the keys that change only the view.
func (l *Lab) viewKey(msg tea.KeyMsg) (lab.Outcome, bool) {
	switch {
	case key.Matches(msg, l.keys.Zoom):
		l.zoom = (l.zoom + 1) % 3
		words := map[zoom]string{
			zoomAuto:  "the x axis follows the run: the night to 1 PM, then the three days",
			zoomNight: "the x axis is the night, 12 AM to 1 PM on April 21",
			zoomDays:  fmt.Sprintf("the x axis is the whole run, to %s", remirror.Clock(l.Runs[0].Cfg.Minutes())),
		}
		return lab.Outcome{Handled: true, Note: words[l.zoom] + " (z changes it)"}, true
	case key.Matches(msg, l.keys.Lower):
		l.lower = (l.lower + 1) % lowerCharts
		words := []string{"capacity in use: the spare network's share taken by searches and by re-mirrors, and the control plane's load",
			"the searches a minute, against what the spare network carries and the rate the race starts at",
			"the share of the region's API calls failing, and with a bulkhead the share that would fail without it"}
		return lab.Outcome{Handled: true, Note: "under the stuck volumes: " + words[l.lower]}, true
	}
	return lab.Outcome{}, false
}

// protections are the keys that turn backoff, the cap and the bulkhead
// in the right run: from the time on the clock where the run is under
// way and Z has not asked for the start.
func protections(k KeyMap) []lab.Protection[remirror.Config] {
	return []lab.Protection[remirror.Config]{
		{Key: k.Backoff, Name: "backoff", Flag: func(c *remirror.Config) *bool { return &c.Backoff }},
		{Key: k.Cap, Name: "cap", Flag: func(c *remirror.Config) *bool { return &c.Cap }},
		{Key: k.Bulkhead, Name: "bulkhead", Flag: func(c *remirror.Config) *bool { return &c.Bulkhead }},
	}
}

// change is the spec's edit a key asks for, or nil.

func (l *Lab) change(msg tea.KeyMsg) lab.Change[remirror.Spec] {
	k := l.keys
	switch {
	case key.Matches(msg, k.Spread):
		return l.Toggle(func(c *remirror.Config) { c.Spread = !c.Spread })
	case key.Matches(msg, k.Cut):
		return lab.Shared(func(s *remirror.Spec) {
			if s.CutAt == "never" {
				s.CutAt = remirror.Clock(remirror.LectureCutAt)
			} else {
				s.CutAt = "never"
			}
		})
	case key.Matches(msg, k.RaceFixed):
		return lab.Shared(func(s *remirror.Spec) {
			if s.RaceChance == 0 {
				s.RaceChance = l.Opened.RaceChance
				if s.RaceChance == 0 {
					s.RaceChance = remirror.DefaultConfig().RaceChance
				}
			} else {
				s.RaceChance = 0
			}
		})
	case key.Matches(msg, k.Network):
		return lab.Shared(func(s *remirror.Spec) {
			if s.Capacity > l.Opened.Capacity {
				s.Capacity = l.Opened.Capacity
			} else {
				s.Capacity = 2 * l.Opened.Capacity
			}
		})
	case key.Matches(msg, k.Compare):
		return l.Compare("none", "none,backoff+cap")
	case k.Wave.Dir(msg) != 0:
		dir := k.Wave.Dir(msg)
		return lab.Shared(func(s *remirror.Spec) { s.CutShare = lab.StepTo(cutSteps, s.CutShare, dir) })
	case k.CapSize.Dir(msg) < 0:
		return lab.Shared(func(s *remirror.Spec) { s.MaxRemirrors = max(1, s.MaxRemirrors/2) })
	case k.CapSize.Dir(msg) > 0:
		return lab.Shared(func(s *remirror.Spec) { s.MaxRemirrors = min(remirror.MaxVolumes, 2*s.MaxRemirrors) })
	}
	return nil
}
