// Package sysmem reads how much memory this process may have, for the
// limits a run is held to.
package sysmem

import (
	"bufio"
	"math"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// fallback is assumed where /proc/meminfo cannot be read.
const fallback = 8e9

// AddressReserve is the address space a Go process maps beyond its heap
// (its binary, stacks, the runtime's reservations: loadlab maps 1.7 GB
// holding 50 MB): under an address-space cap (ulimit -v) it is not there
// for runs.
const AddressReserve = 2e9

// Total is the memory this process may have, in bytes: the machine's RAM
// (/proc/meminfo), or less where a cgroup's memory.max or an
// address-space cap (RLIMIT_AS, less AddressReserve) says less, since a
// run counting on more would be killed by the machine, not refused by
// loadlab.
func Total() float64 {
	total := memTotal()
	if max, ok := cgroupMax(); ok {
		total = math.Min(total, max)
	}
	var r syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_AS, &r) == nil && r.Cur < math.MaxInt64 {
		total = math.Min(total, math.Max(float64(r.Cur)-AddressReserve, float64(r.Cur)/4))
	}
	return total
}

// memTotal is the machine's RAM, from /proc/meminfo.
func memTotal() float64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return fallback
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) >= 2 && fields[0] == "MemTotal:" {
			if kb, err := strconv.ParseFloat(fields[1], 64); err == nil && kb > 0 {
				return kb * 1024
			}
		}
	}
	return fallback
}

// cgroupMax is the cgroup v2 memory limit of this process, if it has one.
func cgroupMax() (float64, bool) {
	b, err := os.ReadFile("/sys/fs/cgroup/memory.max")
	if err != nil {
		return 0, false
	}
	x, err := strconv.ParseFloat(strings.TrimSpace(string(b)), 64) // "max" where there is none
	return x, err == nil && x > 0
}
