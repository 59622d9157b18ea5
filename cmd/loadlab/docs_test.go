package main

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// docCommand is a loadlab command line in a fenced block of the README or
// docs/, and what the block says it prints when it is refused ("" when it
// runs).
type docCommand struct {
	where   string
	args    []string
	refusal string
}

// Every loadlab command the README and docs/ show runs as they say: a run,
// list, sweep, enum or help succeeds; a command shown with its refusal is
// refused with those words; a tui command's config is accepted (it goes
// as far as asking for a terminal); a serve command's flags all parse.
// Usage lines (ENGINE, [flags]) are left out.
func TestDocCommands(t *testing.T) {
	t.Parallel()
	cmds := docCommands(t)
	if len(cmds) < 10 {
		t.Fatalf("found %d commands in the docs: the reader of them is broken", len(cmds))
	}
	for _, c := range cmds {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			t.Parallel()
			args := c.args
			switch args[0] {
			case "serve":
				// The doc's flags parse if the one added after them is the one refused.
				code, _, stderr := runArgs(t, append(args, "--max-sessions", "0")...)
				if code != 2 || !strings.Contains(stderr, "--max-sessions") {
					t.Errorf("%s: loadlab %s: exit %d: %s", c.where, strings.Join(args, " "), code, stderr)
				}
				return
			case "tui":
				code, _, stderr := runArgs(t, args...)
				if !strings.Contains(stderr, "terminal") {
					t.Errorf("%s: loadlab %s: exit %d: %s", c.where, strings.Join(args, " "), code, stderr)
				}
				return
			}
			code, stdout, stderr := runArgs(t, args...)
			switch {
			case c.refusal != "":
				if code != 2 || !strings.Contains(stderr, strings.TrimPrefix(c.refusal, "loadlab: ")) {
					t.Errorf("%s: loadlab %s: exit %d, %q; the doc says it is refused with %q", c.where, strings.Join(args, " "), code, stderr, c.refusal)
				}
			case code != 0 || stdout == "":
				t.Errorf("%s: loadlab %s: exit %d: %s", c.where, strings.Join(args, " "), code, stderr)
			}
		})
	}
}

// docCommands reads the loadlab command lines out of the fenced blocks
// of README.md and docs/*.md.
func docCommands(t *testing.T) []docCommand {
	files, err := filepath.Glob("../../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	var cmds []docCommand
	for _, name := range append([]string{"../../README.md"}, files...) {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		var block []string // the open fenced block's lines
		start, open := 0, false
		n := 0
		for sc := bufio.NewScanner(f); sc.Scan(); {
			n++
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "```") && !open:
				start, open, block = n+1, true, nil
			case strings.HasPrefix(line, "```"):
				open = false
				cmds = append(cmds, blockCommands(filepath.Base(name), start, block)...)
			case open:
				block = append(block, line)
			}
		}
		f.Close()
	}
	return cmds
}

// blockCommands reads the commands of one fenced block, whose first line
// is line start of file name: where a block shows a prompt ("$ "), only
// the lines after one are commands, the rest their output.
func blockCommands(name string, start int, lines []string) []docCommand {
	prompted := false
	for _, l := range lines {
		prompted = prompted || strings.HasPrefix(strings.TrimSpace(l), "$ ")
	}
	var cmds []docCommand
	for i := 0; i < len(lines); i++ {
		line := strings.TrimSpace(lines[i])
		if prompted && !strings.HasPrefix(line, "$ ") {
			continue
		}
		line = strings.TrimPrefix(line, "$ ")
		if !strings.HasPrefix(line, "loadlab ") {
			continue
		}
		where := name + ":" + strconv.Itoa(start+i)
		for strings.HasSuffix(line, "\\") && i+1 < len(lines) {
			i++
			line = strings.TrimSuffix(line, "\\") + " " + strings.TrimSpace(lines[i])
		}
		args, ok := shellWords(line)
		if !ok || len(args) < 2 || strings.ContainsAny(line, "[|") || strings.Contains(line, "ENGINE") || strings.Contains(line, "SCENARIO") || strings.Contains(line, "TOPIC") {
			continue // a usage line, not a command
		}
		c := docCommand{where: where, args: args[1:]}
		if i+1 < len(lines) && strings.HasPrefix(lines[i+1], "loadlab: ") {
			c.refusal = lines[i+1]
		}
		cmds = append(cmds, c)
	}
	return cmds
}

// shellWords splits a command line as a shell would for the docs'
// commands: words, quoted words, a # comment, ~ for the home directory;
// ok is false for what a doc's command never holds (a pipe, a variable).
func shellWords(line string) (words []string, ok bool) {
	var cur strings.Builder
	quote, word := byte(0), false
	for i := 0; i < len(line); i++ {
		ch := line[i]
		switch {
		case quote != 0 && ch == quote:
			quote = 0
		case quote != 0:
			cur.WriteByte(ch)
		case ch == '\'' || ch == '"':
			quote, word = ch, true
		case ch == ' ' || ch == '\t':
			if word {
				words = append(words, cur.String())
				cur.Reset()
				word = false
			}
		case ch == '#' && !word:
			i = len(line)
		case ch == '$' || ch == '`' || ch == '>' || ch == '<' || ch == ';' || ch == '&':
			return nil, false
		default:
			cur.WriteByte(ch)
			word = true
		}
	}
	if word {
		words = append(words, cur.String())
	}
	for i, w := range words {
		if strings.HasPrefix(w, "~/") {
			home, _ := os.UserHomeDir()
			words[i] = filepath.Join(home, w[2:])
		}
	}
	return words, quote == 0
}
