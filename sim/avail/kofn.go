package avail

import "math"

// KOfN is the availability of a service that needs k of its n replicas up,
// each up a share a of the time. A share rho of each replica's downtime
// comes from a cause that takes every replica down at once (a shared bug, a
// config push); the rest strikes each replica on its own. rho = 0 is the
// independent case, where replication multiplies the nines; rho = 1 is the
// fully correlated case, where n replicas are no better than one.
func KOfN(k, n int, a, rho float64) float64 {
	u := 1 - a
	common := rho * u // all down together
	if common >= 1 {
		return 0
	}
	own := (u - common) / (1 - common) // a replica's own chance of being down
	up := 0.0
	for i := k; i <= n; i++ {
		up += binomial(n, i) * math.Pow(1-own, float64(i)) * math.Pow(own, float64(n-i))
	}
	return (1 - common) * up
}

func binomial(n, k int) float64 {
	r := 1.0
	for i := 1; i <= k; i++ {
		r = r * float64(n-k+i) / float64(i)
	}
	return r
}
