package tui

import "github.com/charmbracelet/bubbles/key"

// keyMap declares every key once; the help bar is built from it.
type keyMap struct {
	Quit, Help, Play, Step, Faster, Slower, Reset, NextSeed, TypeSeed, Theme, Back, Tab key.Binding
	// Bins lab.
	Toggle, DDown, DUp, RefreshDown, RefreshUp, Stream, BinsDown, BinsUp, BallsDown, BallsUp, Trials, Chart key.Binding
	// Enumeration and trajectory stepper.
	StepBack, Start, End, NextExample, PrevExample, Edit, Up, Down key.Binding
	// Picker, and opening a counterexample.
	Open key.Binding
}

func newKeyMap() keyMap {
	b := func(keys []string, k, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, desc))
	}
	return keyMap{
		Quit:        b([]string{"q", "ctrl+c"}, "q", "quit"),
		Help:        b([]string{"?"}, "?", "help"),
		Play:        b([]string{" "}, "space", "play/pause"),
		Step:        b([]string{"n", "right"}, "n/→", "step"),
		Faster:      b([]string{"+", "="}, "+", "faster"),
		Slower:      b([]string{"-", "_"}, "-", "slower"),
		Reset:       b([]string{"r"}, "r", "reset"),
		NextSeed:    b([]string{"s"}, "s", "next seed"),
		TypeSeed:    b([]string{"S"}, "S", "type seed"),
		Theme:       b([]string{"t"}, "t", "theme"),
		Back:        b([]string{"esc"}, "esc", "scenarios"),
		Tab:         b([]string{"tab"}, "tab", "next panel"),
		Toggle:      b([]string{"1", "2", "3", "4", "5", "6", "7"}, "1-7", "strategies"),
		DDown:       b([]string{"d"}, "d/D", "fewer/more choices"),
		DUp:         b([]string{"D"}, "D", "d +"),
		RefreshDown: b([]string{"f"}, "f/F", "stale refresh ÷2/×2"),
		RefreshUp:   b([]string{"F"}, "F", "refresh ×2"),
		Stream:      b([]string{"m"}, "m", "paired/sequential stream"),
		BinsDown:    b([]string{"["}, "[/]", "bins ÷2/×2"),
		BinsUp:      b([]string{"]"}, "]", "bins ×2"),
		BallsDown:   b([]string{"{"}, "{/}", "balls ÷2/×2"),
		BallsUp:     b([]string{"}"}, "}", "balls ×2"),
		Trials:      b([]string{"T"}, "T", "trials 1→10→50→200"),
		Chart:       b([]string{"v"}, "v", "chart"),
		StepBack:    b([]string{"p", "left"}, "p/←", "step back"),
		Start:       b([]string{"g", "home"}, "g", "start"),
		End:         b([]string{"G", "end"}, "G", "end"),
		NextExample: b([]string{"]"}, "]/[", "next/prev counterexample"),
		PrevExample: b([]string{"["}, "[", "previous counterexample"),
		Edit:        b([]string{"e"}, "e", "type an input"),
		Up:          b([]string{"up", "k"}, "↑/↓", "choose"),
		Down:        b([]string{"down", "j"}, "↓", "down"),
		Open:        b([]string{"enter"}, "enter", "open"),
	}
}

// setSeeded enables the seed keys only for labs that have a seed.
func (k *keyMap) setSeeded(l lab) {
	_, seeded := l.seed()
	k.NextSeed.SetEnabled(seeded)
	k.TypeSeed.SetEnabled(seeded)
}
