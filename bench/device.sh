#!/usr/bin/env bash
# device.sh measures the README's performance figures on a machine of many
# cores from binaries built beforehand, so that the machine needs no Go and
# no network, and writes what it measured to $OUT (five files).
#
# On a machine with Go, from the repository's root:
#
#	bench/device.sh build     # CGO_ENABLED=0 binaries in bench/bin
#
# then, on the machine to measure (bench/bin travels with the tree):
#
#	OUT=/some/dir bench/device.sh run
#
# It takes about three minutes on 16 cores and needs some 4 GB of memory
# (100,000 Jedi hold 0.9 GB, and the budget's comparison holds two sets). Every comparison is made in one run,
# in rotating batches, and every figure is a median (see bench's Race and
# the crowd command's doc).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=bench/bin

case "${1:-}" in
build)
	mkdir -p "$bin"
	export CGO_ENABLED=0
	(cd bench && go build -o bin/crowd ./crowd && go test -c -o bin/bench.test .)
	go test -c -o "$bin/jedi.test" ./jedi
	ls -l "$bin"
	;;
run)
	out=${OUT:?set OUT to the folder to write to}
	mkdir -p "$out"
	{
		date -u
		uname -a
		nproc
		grep -m1 'model name' /proc/cpuinfo || true
		free -g || true
	} >"$out/machine.txt" 2>&1
	# The peers: four shapes, four contenders, 300 rounds, five times.
	"$bin/bench.test" -test.run '^$' -test.bench Versus -test.benchtime 300x -test.count 5 \
		>"$out/versus.txt" 2>&1
	# One Jedi decision, five times.
	"$bin/jedi.test" -test.run '^$' -test.bench 'Decide$' -test.benchmem -test.count 5 \
		>"$out/decide.txt" 2>&1
	# The crowd: the speed-up from 1 to 16 workers at 10,000 Jedi, then
	# 100,000 Jedi planning every tick and every 100 ms.
	{
		"$bin/crowd" -agents 10000 -workers 1,2,4,8,16 -rounds 8 -frames 10
		echo
		"$bin/crowd" -agents 100000 -workers 1,8,16 -rounds 6 -frames 10
		echo
		"$bin/crowd" -agents 100000 -workers 16 -rounds 6 -frames 10 -replan 100ms
	} >"$out/crowd.txt" 2>&1
	# Frames that keep to a budget while every Jedi is alerted at once,
	# beside frames without one; a million guards at per-agent rates.
	{
		"$bin/crowd" -agents 100000 -workers 16 -replan 250ms -budget 12ms -measure 600
		echo
		"$bin/crowd" -guards 1000000 -workers 16 -measure 600
	} >"$out/frame.txt" 2>&1
	;;
*)
	echo "usage: bench/device.sh build|run" >&2
	exit 2
	;;
esac
