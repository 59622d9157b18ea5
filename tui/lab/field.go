package lab

import (
	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/textinput"
)

// NewField is a one-line text field led by prompt, taking at most limit
// characters. Its cursor stands still: a blinking one is a redraw twice a
// second for every session of a class server, and tells a student nothing
// a steady one does not.
func NewField(prompt string, limit int) textinput.Model {
	in := textinput.New()
	in.Prompt = prompt
	in.CharLimit = limit
	in.Cursor.SetMode(cursor.CursorStatic)
	return in
}
