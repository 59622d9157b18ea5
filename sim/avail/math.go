package avail

import "math"

// Hours in a year and in a month (a twelfth of the year).
const (
	HoursPerYear  = 365 * 24
	HoursPerMonth = HoursPerYear / 12.0
)

// Availability is MTTF / (MTTF + MTTR): the share of time up over many
// failure-repair cycles.
func Availability(mttf, mttr float64) float64 { return mttf / (mttf + mttr) }

// DowntimeHoursPerYear is the downtime availability a allows in a year.
func DowntimeHoursPerYear(a float64) float64 { return (1 - a) * HoursPerYear }

// TargetDowntimeHoursPerYear is the downtime a year a target written in
// decimal (0.999) allows, to the nearest 1e-9 h so that it prints as a
// decimal too: 8.76 h, not 8.760000000000009.
func TargetDowntimeHoursPerYear(target float64) float64 {
	return math.Round((1-target)*HoursPerYear*1e9) / 1e9
}

// DowntimeHoursPerMonth is the downtime availability a allows in a month.
func DowntimeHoursPerMonth(a float64) float64 { return DowntimeHoursPerYear(a) / 12 }

// MTTRForTarget is the longest repair that keeps availability at target
// with the given MTTF.
func MTTRForTarget(mttf, target float64) float64 { return mttf * (1 - target) / target }

// MTTFForTarget is the shortest MTTF that reaches target with the given
// repair time.
func MTTFForTarget(mttr, target float64) float64 { return mttr * target / (1 - target) }

// Nines is -log10(1 - a): 3 for 99.9 %; 0 (never -0) for a = 0, at most
// 12.
func Nines(a float64) float64 { return max(0, -math.Log10(max(1e-12, 1-a))) }

// SystemMTTF is the time between failures of n machines that each fail
// every unit hours on average: unit / n.
func SystemMTTF(unit float64, n int) float64 { return unit / float64(n) }
