package tui

import (
	"github.com/charmbracelet/bubbles/key"
	"github.com/loadlab/loadlab/tui/lab"
)

// helpKeys scroll and close the full help.
var helpKeys = struct{ Up, Down, PageUp, PageDown, Close key.Binding }{
	Up:       lab.Bind([]string{"up", "k"}, "↑/↓", "scroll"),
	Down:     lab.Bind([]string{"down", "j"}, "↓", "scroll down"),
	PageUp:   lab.Bind([]string{"pgup", "b"}, "pgup/pgdn", "page"),
	PageDown: lab.Bind([]string{"pgdown", "f", " "}, "pgdn", "page down"),
	Close:    lab.Bind([]string{"?", "esc"}, "?/esc", "close help"),
}
