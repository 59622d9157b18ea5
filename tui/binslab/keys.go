package binslab

import (
	"github.com/charmbracelet/bubbles/key"
	"github.com/loadlab/loadlab/tui/lab"
)

// KeyMap is the bins lab's own keys; the shell's keys are lab.CommonKeys.
// Back, Start and the jumps move within the trial, replaying only it;
// end is the shell's, and plays every trial to the run's last ball.
type KeyMap struct {
	Toggle, DDown, DUp, RefreshDown, RefreshUp, Stream, BinsDown, BinsUp, BallsDown, BallsUp, Trials, Chart key.Binding
	Select, Remove, Add                                                                                     key.Binding
	Back, Start                                                                                             key.Binding
}

// DefaultKeyMap is the lab's keys as it opens with them.
func DefaultKeyMap() KeyMap { return defaultKeys }

// defaultKeys are the lab's keys as it opens with them (DefaultKeyMap).
var defaultKeys = KeyMap{
	Toggle:      lab.Bind([]string{"1", "2", "3", "4", "5", "6", "7"}, "1-7", "strategies"),
	Select:      lab.Bind([]string{"e"}, "e", "select the next rule (x, a, d/D, f/F act on it)"),
	Remove:      lab.Bind([]string{"x"}, "x", "remove the selected rule"),
	Add:         lab.Bind([]string{"a"}, "a", "add a rule like the selected, with the next d or refresh"),
	DDown:       lab.Bind([]string{"d"}, "d/D", "fewer/more choices (the selected rule's)"),
	DUp:         lab.Bind([]string{"D"}, "D", "d +"),
	RefreshDown: lab.Bind([]string{"f"}, "f/F", "stale refresh ÷2/×2 (the selected rule's)"),
	RefreshUp:   lab.Bind([]string{"F"}, "F", "refresh ×2"),
	Stream:      lab.Bind([]string{"m"}, "m", "paired/sequential stream"),
	BinsDown:    lab.Bind([]string{"["}, "[/]", "bins ÷2/×2"),
	BinsUp:      lab.Bind([]string{"]"}, "]", "bins ×2"),
	BallsDown:   lab.Bind([]string{"{"}, "{/}", "balls ÷2/×2"),
	BallsUp:     lab.Bind([]string{"}"}, "}", "balls ×2"),
	Trials:      lab.Bind([]string{"T"}, "T", "trials 1→10→50→200"),
	Chart:       lab.Bind([]string{"v"}, "v", "chart"),
	Back:        lab.Bind([]string{"b", "left"}, "b/←", "a ball back"),
	Start:       lab.Bind([]string{"home"}, "home", "the trial's first ball"),
}

// help lists the lab's keys with the shell's.
func (k KeyMap) help() ([]key.Binding, [][]key.Binding) {
	c := lab.CommonKeys
	short := []key.Binding{c.Play, c.Step, k.Back, k.Chart, c.Moments, c.Help, c.Quit, c.Faster, c.Slower, k.Toggle}
	toggle := k.Toggle
	toggle.SetHelp("1-7", "toggle 1 one 2 two 3 dchoice 4 correlated 5 stale 6 anti 7 left")
	full := [][]key.Binding{
		{c.Play, c.Step, k.Back, k.Start, lab.Brief(c.Last, "end", "the run's last ball"), c.JumpBack, c.JumpForward, c.Faster, c.Slower, c.Reset, c.Scenario, c.NextSeed, c.TypeSeed, c.OverSeeds},
		{toggle, k.Select, k.Remove, k.Add, k.DDown, k.RefreshDown, k.Stream, k.BinsDown, k.BallsDown, k.Trials},
		{k.Chart, c.Tab, c.Moments, c.Prompt, c.Timeline, c.Lecture, c.Theme, c.Back, c.Help, c.Quit},
	}
	return short, full
}

// ShortHelp is the help bar's keys.
func (k KeyMap) ShortHelp() []key.Binding { short, _ := k.help(); return short }

// FullHelp is the full help's columns.
func (k KeyMap) FullHelp() [][]key.Binding { _, full := k.help(); return full }
