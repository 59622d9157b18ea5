package engine

import "fmt"

// ParseName is the value whose name is s, names listing them in value
// order: the parse of the engines' named enumerations.
func ParseName[T ~int](names []string, s string) (T, error) {
	for i, n := range names {
		if n == s {
			return T(i), nil
		}
	}
	return 0, fmt.Errorf("unknown name %q", s)
}
