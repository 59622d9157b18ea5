package main

func runTUI(name string) error { return usagef("the TUI is not built yet") }
