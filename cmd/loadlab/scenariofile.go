package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/bins"
)

// scenarioFile is what a user-written scenario file (TOML or JSON) holds:
// an optional built-in scenario to start from, the engine, and the fields
// to change. Fields it does not name keep the base scenario's values.
type scenarioFile struct {
	Base   string          `json:"base" toml:"base"`
	Engine string          `json:"engine" toml:"engine"`
	Bins   *bins.Spec      `json:"bins" toml:"bins"`
	Enum   *bins.ExactSpec `json:"enum" toml:"enum"`
}

// loadScenarioFile reads path and returns the scenario it describes. Every
// problem is a usage error naming the file and the field.
func loadScenarioFile(path string) (scenarios.Scenario, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return scenarios.Scenario{}, usagef("--scenario-file: %v", err)
	}
	var head scenarioFile
	isTOML := strings.EqualFold(filepath.Ext(path), ".toml")
	if err := decodeScenario(raw, isTOML, &head); err != nil {
		return scenarios.Scenario{}, usagef("--scenario-file %s: %v", path, err)
	}
	sc := scenarios.Scenario{Name: filepath.Base(path), Title: "scenario file " + filepath.Base(path),
		Engine: scenarios.Bins, Bins: bins.DefaultSpec(), Enum: bins.DefaultExactSpec()}
	switch head.Engine {
	case "", string(scenarios.Bins):
	case string(scenarios.Enum):
		sc.Engine = scenarios.Enum
	default:
		return sc, usagef("--scenario-file %s: engine must be bins or enum, got %q", path, head.Engine)
	}
	if head.Base != "" {
		base, ok := scenarios.Lookup(head.Base)
		if !ok {
			return sc, usagef("--scenario-file %s: base %q is not a scenario (see loadlab list)", path, head.Base)
		}
		sc = base
		sc.Name = filepath.Base(path)
	}
	if head.Engine != "" && head.Engine != string(sc.Engine) {
		return sc, usagef("--scenario-file %s: engine must be %q, got %q", path, sc.Engine, head.Engine)
	}
	// Decode again over the base values so that absent fields keep them.
	overlay := scenarioFile{Bins: &sc.Bins, Enum: &sc.Enum}
	if err := decodeScenario(raw, isTOML, &overlay); err != nil {
		return sc, usagef("--scenario-file %s: %v", path, err)
	}
	if sc.Engine == scenarios.Enum {
		err = sc.Enum.Validate()
	} else {
		_, err = sc.Bins.Config()
	}
	if err != nil {
		field := string(sc.Engine) + "."
		return sc, usagef("--scenario-file %s: %v", path, strings.ReplaceAll(err.Error(), "--", field))
	}
	return sc, nil
}

func decodeScenario(raw []byte, isTOML bool, into *scenarioFile) error {
	if isTOML {
		md, err := toml.Decode(string(raw), into)
		if err != nil {
			return err
		}
		if extra := md.Undecoded(); len(extra) > 0 {
			return fmt.Errorf("unknown field %q", extra[0].String())
		}
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(into); err != nil {
		return fmt.Errorf("%v", strings.TrimPrefix(err.Error(), "json: "))
	}
	return nil
}
