package tui

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/hashing"
)

// heavyRing is a hashing config of 2 billion ring points: about 24 GB.
var heavyRing = []string{"--scheme", "ring", "--vnodes", "10000", "--nodes", "200000", "--keys", "1"}

// The gate comes before the lab (issue 49's first finding): Check refuses
// a config over the memory limit without building anything, and the ":"
// line refuses it in the command line's words, the lab left as it was.
func TestTheGateComesBeforeTheLab(t *testing.T) {
	t.Parallel()
	spec := hashing.DefaultSpec()
	spec.Scheme, spec.VNodes, spec.Nodes, spec.Keys = "ring", 10000, 200000, 1
	sc := scenarios.Scenario{Name: "yours", Title: "yours", Spec: spec}
	start := time.Now()
	err := Check(Options{Config: &sc})
	if err == nil || !strings.Contains(err.Error(), "of memory, over the limit of") || !strings.Contains(err.Error(), "--nodes") {
		t.Errorf("Check: %v", err)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("Check took %v: it built the lab", took)
	}
	if _, err := New(Options{Config: &sc}); err == nil || !strings.Contains(err.Error(), "of memory") {
		t.Errorf("New: %v", err)
	}
	m := openAt(t, "hrw-vs-ring", 80, 24)
	before := m.lab
	press(m, ":")
	typeText(m, strings.Join(heavyRing, " "))
	press(m, "enter")
	if m.lab != before || !m.prompt.open || !strings.Contains(m.prompt.err, "of memory, over the limit of") {
		t.Errorf(": line: same lab %v, open %v, %q", m.lab == before, m.prompt.open, m.prompt.err)
	}
}

// N refuses a seed range that would pass 2^63 - 1 before any run, naming
// the largest first seed (issue 49's third finding).
func TestSeedsPastTheLargestInTheShell(t *testing.T) {
	t.Parallel()
	m := openAt(t, "heavy-load-blog", 80, 24)
	applyLine(m, "--seed 9223372036854775800")
	press(m, "N")
	want := fmt.Sprintf("at most %d", int64(math.MaxInt64-99))
	if m.seeds.bg.Busy() || !strings.Contains(m.note, "would pass 2^63 - 1") || !strings.Contains(m.note, want) {
		t.Errorf("N from seed 9223372036854775800: running %v, note %q, want %q", m.seeds.bg.Busy(), m.note, want)
	}
}

// The TUI exits as interrupted on SIGTERM as on SIGINT (Bubble Tea takes
// SIGTERM for a quit, and the program exited 0).
func TestSIGTERMInterrupts(t *testing.T) {
	guard := make(chan os.Signal, 1) // a late signal cannot end the test binary
	signal.Notify(guard, syscall.SIGTERM)
	defer signal.Stop(guard)
	done := make(chan error, 1)
	go func() { done <- runProgram(idleModel{}, tea.WithInput(nil), tea.WithOutput(io.Discard)) }()
	time.Sleep(200 * time.Millisecond)
	syscall.Kill(os.Getpid(), syscall.SIGTERM)
	select {
	case err := <-done:
		if !errors.Is(err, ErrInterrupted) {
			t.Errorf("SIGTERM: %v, want ErrInterrupted", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("SIGTERM did not end the program")
	}
}

// idleModel waits for ever.
type idleModel struct{}

func (idleModel) Init() tea.Cmd                       { return nil }
func (idleModel) Update(tea.Msg) (tea.Model, tea.Cmd) { return idleModel{}, nil }
func (idleModel) View() string                        { return "" }

// N prices the bins lab's runs too (a hostile probe started 100 seeds of a
// config loadlab run refuses as 22 days of work).
func TestSeedsOfAHeavyBinsConfigAreRefused(t *testing.T) {
	t.Parallel()
	m := openAt(t, "heavy-load-blog", 80, 24)
	applyLine(m, "--bins 1000 --balls 100000 --trials 100000")
	if m.prompt.open {
		t.Fatalf("the lab refused the config itself: %q", m.prompt.err)
	}
	press(m, "N")
	if m.seeds.bg.Busy() || !strings.Contains(m.note, "seeds would take about") {
		t.Errorf("N: running %v, note %q", m.seeds.bg.Busy(), m.note)
	}
	m.seeds.bg.Stop()
}

// applyLine types a line into the lab's ":" prompt and applies it.
func applyLine(m *Model, line string) {
	press(m, ":")
	typeText(m, line)
	_, cmd := m.Update(keyMsg("enter"))
	run(m, cmd)
}
