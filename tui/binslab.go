package tui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/sim/bins"
)

// binsLab owns the balls-into-bins engine of the open scenario, the spec
// the lab keys edit, and the view state. Every edit rebuilds the engine
// from the spec; an edit that would make the spec invalid is refused with
// the engine's reason.
type binsLab struct {
	spec   bins.Spec
	engine *bins.Engine
	snap   bins.Snapshot
	result bins.Result
	view   binsView
	panel  panel
	lay    labLayout
	inner  int // inner width of a lane panel at the last render
	// chartChosen is set once the user picks a chart, so that edits stop
	// choosing one for them.
	chartChosen bool
}

// panel is what tab focuses in the bins lab.
type panel int

const (
	panelLanes panel = iota
	panelTrials
)

func newBinsLab(spec bins.Spec) (*binsLab, error) {
	l := &binsLab{}
	return l, l.apply(spec)
}

// maxLabBins bounds the bins the lab draws: every frame copies the loads,
// and beyond a million bins that no longer fits a frame.
const maxLabBins = 1 << 20

// apply validates spec and, if it is valid, restarts the engine on it.
func (l *binsLab) apply(spec bins.Spec) error {
	if spec.Bins > maxLabBins {
		return fmt.Errorf("the lab draws at most %d bins; loadlab run takes up to %d", maxLabBins, bins.MaxBins)
	}
	cfg, err := spec.Config()
	if err != nil {
		return err
	}
	l.spec = spec
	l.engine = bins.MustNew(cfg)
	l.view.focus = min(l.view.focus, len(cfg.Strategies)-1)
	if l.panel == panelTrials && spec.Trials == 1 {
		l.panel, l.view.focus = panelLanes, 0
	}
	l.refresh()
	return nil
}

// refresh takes a new snapshot and summary after the engine moved.
func (l *binsLab) refresh() {
	l.snap = l.engine.Snapshot()
	l.result = l.engine.Result()
}

func (l *binsLab) step() bool             { return l.engine.Step() }
func (l *binsLab) done() bool             { return l.engine.Done() }
func (l *binsLab) restart() error         { return l.apply(l.spec) }
func (l *binsLab) seed() (int64, bool)    { return l.spec.Seed, true }
func (l *binsLab) editing() bool          { return false }
func (l *binsLab) init() tea.Cmd          { return nil }
func (l *binsLab) update(tea.Msg) tea.Cmd { return nil }

func (l *binsLab) withSeed(seed int64) error {
	return l.edit(func(s *bins.Spec) { s.Seed = seed })
}

// nextSeed moves past every seed the current trials used.
func (l *binsLab) nextSeed() error {
	return l.withSeed(l.spec.Seed + int64(max(1, l.spec.Trials)))
}

func (l *binsLab) status() []string {
	s := l.snap
	return []string{
		fmt.Sprintf("seed %d", s.Seed),
		fmt.Sprintf("trial %d/%d", s.Trial+1, s.Trials),
		fmt.Sprintf("ball %d/%d", s.Ball, s.Balls),
	}
}

func (l *binsLab) render(f frame) string {
	showTable := l.spec.Trials > 1 && (l.panel == panelTrials || f.h+chromeRows >= bothPanelsHeight)
	n := len(l.snap.Lanes)
	l.lay = layout(f.w, f.h, n, showTable, trialsTableRows(n))
	l.inner = 0
	if len(l.lay.lanes) > 0 {
		l.inner = l.lay.lanes[0].w - f.st.Panel.GetHorizontalFrameSize()
	}
	if !l.chartChosen {
		l.view.mode = chartDistribution
		if barsFit(l.spec.Bins, l.inner) {
			l.view.mode = chartBars
		}
	}
	l.view.decisions = barsFit(l.spec.Bins, l.inner) && f.narrating
	return l.view.render(l, l.lay, f.st)
}

// nextPanel moves the focus to the next lane, then to the trials table
// when there is one, then back to the first lane.
func (l *binsLab) nextPanel() {
	switch {
	case l.panel == panelTrials:
		l.panel, l.view.focus = panelLanes, 0
	case l.view.focus+1 < len(l.snap.Lanes):
		l.view.focus++
	case l.spec.Trials > 1:
		l.panel, l.view.focus = panelTrials, -1
	default:
		l.view.focus = 0
	}
}

func (l *binsLab) help(k keyMap) ([]key.Binding, [][]key.Binding) {
	short := []key.Binding{k.Play, k.Step, k.Faster, k.Slower, k.Toggle, k.Chart, k.Help, k.Quit}
	full := [][]key.Binding{
		{k.Play, k.Step, k.Faster, k.Slower, k.Reset, k.NextSeed, k.TypeSeed},
		{k.Toggle, k.DDown, k.RefreshDown, k.Stream, k.BinsDown, k.BallsDown, k.Trials},
		{k.Chart, k.Tab, k.Theme, k.Back, k.Help, k.Quit},
	}
	return short, full
}

// key handles the keys that edit the spec or change the chart.
func (l *binsLab) key(msg tea.KeyMsg, k keyMap) outcome {
	var err error
	switch {
	case key.Matches(msg, k.Chart):
		l.view.mode = l.view.nextMode(l.spec.Bins, l.inner)
		l.chartChosen = true
		return outcome{handled: true, note: "chart: " + l.view.mode.String()}
	case key.Matches(msg, k.Toggle):
		n, _ := strconv.Atoi(msg.String())
		err = l.toggle(bins.Kind(n - 1))
	case key.Matches(msg, k.DDown):
		err = l.edit(func(s *bins.Spec) { s.D = max(1, s.D-1) })
	case key.Matches(msg, k.DUp):
		err = l.edit(func(s *bins.Spec) { s.D++ })
	case key.Matches(msg, k.RefreshDown):
		err = l.edit(func(s *bins.Spec) { s.Refresh = max(1, s.Refresh/2) })
	case key.Matches(msg, k.RefreshUp):
		err = l.edit(func(s *bins.Spec) { s.Refresh *= 2 })
	case key.Matches(msg, k.Stream):
		err = l.edit(func(s *bins.Spec) {
			s.Stream = map[string]string{"paired": "sequential", "sequential": "paired"}[s.Stream]
		})
	case key.Matches(msg, k.BinsDown):
		err = l.edit(func(s *bins.Spec) { s.Bins = max(1, s.Bins/2) })
	case key.Matches(msg, k.BinsUp):
		err = l.edit(func(s *bins.Spec) { s.Bins *= 2 })
	case key.Matches(msg, k.BallsDown):
		err = l.edit(func(s *bins.Spec) { s.Balls = max(1, s.Balls/2) })
	case key.Matches(msg, k.BallsUp):
		err = l.edit(func(s *bins.Spec) { s.Balls *= 2 })
	case key.Matches(msg, k.Trials):
		err = l.edit(func(s *bins.Spec) { s.Trials = nextTrials(s.Trials) })
	default:
		return outcome{}
	}
	if err != nil {
		return outcome{handled: true, err: err}
	}
	l.chartChosen = false
	return outcome{handled: true, note: specSummary(l.spec), restarted: true}
}

// toggle adds the strategy kind with default parameters, or removes every
// strategy of that kind.
func (l *binsLab) toggle(kind bins.Kind) error {
	var kept []string
	removed := false
	for _, tok := range strings.Split(l.spec.Strategies, ",") {
		tok = strings.TrimSpace(tok)
		if name, _, _ := strings.Cut(tok, ":"); name == kind.String() {
			removed = true
			continue
		}
		kept = append(kept, tok)
	}
	if !removed {
		kept = append(kept, kind.String())
	}
	if len(kept) == 0 {
		return fmt.Errorf("keep at least one strategy")
	}
	return l.edit(func(s *bins.Spec) {
		s.Strategies = strings.Join(kept, ",")
		if s.Baseline != "" && !strings.Contains(","+s.Strategies+",", ","+s.Baseline+",") {
			s.Baseline = ""
		}
	})
}

// edit applies a change to a copy of the spec.
func (l *binsLab) edit(change func(*bins.Spec)) error {
	s := l.spec
	change(&s)
	return l.apply(s)
}

// trialChoices are the trial counts the trials key cycles through.
var trialChoices = []int{1, 10, 50, 200}

func nextTrials(t int) int {
	for _, c := range trialChoices {
		if c > t {
			return c
		}
	}
	return trialChoices[0]
}

func specSummary(s bins.Spec) string {
	return fmt.Sprintf("n=%d m=%d d=%d refresh=%d %s, %d trial(s): %s", s.Bins, s.Balls, s.D, s.Refresh, s.Stream, s.Trials, s.Strategies)
}
