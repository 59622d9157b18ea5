package widget

// Log is a list of entries shown newest first in h lines of w cells, each
// entry wrapped at words and shown whole or not at all; older entries that
// do not fit are left out. entries are oldest first, as they happen.
func Log(st *Styles, w, h int, entries []string) []string {
	var lines []string
	for i := len(entries) - 1; i >= 0; i-- {
		wrapped := Wrap(entries[i], w)
		if len(lines)+len(wrapped) > h {
			break
		}
		for _, l := range wrapped {
			lines = append(lines, st.Text.Render(l))
		}
	}
	return lines
}
