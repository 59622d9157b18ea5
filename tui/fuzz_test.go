package tui

import (
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/scenarios"
)

// fuzzKeys are the keys a fuzz session draws from, besides every key in
// the open lab's help: the shell's, arrows, and a few that mean nothing.
var fuzzKeys = []string{" ", "n", "left", "b", "home", "end", "<", ">", "+", "-", "r", "R", "s", "t", "M", "?", "esc",
	"tab", "enter", "up", "down", "x", "z", "9", "0", "/", "S"}

// fuzzSession sends n random events to a model open on a scenario (keys,
// resizes from 1x1 to 250x70, ticks of play, frames of a replay),
// reporting the first panic with the events that led to it.
func fuzzSession(t *testing.T, m *Model, scenario string, seed uint64, n int) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 7))
	var log []string
	defer func() {
		if p := recover(); p != nil {
			t.Fatalf("%s, seed %d: panic %v after:\n%s", scenario, seed, p, strings.Join(log, " "))
		}
	}()
	keys := append([]string{}, fuzzKeys...)
	if m.lab != nil {
		full := m.lab.KeyMap().FullHelp()
		for _, col := range full {
			for _, b := range col {
				keys = append(keys, b.Keys()...)
			}
		}
	}
	for range n {
		var msg tea.Msg
		switch k := r.IntN(10); {
		case k < 6:
			key := keys[r.IntN(len(keys))]
			if key == "q" || key == "ctrl+c" {
				continue
			}
			if m.typingSeed && r.IntN(3) == 0 {
				key = strconv.Itoa(r.IntN(1000))
			}
			log = append(log, fmt.Sprintf("%q", key))
			msg = keyFor(key)
		case k < 8:
			w, h := 1+r.IntN(250), 1+r.IntN(70)
			log = append(log, fmt.Sprintf("%dx%d", w, h))
			msg = tea.WindowSizeMsg{Width: w, Height: h}
		case k < 9:
			log = append(log, "tick")
			msg = tickMsg{gen: m.play.gen, at: time.Now()}
		default:
			log = append(log, "seek")
			msg = seekMsg{gen: m.seek.gen}
		}
		m.Update(msg)
		if v := m.View(); floatNoise.MatchString(v) {
			t.Fatalf("%s, seed %d: float noise %q on screen after:\n%s", scenario, seed, floatNoise.FindString(v), strings.Join(log, " "))
		}
	}
}

// floatNoise is a number printed with a binary fraction's tail, such as
// 0.30000000000000004: a label formatted with %g rather than to a
// precision. Thirteen decimals or more: the most any figure means to show
// is twelve (an availability's nines).
var floatNoise = regexp.MustCompile(`\d\.\d{13,}`)

// No key, resize or tick breaks the picker (TestCatalogue fuzzes every
// scenario); LOADLAB_FUZZ_SECONDS=60 fuzzes the scenarios with random
// seeds that long.
func TestFuzz(t *testing.T) {
	t.Parallel()
	fuzzSession(t, openAt(t, "", 80, 24), "", 1, 200)
	secs, _ := strconv.Atoi(os.Getenv("LOADLAB_FUZZ_SECONDS"))
	deadline := time.Now().Add(time.Duration(secs) * time.Second)
	for seed := uint64(2); time.Now().Before(deadline); seed++ {
		for _, sc := range scenarios.All() {
			fuzzSession(t, openAt(t, sc.Name, 80, 24), sc.Name, seed, 300)
		}
	}
}

// The picker, t, then a terminal one column wide once panicked.
func TestPickerThemeThenOneColumn(t *testing.T) {
	t.Parallel()
	m := openAt(t, "", 80, 24)
	m.Update(keyFor("t"))
	m.Update(tea.WindowSizeMsg{Width: 1, Height: 1})
	if m.note == "" || m.View() == "" {
		t.Errorf("note %q, view %q", m.note, m.View())
	}
}

// A panic in the model is kept as a crash (its first line, its trace in a
// file), never taken for ctrl+c, and goes on so Bubble Tea restores the
// terminal.
func TestPanicIsACrash(t *testing.T) {
	t.Parallel()
	m := openAt(t, "", 80, 24)
	func() {
		defer func() {
			if recover() == nil {
				t.Error("the panic did not go on to Bubble Tea")
			}
		}()
		defer m.guard()
		panic("runtime error: index out of range [0] with length 0\nmore")
	}()
	report := m.crashReport()
	if !strings.HasPrefix(report, "runtime error: index out of range [0] with length 0 (the trace is in ") {
		t.Fatalf("crash report %q", report)
	}
	defer os.Remove(m.crashTrace)
	if b, err := os.ReadFile(m.crashTrace); err != nil || !strings.Contains(string(b), "goroutine") {
		t.Errorf("trace file: %v", err)
	}
}
