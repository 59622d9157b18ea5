package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/loadlab/loadlab/internal/gate"
	"github.com/loadlab/loadlab/internal/sysmem"
	"github.com/loadlab/loadlab/sim/engine"
)

// maxOutputBytes bounds a report (gate.MaxOutputBytes).
const maxOutputBytes = gate.MaxOutputBytes

// limits are what a run may cost (gate.Limits).
func limits(maxMemory float64) engine.Limits { return gate.Limits(maxMemory) }

// sizeValue is a --max-memory flag: bytes, or a number with KB, MB, GB or
// TB (powers of 1000); from 1 MB to the machine's memory, as a run that
// counts on more would be stopped by the machine, not by loadlab.
type sizeValue struct{ p *float64 }

// maxMemoryAccepts is what --max-memory takes, for the help and messages.
func maxMemoryAccepts() string {
	return fmt.Sprintf("a size from 1MB to the machine's memory (%s), such as 512MB or 4GB", engine.Size(sysmem.Total()))
}

func (v sizeValue) String() string {
	if v.p == nil || *v.p == 0 {
		return "half the machine's memory"
	}
	return engine.Size(*v.p)
}

func (v sizeValue) Set(s string) error {
	units := map[string]float64{"": 1, "B": 1, "KB": 1e3, "MB": 1e6, "GB": 1e9, "TB": 1e12}
	t := strings.ToUpper(strings.TrimSpace(s))
	i := strings.IndexFunc(t, func(r rune) bool { return (r < '0' || r > '9') && r != '.' })
	num, unit := t, ""
	if i >= 0 {
		num, unit = t[:i], strings.TrimSpace(t[i:])
	}
	x, err := strconv.ParseFloat(num, 64)
	mult, ok := units[unit]
	if err != nil || !ok || x*mult < 1e6 || x*mult > sysmem.Total() || math.IsInf(x*mult, 0) {
		return fmt.Errorf("parse error")
	}
	*v.p = x * mult
	return nil
}
