package tui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/scenarios"
)

// BenchmarkFrame160x48 is one frame of every scenario at 160x48, after a
// hundred steps of play (a step and a redraw, as play at full speed does
// once a frame). The goal is under 5 ms a frame, so a frame of stepping
// and drawing fits a 30 frames a second loop with room to spare:
//
//	go test ./tui -run '^$' -bench Frame160x48
func BenchmarkFrame160x48(b *testing.B) { benchFrames(b, 160, 48) }

// BenchmarkFrame80x24 is the same at 80x24, where the focus layout draws
// a layout or more it gives up before the one it shows.
func BenchmarkFrame80x24(b *testing.B) { benchFrames(b, 80, 24) }

func benchFrames(b *testing.B, w, h int) {
	for _, sc := range scenarios.All() {
		b.Run(sc.Name, func(b *testing.B) {
			m, err := New(Options{Scenario: sc.Name, Theme: "dark"})
			if err != nil {
				b.Fatal(err)
			}
			m.Update(tea.WindowSizeMsg{Width: w, Height: h})
			for range 100 {
				m.lab.Step()
			}
			b.ResetTimer()
			for range b.N {
				m.lab.Step()
				m.redraw()
			}
		})
	}
}
