module github.com/loadlab/loadlab

go 1.26.8

require (
	github.com/BurntSushi/toml v1.6.0 // indirect
	github.com/charmbracelet/x/term v0.2.2 // indirect
	golang.org/x/sys v0.36.0 // indirect
)
