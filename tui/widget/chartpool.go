package widget

import (
	"sync"

	"github.com/NimbleMarkets/ntcharts/canvas"
	"github.com/NimbleMarkets/ntcharts/linechart"
)

// canvases keeps chart canvases between frames, a pool for each size. An
// ntcharts cell holds a whole lipgloss.Style (560 bytes), so a 160x48
// frame's charts are a few MB of cells: made anew each frame they were
// most of what a frame allocated, and the collector's work grew with every
// session a class server held.
var canvases sync.Map // [2]int{w, h} -> *sync.Pool of *canvas.Model

// takeCanvas is a blank w x h canvas from the pool; giveBack returns it.
func takeCanvas(w, h int) canvas.Model {
	pool, _ := canvases.LoadOrStore([2]int{w, h}, &sync.Pool{})
	if c, ok := pool.(*sync.Pool).Get().(*canvas.Model); ok {
		return *c
	}
	return canvas.New(w, h)
}

// giveBack clears a canvas from takeCanvas and returns it to the pool.
func giveBack(c canvas.Model) {
	c.Fill(canvas.Cell{})
	c.SetCursor(canvas.Point{})
	pool, _ := canvases.LoadOrStore([2]int{c.Width(), c.Height()}, &sync.Pool{})
	pool.(*sync.Pool).Put(&c)
}

// newLineChart is linechart.New drawing on a canvas from the pool. Its
// canvas goes back with doneWith once the chart is drawn.
func newLineChart(w, h int, minX, maxX, minY, maxY float64, opts ...linechart.Option) *linechart.Model {
	lc := linechart.New(0, 0, minX, maxX, minY, maxY, opts...)
	lc.Canvas = takeCanvas(w, h)
	lc.UpdateGraphSizes()
	return &lc
}

// doneWith gives a chart's canvas back to the pool.
func doneWith(lc *linechart.Model) { giveBack(lc.Canvas) }
