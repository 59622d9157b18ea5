// Package sysmem reads how much memory this machine has, for the limits a
// run is held to.
package sysmem

import (
	"bufio"
	"os"
	"strconv"
	"strings"
)

// fallback is assumed where /proc/meminfo cannot be read.
const fallback = 8e9

// Total is the machine's RAM in bytes, from /proc/meminfo.
func Total() float64 {
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
