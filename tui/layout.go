package tui

// Minimum terminal size for the lab views; below it the app shows one line
// saying how big the terminal must be.
const (
	minWidth  = 60
	minHeight = 16
	// laneMinWidth is the narrowest lane panel that still reads well.
	laneMinWidth = 26
	// bothPanelsHeight is the height from which the trials table is shown
	// under the lanes instead of behind tab.
	bothPanelsHeight = 40
)

// rect is a panel's outer size.
type rect struct{ w, h int }

// labLayout is every rectangle of a lab screen, computed once per size
// change so that View never measures.
type labLayout struct {
	lanes []rect // one per strategy, in grid order
	cols  int
	table rect // the trials panel; zero when hidden
}

// chromeRows are the header, status bar and help bar.
const chromeRows = 3

// layout places the lanes and the trials table in a body of w x h.
func layout(w, h, lanes int, showTable bool, tableRows int) labLayout {
	var l labLayout
	lanesH := h
	if showTable {
		if h+chromeRows >= bothPanelsHeight {
			l.table = rect{w, min(tableRows+2, h/2)}
			lanesH -= l.table.h
		} else {
			l.table = rect{w, h}
			lanesH = 0
		}
	}
	if lanesH == 0 || lanes == 0 {
		return l
	}
	l.cols = max(1, min(lanes, w/laneMinWidth))
	rows := (lanes + l.cols - 1) / l.cols
	for i := 0; i < lanes; i++ {
		r, c := i/l.cols, i%l.cols
		cw := w / l.cols
		if c < w%l.cols {
			cw++
		}
		rh := lanesH / rows
		if r < lanesH%rows {
			rh++
		}
		l.lanes = append(l.lanes, rect{cw, rh})
	}
	return l
}
