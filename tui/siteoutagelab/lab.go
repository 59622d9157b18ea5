// Package siteoutagelab is the casebook's building that went dark (lecture
// 26, section 26.2.9): The Planet's H1 from the explosion at 5:55 PM on May
// 31, 2008 to the last rack on June 4, five minutes a step, the incident's
// timeline beside the run, one protection set alone or two side by side on
// one seed, and each placement's customers' year against what they bought.
package siteoutagelab

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/siteoutage"
	"github.com/loadlab/loadlab/tui/lab"
)

// Lab runs the spec's protection sets in lockstep. The keys change the
// right-hand run's protections, the fault (both runs) or the runs shown,
// and restart.
type Lab struct {
	spec   siteoutage.Spec
	opened siteoutage.Spec // as the scenario opened it, for the title
	runs   []*run
	seen   []int
	// whole shows the incident's whole timeline in place of the runs.
	whole bool
	// pair keeps the left run's set while a toggle has made the right
	// run like it; c forgets it.
	pair lab.Pair
}

// run is one protection set under way.
type run struct {
	cfg    siteoutage.Config
	engine *siteoutage.Engine
}

// maxStep is the longest a step (five minutes of every run) may take: a
// setup of a million servers is refused at once, a step itself is cheap.
const maxStep = 0.5

// New opens the lab on a site-outage spec.
func New(s scenarios.Spec) (lab.Lab, error) {
	spec, ok := s.(siteoutage.Spec)
	if !ok {
		return nil, fmt.Errorf("siteoutagelab: %T is not a site-outage spec", s)
	}
	l := &Lab{spec: spec, opened: spec}
	return l, l.Restart()
}

// Restart builds every run again at 5:00 PM, May 31.
func (l *Lab) Restart() error {
	cfgs, err := l.spec.Configs()
	if err != nil {
		return err
	}
	if est := l.spec.Cost("text"); est.Seconds > maxStep {
		return fmt.Errorf("the runs would take about %.1f s to set up, longer than a view can wait: lower servers-per-rack or racks-per-floor", est.Seconds)
	}
	var runs []*run
	for _, c := range cfgs {
		e, err := siteoutage.New(c)
		if err != nil {
			return err
		}
		runs = append(runs, &run{cfg: c, engine: e})
	}
	l.runs, l.seen = runs, make([]int, len(runs))
	return nil
}

// Step runs five minutes of every run.
func (l *Lab) Step() bool {
	stepped := false
	for _, r := range l.runs {
		stepped = r.engine.Step() || stepped
	}
	return stepped
}

// Steps is the days' steps.
func (l *Lab) Steps() int64 { return l.runs[0].engine.Steps() }

// StepsExact says Steps is the run's length, not an estimate: its
// clock ends at a set time.
func (l *Lab) StepsExact() bool { return true }

// Done reports whether the days are over.
func (l *Lab) Done() bool { return l.runs[0].engine.Done() }

// Pace says a speed in hours of the days.
func (l *Lab) Pace(stepsPerSecond float64) string {
	h := stepsPerSecond * siteoutage.StepMin / 60
	if h < 1 {
		return fmt.Sprintf("%.3g min of the days a second", stepsPerSecond*siteoutage.StepMin)
	}
	return fmt.Sprintf("%.3g h of the days a second", h)
}

// Seed is the runs' seed.
func (l *Lab) Seed() int64 { return l.spec.Seed }

// WithSeed restarts on another seed.
func (l *Lab) WithSeed(seed int64) error { return lab.Reseed(&l.spec.Seed, seed, l.Restart) }

// NextSeed restarts on the next seed.
func (l *Lab) NextSeed() error { return l.WithSeed(l.spec.Seed + 1) }

// StopsAt says which steps are moments.
func (l *Lab) StopsAt() string {
	return "the explosion (5:55 PM), the failover, staff let in (10 PM), Dallas full, floor two's power (June 2), floor one's racks (June 4), each placement back"
}

// NewMoment reports the moments the latest step reached; side by side,
// a moment of one run only says whose.
func (l *Lab) NewMoment() (string, bool) {
	var captions []string
	who := map[string][]string{}
	for i, r := range l.runs {
		all := r.engine.Moments()
		for _, m := range all[min(l.seen[i], len(all)):] {
			if len(who[m.Caption]) == 0 {
				captions = append(captions, m.Caption)
			}
			who[m.Caption] = append(who[m.Caption], setWords(r.cfg.Protections))
		}
		l.seen[i] = len(all)
	}
	if len(l.runs) > 1 {
		for i, c := range captions {
			if len(who[c]) < len(l.runs) {
				captions[i] = strings.Join(who[c], " and ") + ", " + c
			}
		}
	}
	return strings.Join(captions, lab.MomentBreak), len(captions) > 0
}

// Status is the runs, the time and the seed.
func (l *Lab) Status() []string {
	var names []string
	for _, r := range l.runs {
		names = append(names, setWords(r.cfg.Protections))
	}
	m := int(l.runs[0].engine.Pos().At)
	return []string{strings.Join(names, " vs "), siteoutage.Clock(m), fmt.Sprintf("seed %d", l.spec.Seed)}
}

// Title says the runs and the fault once the keys have changed them.
func (l *Lab) Title() (string, bool) {
	if l.spec.Runs == l.opened.Runs && l.spec.Fault == l.opened.Fault {
		return "", false
	}
	var names []string
	for _, r := range l.runs {
		names = append(names, setWords(r.cfg.Protections))
	}
	return fmt.Sprintf("The Planet 2008, %s: %s (keys changed the runs)", faultWords(l.spec.Fault), strings.Join(names, " against ")), true
}

// setWords names a protection set in a class's words.
func setWords(p siteoutage.Protections) string {
	switch {
	case p.Reserve && p.Drills:
		return "reserved + drilled"
	case p.Reserve:
		return "power reserved"
	case p.Drills:
		return "drilled"
	}
	return "as it was"
}

// faultWords says what went dark.
func faultWords(fault string) string {
	if fault == "city" {
		return "the city's feed cut (H1 and H2 dark)"
	}
	return "H1 dark"
}

// Glossary explains the words of the lab.
func (l *Lab) Glossary() [][2]string {
	return [][2]string{
		{"site", "a building with its own power: The Planet had six, H1 and H2 in Houston and four in Dallas; the site is the fault domain above racks and AZs"},
		{"floor", "H1's two floors are its AZs: floor one, where the explosion was, came back last, rack by rack"},
		{"one site", "customers whose servers are all in H1: nothing outside the building to fail over to"},
		{"one city", "customers with a standby in H2, the other Houston building: a correlated pair, since the two share the city's power feed"},
		{"2 providers", "customers with a standby at another provider's site (cross-provider placement)"},
		{"power to spare", "what a surviving site can run on top of its own load: a standby without it waits, so only part of the moved load runs"},
		{"reserve", "power and cooling kept free at the other sites for failover, the lecture's capacity reservation"},
		{"drills", "failover tried before the disaster: untested, some failovers do not work (the lecture's American Eagle found so in the disaster)"},
		{"year", "a customer's availability for the year with this outage in it and nothing else down: three days is 99.18 %"},
		{"bought", "the availability the customers paid for: 99.9 % allows 8.76 h of downtime a year"},
		{"the marks", "under the charts, from the lecture's timeline: T the explosion, S what kept customers down (no generators, no entry, no power to spare), R power back on floor two and floor one"},
		{"↑ or ↓ after a name", "the line is above or below its name, which could not sit on the line's own row (another name has it)"},
	}
}

// keys are the lab's own.
var keys = struct {
	Reserve, Drills, Fault, Compare, Timeline key.Binding
}{
	Reserve:  lab.Bind([]string{"p"}, "p", "power reserved for failover on/off (right run)"),
	Drills:   lab.Bind([]string{"d"}, "d", "failover drilled on/off (right run)"),
	Fault:    lab.Bind([]string{"f"}, "f", "H1 alone dark, or the city's feed cut (H2 too)"),
	Compare:  lab.Bind([]string{"c"}, "c", "one run or two side by side"),
	Timeline: lab.Bind([]string{"i"}, "i", "the incident's whole timeline, or the runs"),
}

// Help lists the lab's keys with the shell's.
func (l *Lab) Help() ([]key.Binding, [][]key.Binding) {
	c, k := lab.CommonKeys, keys
	short := []key.Binding{c.Play, c.Step, c.Help, c.Quit, lab.Brief(k.Reserve, "p", "reserve"), lab.Brief(k.Drills, "d", "drills"),
		lab.Brief(k.Fault, "f", "feed"), lab.Brief(k.Timeline, "i", "timeline"), k.Compare, c.Moments}
	full := [][]key.Binding{
		lab.PlayKeys(),
		{k.Reserve, k.Drills, k.Fault, k.Compare, k.Timeline},
		lab.ShellKeys(),
	}
	return short, full
}

// Key changes the spec and restarts the days on their seed, or shows the
// whole timeline.
func (l *Lab) Key(msg tea.KeyMsg) lab.Outcome {
	k := keys
	pair := l.pair
	var change func(*siteoutage.Spec) string
	switch {
	case key.Matches(msg, k.Timeline):
		l.whole = !l.whole
		if l.whole {
			return lab.Outcome{Handled: true, Note: "the incident's timeline, the lecture's and the model's; i shows the runs again"}
		}
		return lab.Outcome{Handled: true, Note: "the runs"}
	case key.Matches(msg, k.Reserve):
		change = toggle(&pair, func(p *siteoutage.Protections) { p.Reserve = !p.Reserve })
	case key.Matches(msg, k.Drills):
		change = toggle(&pair, func(p *siteoutage.Protections) { p.Drills = !p.Drills })
	case key.Matches(msg, k.Fault):
		change = func(s *siteoutage.Spec) string {
			if s.Fault == "city" {
				s.Fault = "site"
			} else {
				s.Fault = "city"
			}
			return ""
		}
	case key.Matches(msg, k.Compare):
		change = func(s *siteoutage.Spec) string {
			pair.Forget()
			s.Runs = lab.Compare(s.Runs, l.opened.Runs, "none", "none,both")
			return ""
		}
	default:
		return lab.Outcome{}
	}
	back := setWords(l.runs[len(l.runs)-1].cfg.Protections) // the right run before the key
	return lab.EditRuns(&l.spec, &l.pair, &pair, msg.String(), back,
		func(s siteoutage.Spec) string { cfgs, _ := s.Configs(); return setWords(cfgs[0].Protections) },
		change, siteoutage.Spec.Validate, l.Restart, note)
}

// toggle flips a protection of the last run listed (the right one, or
// the only one); pair merges and splits the runs (lab.Pair).
func toggle(pair *lab.Pair, flip func(*siteoutage.Protections)) func(*siteoutage.Spec) string {
	return func(s *siteoutage.Spec) string {
		cfgs, err := s.Configs()
		if err != nil {
			return err.Error()
		}
		names := make([]string, len(cfgs))
		for i, c := range cfgs {
			names[i] = siteoutage.SetName(c.Protections)
		}
		p := cfgs[len(cfgs)-1].Protections
		flip(&p)
		s.Runs = strings.Join(pair.Toggle(names, siteoutage.SetName(p)), ",")
		return ""
	}
}

// note says what the days now are.
func note(s siteoutage.Spec) string {
	cfgs, _ := s.Configs()
	var names []string
	for _, c := range cfgs {
		names = append(names, setWords(c.Protections))
	}
	return fmt.Sprintf("%s, %s: replayed to the same time on seed %d", strings.Join(names, " vs "), faultWords(s.Fault), s.Seed)
}
