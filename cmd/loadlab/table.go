package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/loadlab/loadlab/sim/engine"
)

// writeTable prints an engine's table under a blank line and its title,
// columns right-aligned, with its note under it.
func writeTable(w io.Writer, t engine.Table) {
	fmt.Fprintln(w, "\n"+t.Title)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, strings.Join(t.Header, "\t")+"\t")
	for _, row := range t.Rows {
		fmt.Fprintln(tw, strings.Join(row, "\t")+"\t")
	}
	tw.Flush()
	if t.Note != "" {
		fmt.Fprintln(w, t.Note)
	}
}
