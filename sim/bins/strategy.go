package bins

import (
	"math"
	"strconv"
	"strings"

	"github.com/loadlab/loadlab/sim/engine"
)

// Kind is a placement rule.
type Kind int

// The placement rules. Each reads its candidates from the ball's candidate
// list (first, second, ...) and breaks ties towards the earliest candidate.
const (
	// One places the ball in its first candidate.
	One Kind = iota
	// Two places the ball in the lighter of first and second.
	Two
	// DChoice places the ball in the lightest of its first d candidates.
	DChoice
	// Correlated runs the two-choice rule on (first, first): the second
	// probe carries no new information.
	Correlated
	// Stale runs the two-choice rule on a snapshot of the loads that is
	// refreshed before ball i whenever i % Refresh == 0.
	Stale
	// Anti places the ball in the heavier of first and second.
	Anti
	// Left is Vöcking's always-go-left: the bins form d groups of g = n/d;
	// candidate j lands in group j at bin j*g + (c_j mod g); the lightest
	// wins and ties go to the leftmost group.
	Left
)

var kindNames = [...]string{"one", "two", "dchoice", "correlated", "stale", "anti", "left"}

// String returns the name used on the command line.
func (k Kind) String() string {
	if k < 0 || int(k) >= len(kindNames) {
		return "Kind(" + strconv.Itoa(int(k)) + ")"
	}
	return kindNames[k]
}

// KindNames lists every strategy name in the order of the Kind constants.
func KindNames() []string { return append([]string(nil), kindNames[:]...) }

// Strategy is a placement rule with its parameters.
type Strategy struct {
	// Name identifies the strategy in results: the text it was parsed from.
	Name string
	Kind Kind
	// D is the number of candidates for DChoice and Left; it is fixed at 1
	// for One and 2 for the two-choice rules.
	D int
	// Refresh is the snapshot interval of Stale, in balls.
	Refresh int
}

// Draws is how many candidates the strategy reads per ball, which is also
// how many it draws in a sequential stream.
func (s Strategy) Draws() int {
	switch s.Kind {
	case One, Correlated:
		return 1
	case DChoice, Left:
		return s.D
	default:
		return 2
	}
}

// ParseStrategies reads a comma-separated list such as
// "one,two,dchoice:3,stale:64". The number after a colon is d for dchoice
// and left and the refresh interval for stale; without it, defaultD and
// defaultRefresh apply. Names must be unique.
func ParseStrategies(list string, defaultD, defaultRefresh int) ([]Strategy, error) {
	var out []Strategy
	seen := map[string]bool{}
	if strings.TrimSpace(list) == "" {
		return nil, engine.Invalid("strategies", "must name at least one strategy (choose from %s)", strings.Join(kindNames[:], " "))
	}
	for _, tok := range strings.Split(list, ",") {
		tok = strings.ToLower(strings.TrimSpace(tok))
		if tok == "" {
			return nil, engine.Invalid("strategies", "has an empty item in %q", list)
		}
		s, err := parseStrategy(tok, defaultD, defaultRefresh)
		if err != nil {
			return nil, err
		}
		if seen[s.Name] {
			return nil, engine.Invalid("strategies", "lists %q twice", s.Name)
		}
		seen[s.Name] = true
		out = append(out, s)
	}
	if len(out) == 0 {
		return nil, engine.Invalid("strategies", "must name at least one strategy (choose from %s)", strings.Join(kindNames[:], " "))
	}
	return out, nil
}

func parseStrategy(tok string, defaultD, defaultRefresh int) (Strategy, error) {
	name, arg, hasArg := strings.Cut(tok, ":")
	kind := Kind(-1)
	for i, k := range kindNames {
		if k == name {
			kind = Kind(i)
		}
	}
	if kind < 0 {
		return Strategy{}, engine.Invalid("strategies", "names an unknown strategy %q (choose from %s)", name, strings.Join(kindNames[:], " "))
	}
	s := Strategy{Name: tok, Kind: kind, D: defaultD, Refresh: defaultRefresh}
	switch kind {
	case One, Correlated:
		s.D = 1
	case Two, Anti, Stale:
		s.D = 2
	}
	if !hasArg {
		return s, nil
	}
	v, err := strconv.ParseInt(arg, 10, 32)
	if err != nil || v < 1 || strings.HasPrefix(arg, "+") {
		return Strategy{}, engine.Invalid("strategies", "has %q: the number after ':' must be a whole number in 1..%d", tok, math.MaxInt32)
	}
	s.Name = name + ":" + strconv.FormatInt(v, 10) // dchoice:02 is dchoice:2
	switch kind {
	case DChoice, Left:
		s.D = int(v)
	case Stale:
		s.Refresh = int(v)
	default:
		return Strategy{}, engine.Invalid("strategies", "has %q, which takes no parameter (only dchoice:D, left:D and stale:R do)", tok)
	}
	return s, nil
}
