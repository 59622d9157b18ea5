package exactlab

import (
	"github.com/charmbracelet/bubbles/key"
	"github.com/loadlab/loadlab/tui/lab"
)

// keyMap is the table's and the stepper's own keys.
type keyMap struct {
	StepBack, Start, End, NextExample, PrevExample, Edit, Up, Down, Open key.Binding
}

var keys = keyMap{
	StepBack:    lab.Bind([]string{"p", "left"}, "p/←", "step back"),
	Start:       lab.Bind([]string{"g", "home"}, "g", "start"),
	End:         lab.Bind([]string{"G", "end"}, "G", "end"),
	NextExample: lab.Bind([]string{"]"}, "]/[", "next/prev counterexample"),
	PrevExample: lab.Bind([]string{"["}, "[", "previous counterexample"),
	Edit:        lab.Bind([]string{"e"}, "e", "type an input"),
	Up:          lab.Bind([]string{"up", "k"}, "↑/↓", "choose"),
	Down:        lab.Bind([]string{"down", "j"}, "↓", "down"),
	Open:        lab.Bind([]string{"enter"}, "enter", "open"),
}
