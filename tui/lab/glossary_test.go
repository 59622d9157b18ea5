package lab

import (
	"slices"
	"testing"
)

func TestGlossary(t *testing.T) {
	got := Glossary("hit ratio: the share of reads found valid: near 100%\n\nback, fix to back: when reads are served again\n")
	want := [][2]string{{"hit ratio", "the share of reads found valid: near 100%"}, {"back, fix to back", "when reads are served again"}}
	if !slices.Equal(got, want) {
		t.Errorf("Glossary = %q, want %q", got, want)
	}
}
