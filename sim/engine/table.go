package engine

// Table is a report's table as its cells are written: the headless text
// report and the TUI print the same cells, so a figure is formatted once.
// Each row has as many cells as Header; the first column names the row.
type Table struct {
	Title  string
	Header []string
	Rows   [][]string
	// Note, if not empty, is a line that belongs under the table.
	Note string
}
