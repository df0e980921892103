module github.com/foresight-bt/foresight/bench

go 1.25.6

require (
	github.com/foresight-bt/foresight v0.0.0
	github.com/joeycumines/go-behaviortree v1.11.0
	github.com/qmuntal/stateless v1.7.2
)

require github.com/joeycumines/go-bigbuff v1.21.0 // indirect

replace github.com/foresight-bt/foresight => ../
