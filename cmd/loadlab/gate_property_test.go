package main

import (
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/internal/flags"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/tui"
)

// gateBudget is the estimated work, in seconds, of a drawn run the gate
// property lets run; a config estimated over it is left out (refusals and
// the TUI's ways cost nothing and are always tried).
const gateBudget = 0.2

// The gate, tried at random through every way in (issue 49's last
// deliverable): configs drawn from every flag's range go in by run with
// --seeds and --workers up to 64, sweep with --workers up to 64, loadlab
// tui with flags, and a lab's ":" line, all in one child process under a
// 3 GiB address-space cap (underCap). Each is refused in one line, exit 2,
// or runs; none may be killed by the cap, which would end the child. The
// gate's limit under the cap is half of what the runtime leaves of it
// (sysmem.Total), so a config the cap cannot hold is the gate's to refuse.
func TestGateThroughEveryWayIn(t *testing.T) {
	t.Parallel()
	perEngine := 8
	if testing.Short() {
		perEngine = 4
	}
	src := rand.New(rand.NewPCG(49, 64))
	var lines [][]string
	for _, a := range adaptors {
		fs := flags.NewSet(a.engine())
		a.(interface{ bindDefault(*flags.Set) }).bindDefault(fs)
		seeded := fs.Lookup("seed") != nil
		for i := range perEngine {
			drawn := drawFlags(src, fs)
			if i >= perEngine/2 {
				drawn = heavyFlags(src, a)
			}
			workers := strconv.Itoa(1 + src.IntN(64))
			var line []string
			switch i % 4 {
			case 0:
				line = append([]string{"run", a.engine(), "--workers", workers, "--format", "json"}, drawn...)
				if seeded && src.IntN(2) == 0 {
					line = append(line, "--seeds", strconv.Itoa(1+src.IntN(50)))
				}
				if p, err := prepareRun(line[1:]); err == nil && p.estimate.Seconds > gateBudget {
					continue
				}
			case 1:
				vary, ok := drawVary(src, fs)
				if !ok {
					continue
				}
				line = append([]string{"sweep", a.engine(), "--vary", vary, "--workers", workers, "--format", "csv"}, drawn...)
				if p, err := prepareSweep(line[1:]); err == nil && sweepWork(p) > gateBudget {
					continue
				}
			case 2:
				line = append([]string{"tui", a.engine()}, drawn...)
			case 3:
				e, _ := scenarios.LookupEngine(a.engine())
				if spec, err := flags.Apply(e.Default, drawn); err == nil && a.estimate(spec).Seconds > gateBudget && tui.Check(tui.Options{Config: &scenarios.Scenario{Spec: spec}}) == nil {
					continue
				}
				line = append([]string{"prompt", a.engine()}, drawn...)
			}
			lines = append(lines, line)
		}
	}
	codes, stderrs := underCap(t, lines)
	for i, line := range lines {
		if codes[i] != exitOK && codes[i] != exitUsage {
			t.Errorf("loadlab %s: exit %d %s", strings.Join(line, " "), codes[i], stderrs[i])
		}
	}
	t.Logf("%d command lines through run, sweep, tui and the : line, none killed by the cap", len(lines))
}

// drawVary draws a --vary of one whole or real flag over two values.
func drawVary(src *rand.Rand, fs *flags.Set) (string, bool) {
	infos := slices.DeleteFunc(fs.Infos(), func(f flags.Info) bool {
		return f.Kind != flags.Whole && (f.Kind != flags.Number || !f.In.Bounded) || f.Name == "seed"
	})
	if len(infos) == 0 {
		return "", false
	}
	f := infos[src.IntN(len(infos))]
	a, _ := drawValue(src, f)
	b, _ := drawValue(src, f)
	return f.Name + "=" + a + "," + b, true
}

// sweepWork is a checked sweep's estimated work on one core.
func sweepWork(p sweepPlan) float64 {
	work := 0.0
	for _, pt := range p.points {
		work += p.adaptor.estimate(pt.Spec).Seconds * float64(p.seeds)
	}
	return work
}

// typeIntoPrompt opens an engine's lab at its defaults and types its
// flags into the ":" line, as a person would: the gate refuses the
// line, or the lab is rebuilt on it (and drawn once).
func typeIntoPrompt(engine string, args []string) int {
	e, ok := scenarios.LookupEngine(engine)
	if !ok {
		return exitUsage
	}
	m, err := tui.New(tui.Options{Config: &scenarios.Scenario{Name: e.Name, Title: e.Title, Spec: e.Default}})
	if err != nil {
		return exitFailure
	}
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(":")})
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(strings.Join(args, " "))})
	m.Update(tea.KeyMsg{Type: tea.KeyEnter})
	m.View()
	return exitOK
}

// heavyFlags draws a config of an engine whose memory estimate is near a
// target drawn log-uniformly from 300 MB to 30 GB, on both sides of the
// gate's limit under the cap: from the engine's defaults, its memory
// levers doubled in turn, each while the config stays valid.
func heavyFlags(src *rand.Rand, a adaptor) []string {
	e, _ := scenarios.LookupEngine(a.engine())
	target := math.Exp(math.Log(3e8) + src.Float64()*math.Log(100))
	spec, set := e.Default, map[string]string{}
	for range 60 {
		c := a.estimate(spec)
		if c.Bytes >= target || len(c.MemoryLevers) == 0 {
			break
		}
		grew := false
		for _, lever := range c.MemoryLevers {
			fs, _ := flags.For(spec, "")
			x, err := strconv.ParseFloat(fs.Current(lever), 64)
			if err != nil || fs.Lookup(lever) == nil {
				continue
			}
			next := strconv.FormatFloat(math.Max(2*x, x+1), 'f', -1, 64)
			if bigger, err := flags.Apply(spec, []string{"--" + lever, next}); err == nil {
				spec, set[lever], grew = bigger, next, true
				break
			}
		}
		if !grew {
			break
		}
	}
	var args []string
	for _, name := range slices.Sorted(maps.Keys(set)) {
		args = append(args, "--"+name+"="+set[name])
	}
	return args
}
