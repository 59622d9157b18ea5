package lab

import "strings"

// Glossary reads a lab's glossary text, a line a term, "term: what it
// means" (blank lines skipped), into Info's form, term first. A line with
// no ": " is a mistake in the lab and panics when the lab's package loads.
func Glossary(text string) [][2]string {
	var out [][2]string
	for _, line := range strings.Split(text, "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		term, meaning, ok := strings.Cut(line, ": ")
		if !ok {
			panic("lab: a glossary line without \": \": " + line)
		}
		out = append(out, [2]string{term, meaning})
	}
	return out
}
