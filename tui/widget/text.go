package widget

import (
	"strings"
	"unicode"

	"github.com/charmbracelet/x/ansi"
)

// Truncate cuts s (which may hold ANSI styles) to w cells, marking the cut
// with an ellipsis.
func Truncate(s string, w int) string {
	if Width(s) <= w {
		return s
	}
	return ansi.Truncate(s, w, "…")
}

// TruncateWords fits plain text s in w cells by leaving out whole words
// from its end, marked " …": no word or number is shown in part. The
// words kept keep their spacing, so columns laid out with spaces (a
// timeline's clock, a table's cells) stay where they were.
func TruncateWords(s string, w int) string {
	if Width(s) <= w {
		return s
	}
	var ends []int // where each word but the last ends, in s as written
	inWord := false
	for i, r := range s {
		space := unicode.IsSpace(r)
		if inWord && space {
			ends = append(ends, i)
		}
		inWord = !space
	}
	for n := len(ends) - 1; n >= 0; n-- {
		if t := s[:ends[n]] + " …"; Width(t) <= w {
			return t
		}
	}
	return Truncate(s, w) // one word wider than the screen
}

// PadLines cuts lines to h, or adds empty ones up to h (none below 0).
func PadLines(lines []string, h int) []string {
	h = max(0, h)
	if len(lines) > h {
		return lines[:h]
	}
	for len(lines) < h {
		lines = append(lines, "")
	}
	return lines
}

// FitLines is a panel's body: exactly h lines, each at most w cells.
func FitLines(lines []string, w, h int) string {
	lines = PadLines(lines, h)
	for i := range lines {
		lines[i] = Truncate(lines[i], w)
	}
	return strings.Join(lines, "\n")
}

// Wrap breaks plain text into lines of at most w cells at spaces, so that a
// message is never cut in the middle of a word; a word longer than w is
// cut.
func Wrap(text string, w int) []string {
	if w < 1 {
		return nil
	}
	var lines []string
	for _, para := range strings.Split(text, "\n") {
		line := ""
		for _, word := range strings.Fields(para) {
			switch {
			case line == "":
				line = word
			case Width(line)+1+Width(word) <= w:
				line += " " + word
			default:
				lines = append(lines, line)
				line = word
			}
			for Width(line) > w {
				lines = append(lines, ansi.Truncate(line, w, ""))
				line = ansi.TruncateLeft(line, w, "")
			}
		}
		lines = append(lines, line)
	}
	return lines
}

// FirstFit is the first of the texts, longest form first, that fits in w
// cells, else the last cut to w.
func FirstFit(w int, texts ...string) string {
	for _, t := range texts {
		if Width(t) <= w {
			return t
		}
	}
	return Truncate(texts[len(texts)-1], w)
}
