package tui

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest"
)

// A user opens supermarket-90 from the picker and switches the left policy
// from jsq-2 to jsq with p: the run restarts at t = 0 with the new policy
// named.
func TestFlowSwitchPolicy(t *testing.T) {
	t.Parallel()
	m, err := New(Options{Theme: "mono"})
	if err != nil {
		t.Fatal(err)
	}
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(120, 40))
	pick(tm, "supermarket-90")
	tm.Send(keyMsg("p"))
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		return bytes.Contains(b, []byte("jsq now")) && bytes.Contains(b, []byte("jsq against random"))
	}, teatest.WithDuration(10*time.Second), teatest.WithCheckInterval(50*time.Millisecond))
	tm.Send(keyMsg("q"))
	final := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(*Model)
	if v := plain(final); !strings.Contains(v, "jsq now") || !strings.Contains(v, "random now") {
		t.Errorf("after p the panels should be jsq and random:\n%s", v)
	}
}
