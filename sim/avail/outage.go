package avail

// YearAvailability is the availability of a year with downHours of
// downtime in it, and none besides: 1 - downHours / 8760, at least 0. One
// outage is a year's figure (§26.2.9, The Planet 2008: three days down is
// 99.18 % for the year), whatever the MTTF and MTTR behind it.
func YearAvailability(downHours float64) float64 {
	return min(1, max(0, 1-downHours/HoursPerYear))
}

// Outage is one outage of a year set against the availability a customer
// bought: what is left of the year, and how many years of the downtime the
// target allows it spends.
type Outage struct {
	Hours        float64 `json:"hours"`
	Availability float64 `json:"year_availability"`
	Nines        float64 `json:"nines"`
	Target       float64 `json:"target"`
	// BudgetH is the downtime a year the target allows; Budgets is the
	// outage over it: 8.2 for three days against 99.9 %.
	BudgetH float64 `json:"budget_h"`
	Budgets float64 `json:"budgets"`
}

// OneOutage is an outage of hours in a year against target.
func OneOutage(hours, target float64) Outage {
	a := YearAvailability(hours)
	budget := TargetDowntimeHoursPerYear(target)
	return Outage{Hours: hours, Availability: a, Nines: Nines(a), Target: target, BudgetH: budget, Budgets: hours / budget}
}
