package supermarketlab

import (
	_ "embed"

	"github.com/loadlab/loadlab/tui/lab"
)

// glossary is the lab's words (glossary.txt: a line a term, "term: what
// it means").
//
//go:embed glossary.txt
var glossaryText string

var glossary = lab.Glossary(glossaryText)
