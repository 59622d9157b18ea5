package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/loadlab/loadlab/sim/engine"
)

// headlined is a report that carries its runs' headline figures, the ones
// the TUI shows at the run's end.
type headlined interface{ Headline() []engine.Figure }

// withHeadline is a text writer that ends with the report's headline
// figures, a line a run.
func withHeadline[R headlined](write func(io.Writer, R) error) func(context.Context, io.Writer, R, engine.Cost) error {
	return func(_ context.Context, w io.Writer, r R, _ engine.Cost) error {
		if err := write(w, r); err != nil {
			return err
		}
		return writeHeadline(w, r.Headline())
	}
}

// writeHeadline prints figures grouped by run: "headline, at the end:",
// then "  throttle: goodput 90.0/s · recovered 4:37 AM". A figure its group
// names twice is written once, in its first (fullest) form.
func writeHeadline(w io.Writer, figs []engine.Figure) error {
	if len(figs) == 0 {
		return nil
	}
	var b strings.Builder
	b.WriteString("\nheadline, at the end:\n")
	named := map[[2]string]bool{}
	for i, f := range figs {
		if named[[2]string{f.Group, f.Name}] {
			continue // a shorter form of a figure already written, for a tight view
		}
		named[[2]string{f.Group, f.Name}] = true
		switch {
		case i == 0 || f.Group != figs[i-1].Group:
			if i > 0 {
				b.WriteString("\n")
			}
			b.WriteString("  ")
			if f.Group != "" {
				b.WriteString(f.Group + ": ")
			}
		default:
			b.WriteString(" · ")
		}
		fmt.Fprintf(&b, "%s %s", f.Name, f.Value)
	}
	b.WriteString("\n")
	_, err := io.WriteString(w, b.String())
	return err
}
