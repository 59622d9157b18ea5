package tui

import (
	"fmt"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// A key flood is keys arriving faster than anyone types or a held key
// repeats: a paste the terminal did not bracket (bubbletea then delivers
// it word by word, each letter a key and each space play/pause), or a
// client that sends keys as fast as it can. More than floodKeys keys
// within floodWindow start one; every key is then dropped, unseen, until
// the keys pause for floodQuiet. A dropped key costs no step and no frame,
// so a flood costs what one bracketed paste does.
const (
	floodKeys   = 32
	floodWindow = 100 * time.Millisecond
	floodQuiet  = 250 * time.Millisecond
)

// flood counts the keys of the latest window.
type flood struct {
	now         func() time.Time // time.Now; a test's own clock
	start, last time.Time
	n           int
	flooding    bool
}

// take counts msg's keys and reports whether to drop them, and whether a
// flood has just begun (to be told once).
func (f *flood) take(msg tea.KeyMsg) (drop, began bool) {
	now := f.now()
	keys := max(1, len(msg.Runes))
	if msg.Paste {
		keys = 1 // a bracketed paste is one message, whatever its length
	}
	if f.flooding && now.Sub(f.last) >= floodQuiet {
		f.flooding = false
	}
	f.last = now
	if f.flooding {
		return true, false
	}
	if now.Sub(f.start) > floodWindow {
		f.start, f.n = now, 0
	}
	if f.n += keys; f.n <= floodKeys {
		return false, false
	}
	f.flooding = true
	return true, true
}

// floodNote says what happened to the keys of a flood.
func floodNote() string {
	return fmt.Sprintf("keys came faster than anyone types (a paste?): the rest are ignored until they stop for %v", floodQuiet)
}
