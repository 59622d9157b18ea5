package lab

import (
	"fmt"

	"github.com/loadlab/loadlab/sim/engine"
)

// SpecOf is the spec a lab's New was handed as the lab's own spec type S,
// or an error naming the engine the lab opens: the registry hands each lab
// its engine's specs, so this refuses only a wiring mistake.
func SpecOf[S engine.Spec](s engine.Spec) (S, error) {
	spec, ok := s.(S)
	if !ok {
		return spec, fmt.Errorf("the %s lab cannot open a %T", spec.Engine(), s)
	}
	return spec, nil
}
