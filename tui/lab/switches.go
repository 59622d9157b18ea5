package lab

import (
	"fmt"

	"github.com/loadlab/loadlab/sim/engine"
)

// SwitchTitle says what a run started as and the switches made since,
// short enough for a title however many there are: "S1, then breaker on
// from 17.73 s", or "S1, then 5 switches, the latest breaker on from
// 20.00 s". when writes a switch's time as the lab's clock does.
func SwitchTitle(start string, list []engine.Switch, when func(at float64) string) string {
	said := func(sw engine.Switch) string { return fmt.Sprintf("%s %s from %s", sw.Name, sw.Value, when(sw.At)) }
	switch len(list) {
	case 0:
		return start
	case 1:
		return start + ", then " + said(list[0])
	case 2:
		return start + ", then " + said(list[0]) + ", then " + said(list[1])
	}
	return fmt.Sprintf("%s, then %d switches, the latest %s", start, len(list), said(list[len(list)-1]))
}
