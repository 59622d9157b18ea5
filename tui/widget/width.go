package widget

import (
	"unicode/utf8"

	"github.com/charmbracelet/lipgloss"
)

// Width is the cells the widest line of s takes on a terminal, as
// lipgloss.Width counts them, but quickly where every character is one a
// frame is made of: ASCII, CSI colour codes, and the one-cell letters,
// punctuation, arrows, box drawing, blocks, shapes and braille of
// narrowRunes. Anything else (a combining mark, an emoji, a wide letter,
// another escape) is left to lipgloss.Width, which reads grapheme
// clusters: a frame at 160x48 measures its lines many times over, and
// that reading was a quarter of a class server's CPU.
func Width(s string) int {
	widest, n := 0, 0
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\n':
			widest, n = max(widest, n), 0
			i++
		case c == 0x1b:
			if i+1 >= len(s) || s[i+1] != '[' {
				return lipgloss.Width(s)
			}
			j := i + 2
			for j < len(s) && (s[j] < 0x40 || s[j] > 0x7e) {
				j++
			}
			i = j + 1
		case c < 0x20 || c == 0x7f:
			return lipgloss.Width(s)
		case c < utf8.RuneSelf:
			n++
			i++
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if !narrow(r) {
				return lipgloss.Width(s)
			}
			n++
			i += size
		}
	}
	return max(widest, n)
}

// narrowRunes are ranges of characters that take one cell each and never
// join a neighbour into one grapheme (TestNarrowRunesAreOneCellEach holds
// every one of them to lipgloss.Width).
var narrowRunes = [][2]rune{
	{0x00A1, 0x00AC}, {0x00AE, 0x02FF}, // Latin-1 and Latin Extended, not the soft hyphen
	{0x0370, 0x0377}, {0x037A, 0x037F}, {0x0384, 0x038A}, {0x038C, 0x038C}, {0x038E, 0x03A1}, {0x03A3, 0x03FF}, // Greek
	{0x2010, 0x2027}, {0x2030, 0x205E}, // punctuation: dashes, quotes, the ellipsis, the middle dot's kin
	{0x2070, 0x2071}, {0x2074, 0x208E}, {0x20A0, 0x20C0}, // super- and subscripts, currency
	{0x2190, 0x21FF}, {0x2200, 0x22FF}, // arrows, mathematical operators
	{0x2500, 0x25FC}, // box drawing, blocks, geometric shapes
	{0x2800, 0x28FF}, // braille
}

func narrow(r rune) bool {
	for _, span := range narrowRunes {
		if r < span[0] {
			return false
		}
		if r <= span[1] {
			return true
		}
	}
	return false
}
