package tui

import (
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/scenarios"
)

// BenchmarkFrame160x48 is one frame of every scenario at 160x48, after a
// hundred steps of play (a step and a redraw, as play at full speed does
// once a frame); draw-ms/op is the redraw alone. The goal is under 2.5 ms
// of drawing, what 60 sessions of a class server at 10 frames a second
// leave a frame on 2 cores (stepping has its own budget):
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
			var drawing time.Duration
			for range b.N {
				m.lab.Step()
				t0 := time.Now()
				m.redraw()
				drawing += time.Since(t0)
			}
			b.ReportMetric(float64(drawing.Microseconds())/1000/float64(b.N), "draw-ms/op")
		})
	}
}
