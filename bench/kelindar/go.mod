module github.com/foresight-bt/foresight/bench/kelindar

go 1.25.6

require (
	github.com/foresight-bt/foresight v0.0.0
	github.com/foresight-bt/foresight/bench v0.0.0
	github.com/kelindar/goap v0.0.0-20250628092429-5f6d4a92e1a9
)

replace (
	github.com/foresight-bt/foresight => ../../
	github.com/foresight-bt/foresight/bench => ../
)
