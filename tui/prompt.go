package tui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/internal/flags"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// prompt is the ":" line: any flag of the lab's engine, read by the
// command line's own parser (internal/flags), so that a config typed
// here is one loadlab run would run. Nothing changes until the whole
// line is valid.
type prompt struct {
	open  bool
	input textinput.Model
	// err is why the line was refused; hint the completions tab found.
	err, hint string
}

func newPrompt() prompt {
	in := lab.NewField(":", 400)
	in.Placeholder = "--flag value ... (tab completes, enter applies, esc cancels)"
	return prompt{input: in}
}

// openPrompt gives the keyboard to the ":" line.
func (m *Model) openPrompt() tea.Cmd {
	m.play.stop()
	m.prompt.open, m.prompt.err, m.prompt.hint = true, "", ""
	m.prompt.input.SetValue("")
	m.prompt.input.Width = max(10, m.width-2)
	return m.prompt.input.Focus()
}

// promptKey runs the ":" line: enter applies it, esc closes it, tab
// completes the flag or value under the cursor.
func (m *Model) promptKey(msg tea.KeyMsg) tea.Cmd {
	p := &m.prompt
	switch msg.Type {
	case tea.KeyEsc:
		p.open = false
		p.input.Blur()
		return nil
	case tea.KeyEnter:
		return m.applyPrompt()
	case tea.KeyTab:
		m.complete()
		return nil
	}
	var cmd tea.Cmd
	p.input, cmd = p.input.Update(msg)
	p.err, p.hint = "", ""
	return cmd
}

// current is the lab's spec as it stands, its keys' changes in it.
func (m *Model) current() scenarios.Spec {
	return m.lab.Current()
}

// applyPrompt reads the line over the lab's spec; a valid config rebuilds
// the run at its first step and the note says what changed, a refused
// notHere are the command line's own flags, each with what a lab has in
// their place.
var notHere = map[string]string{
	"seeds":         "is N in a lab: esc, then N runs this config over many seeds (1, 2, 3: 10, 100, 1000)",
	"workers":       "is the command line's: a lab's runs over seeds and sweeps use every core",
	"format":        "is the command line's: loadlab run writes text, JSON or CSV",
	"max-memory":    "is the command line's (loadlab run)",
	"scenario-file": "is the command line's: loadlab tui --scenario-file F opens one",
}

// one leaves everything as it was, its reason under the line.
func (m *Model) applyPrompt() tea.Cmd {
	p := &m.prompt
	args := strings.Fields(p.input.Value())
	if len(args) == 0 {
		p.open = false
		p.input.Blur()
		return nil
	}
	before := m.current()
	sweeps := slices.ContainsFunc(args, func(a string) bool { return a == "--vary" || strings.HasPrefix(a, "--vary=") })
	for _, a := range args {
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if why, ok := notHere[name]; ok && strings.HasPrefix(a, "-") && !sweeps {
			p.err = "--" + name + " " + why
			return nil
		}
	}
	if sweeps {
		base := m.scenario
		base.Spec = before
		cmd, err := m.startSweep(&base, args)
		if err != nil {
			p.err = err.Error()
			return nil
		}
		p.open = false
		p.input.Blur()
		return cmd
	}
	spec, err := flags.Apply(before, args)
	if err != nil {
		p.err = err.Error()
		return nil
	}
	if err := admit(m.work, spec); err != nil {
		p.err = flags.Named(err)
		return nil
	}
	newLab, ok := labs[spec.Engine()]
	if !ok {
		p.err = "the " + spec.Engine() + " engine has no lab"
		return nil
	}
	l, err := newLab(spec, m.work)
	if err != nil {
		p.err = flags.Named(err)
		return nil
	}
	p.open = false
	p.input.Blur()
	if m.origin == nil {
		origin := m.scenario
		m.origin = &origin
	}
	sc := *m.origin
	sc.Spec = spec
	if what := changes(m.origin.Spec, spec, false); len(what) > 0 {
		sc.Title = "your config (" + strings.Join(what, " ") + "): " + m.origin.Title // the header names the scenario before it
	}
	m.play.stop()
	m.leave()
	delete(m.kept, sc.Name)
	m.scenario, m.lab = sc, l
	m.seek.atStart()
	changed := changes(before, spec, true)
	note := "no change: the line sets what is set already"
	if len(changed) > 0 {
		note = "applied " + strings.Join(changed, ", ") + ": a new run from its first step (R: the scenario as written)"
	}
	m.setNote(note, false)
	return m.Init()
}

// changes are the flags whose values differ between two specs of one
// engine, in the order help lists them: "--name new", and with was
// "--name new (was old)".
func changes(old, new scenarios.Spec, was bool) []string {
	a, _ := flags.For(old, "")
	b, _ := flags.For(new, "")
	before := map[string]string{}
	for _, in := range a.Infos() {
		before[in.Name] = in.Value
	}
	var out []string
	for _, in := range b.Infos() {
		switch {
		case in.Value == before[in.Name]:
		case was:
			out = append(out, fmt.Sprintf("--%s %s (was %s)", in.Name, in.Value, before[in.Name]))
		default:
			out = append(out, fmt.Sprintf("--%s %s", in.Name, in.Value))
		}
	}
	return out
}

// engineFlags are the flags of the lab's engine, with its values now.
func (m *Model) engineFlags() []flags.Info {
	fs, _ := flags.For(m.current(), "")
	return fs.Infos()
}

// complete completes the word before the cursor: a flag's name, or a
// value of the flag before it where its values are words (or true and
// false); where several fit, as far as they agree, and the hint lists
// them.
func (m *Model) complete() {
	p := &m.prompt
	value, pos := p.input.Value(), p.input.Position()
	head := value[:pos]
	start := strings.LastIndex(head, " ") + 1
	word := head[start:]
	words := strings.Fields(head[:start])
	infos := m.engineFlags()
	var options []string
	switch {
	case strings.HasPrefix(word, "-") || len(words) == 0 || !takesValue(infos, words[len(words)-1]):
		for _, in := range infos {
			options = append(options, "--"+in.Name)
		}
		if !strings.HasPrefix(word, "-") {
			word = "--" + word
		}
	default:
		in, _ := infoOf(infos, words[len(words)-1])
		options = valuesOf(in)
		if len(options) == 0 {
			p.hint = fmt.Sprintf("--%s takes %s", in.Name, in.Accepts)
			return
		}
		if strings.Contains(in.Accepts, "list") { // complete the list's last item
			cut := strings.LastIndex(word, ",") + 1
			start, word = start+cut, word[cut:]
		}
	}
	var fits []string
	for _, o := range options {
		if strings.HasPrefix(o, word) {
			fits = append(fits, o)
		}
	}
	if len(fits) == 0 {
		p.hint = "nothing here starts with " + word
		return
	}
	done := commonPrefix(fits)
	if len(fits) == 1 {
		done += " "
	} else {
		p.hint = strings.Join(fits, " ")
	}
	p.input.SetValue(head[:start] + done + value[pos:])
	p.input.SetCursor(start + len(done))
}

// takesValue reports whether a word is a flag that takes a value next
// (not a switch, and not written --name=value).
func takesValue(infos []flags.Info, word string) bool {
	in, ok := infoOf(infos, word)
	return ok && in.Kind != flags.Switch && !strings.Contains(word, "=")
}

// infoOf is the flag a word names ("--bins", "--bins=3").
func infoOf(infos []flags.Info, word string) (flags.Info, bool) {
	name, _, _ := strings.Cut(strings.TrimLeft(word, "-"), "=")
	i := slices.IndexFunc(infos, func(in flags.Info) bool { return in.Name == name })
	if i < 0 || !strings.HasPrefix(word, "-") {
		return flags.Info{}, false
	}
	return infos[i], true
}

// valuesOf are a flag's values where they are words its help lists:
// "a, b or c", "a list of a b c", "a comma-separated list of a b c";
// true and false for a switch.
func valuesOf(in flags.Info) []string {
	if in.Kind == flags.Switch {
		return []string{"true", "false"}
	}
	if in.Kind != flags.Text {
		return nil
	}
	a := in.Accepts
	for _, lead := range []string{"a comma-separated list of ", "a list of "} {
		if rest, ok := strings.CutPrefix(a, lead); ok {
			return strings.Fields(rest)
		}
	}
	if strings.Contains(a, " or ") && !strings.Contains(a, "such as") {
		a = strings.ReplaceAll(strings.ReplaceAll(a, ", ", " "), " or ", " ")
		return strings.Fields(a)
	}
	return nil
}

func commonPrefix(words []string) string {
	p := words[0]
	for _, w := range words[1:] {
		for !strings.HasPrefix(w, p) {
			p = p[:len(p)-1]
		}
	}
	return p
}

// promptRows is the most rows the text under the ":" line takes.
const promptRows = 3

// promptLines are the ":" line and, under it, the refusal, the
// completions, or the help of the flag under the cursor with its value
// now, wrapped, never cut.
func (m *Model) promptLines() []string {
	p := &m.prompt
	style, texts := m.st.Muted, []string{"tab completes a flag or its value · --vary FIELD=VALUES sweeps · enter applies · esc cancels", "tab completes a flag or its value · enter applies · esc cancels", "tab completes · enter · esc"}
	switch {
	case p.err != "":
		style, texts = m.st.Bad, []string{p.err}
	case p.hint != "":
		texts = []string{p.hint}
	default:
		if in, ok := m.flagUnderCursor(); ok {
			accepts := ""
			if in.Accepts != "" && in.Kind != flags.Switch {
				accepts = ": " + in.Accepts
			}
			texts = []string{fmt.Sprintf("--%s %s%s (now %s)", in.Name, in.Usage, accepts, in.Value), fmt.Sprintf("--%s%s (now %s)", in.Name, accepts, in.Value)}
		}
	}
	lines := []string{p.input.View()}
	for i, t := range texts {
		wrapped := widget.Wrap(t, m.width-1)
		if len(wrapped) <= promptRows || i == len(texts)-1 {
			for _, l := range wrapped[:min(len(wrapped), promptRows)] {
				lines = append(lines, style.Render(l))
			}
			break
		}
	}
	return lines
}

// flagUnderCursor is the flag the word at the cursor is, or gives a
// value to.
func (m *Model) flagUnderCursor() (flags.Info, bool) {
	head := m.prompt.input.Value()[:m.prompt.input.Position()]
	words := strings.Fields(head)
	infos := m.engineFlags()
	for i := len(words) - 1; i >= 0 && i >= len(words)-2; i-- {
		if in, ok := infoOf(infos, words[i]); ok {
			return in, true
		}
		if i == len(words)-1 && strings.HasPrefix(words[i], "--") { // a name being typed: the first it fits
			for _, in := range infos {
				if strings.HasPrefix("--"+in.Name, words[i]) {
					return in, true
				}
			}
		}
	}
	return flags.Info{}, false
}
