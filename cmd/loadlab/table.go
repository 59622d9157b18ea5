package main

import (
	"fmt"
	"io"

	"github.com/loadlab/loadlab/sim/engine"
)

// writeTable prints an engine's table under a blank line and its title,
// indented two spaces, names left-aligned and figures right-aligned, with
// its note under it.
func writeTable(w io.Writer, t engine.Table) {
	fmt.Fprintln(w, "\n"+t.Title)
	widths, cols := t.Widths(), t.Columns()
	for _, row := range append([][]string{t.Header}, t.Rows...) {
		fmt.Fprintln(w, "  "+t.Line(row, cols, widths, 2))
	}
	if t.Note != "" {
		fmt.Fprintln(w, t.Note)
	}
}
