module github.com/foresight-bt/foresight

go 1.24

require github.com/google/go-cmp v0.7.0

require pgregory.net/rapid v1.3.0
