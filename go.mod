module github.com/loadlab/loadlab

go 1.26.8
