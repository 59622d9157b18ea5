package main

import (
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/loadlab/loadlab/internal/flags"

	"github.com/loadlab/loadlab/scenarios"
)

func listCommand(args []string, stdout io.Writer) error {
	fs := flags.NewSet("list")
	format := "text"
	fs.Text(&format, "format", "text, json or csv", "the list's form")
	positional, err := flags.Parse(fs, args, "list")
	if err != nil {
		return err
	}
	if len(positional) > 0 {
		return flags.Usagef("list takes no arguments, got %q", positional[0])
	}
	type entry struct {
		Name   string `json:"name"`
		Engine string `json:"engine"`
		Title  string `json:"title"`
	}
	var entries []entry
	for _, s := range scenarios.All() {
		entries = append(entries, entry{s.Name, s.Engine(), s.Title})
	}
	switch format {
	case "json":
		out, _ := json.MarshalIndent(entries, "", "  ")
		_, err := fmt.Fprintln(stdout, string(out))
		return err
	case "csv":
		var rows [][]string
		for _, e := range entries {
			rows = append(rows, []string{e.Name, e.Engine, e.Title})
		}
		return writeCSV(stdout, []string{"name", "engine", "title"}, rows)
	case "text":
		tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "SCENARIO\tENGINE\tTITLE")
		for _, e := range entries {
			fmt.Fprintf(tw, "%s\t%s\t%s\n", e.Name, e.Engine, e.Title)
		}
		return tw.Flush()
	default:
		return flags.Usagef("--format must be text, json or csv for list, got %q", format)
	}
}
