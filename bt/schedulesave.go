package bt

import (
	"encoding/binary"
	"fmt"
	"math"
	"time"
)

// An agent's schedule in the binary form (see save.go): a mask of the
// fields that are not zero, then those, in the order of the bits.
const (
	schedEvery uint64 = 1 << iota
	schedWait
	schedSkipped
	schedAlarm
	schedDeferred
	schedWork
	schedPeak
	schedAsleep
	schedNews
	schedAll = schedNews<<1 - 1
)

// appendSchedule appends schedule sc in the binary form.
func appendSchedule(b []byte, sc *schedule) []byte {
	var mask uint64
	for bit, set := range [...]bool{sc.every != 0, sc.wait != 0, sc.skipped != 0, sc.alarm != 0,
		sc.deferred != 0, sc.work != 0, sc.peak != 0, sc.asleep, sc.news} {
		if set {
			mask |= 1 << bit
		}
	}
	b = binary.AppendUvarint(b, mask)
	for _, f := range [...]struct {
		bit uint64
		v   uint64
	}{{schedEvery, uint64(sc.every)}, {schedWait, uint64(sc.wait)}, {schedSkipped, uint64(sc.skipped)},
		{schedAlarm, uint64(sc.alarm)}, {schedDeferred, uint64(sc.deferred)}, {schedWork, uint64(sc.work)},
		{schedPeak, uint64(sc.peak)}} {
		if mask&f.bit != 0 {
			b = binary.AppendUvarint(b, f.v)
		}
	}
	return b
}

// schedule reads an agent's schedule in the binary form; check judges it.
func (r *byteReader) schedule() schedule {
	var sc schedule
	mask := r.uvarint("the schedule")
	if mask&^schedAll != 0 && r.err == nil {
		r.err = fmt.Errorf("%w: the schedule holds what no agent has (%#x)", ErrState, mask)
		return sc
	}
	field := func(bit uint64, what string, most uint64) uint64 {
		if mask&bit == 0 {
			return 0
		}
		v := r.uvarint(what)
		switch {
		case r.err != nil:
		case v == 0: // a save marks only what is not zero: this one would save otherwise
			r.err = fmt.Errorf("%w: the schedule marks its %s as held, at 0", ErrState, what)
		case v > most:
			r.err = fmt.Errorf("%w: the schedule's %s of %d", ErrState, what, v)
		}
		return min(v, most)
	}
	sc.every = uint32(field(schedEvery, "rate", math.MaxUint32))
	sc.wait = uint32(field(schedWait, "wait", math.MaxUint32))
	sc.skipped = time.Duration(field(schedSkipped, "time skipped", math.MaxInt64))
	sc.alarm = time.Duration(field(schedAlarm, "alarm", math.MaxInt64))
	sc.deferred = uint32(field(schedDeferred, "frames deferred", math.MaxUint32))
	sc.work = uint32(field(schedWork, "work", math.MaxUint32))
	sc.peak = uint32(field(schedPeak, "peak work", math.MaxUint32))
	sc.asleep, sc.news = mask&schedAsleep != 0, mask&schedNews != 0
	return sc
}

// check says what makes a schedule one no agent has, if anything.
func (sc *schedule) check() string {
	switch {
	case sc.every > maxRate || sc.every == 1: // (a rate of 1 is saved as none)
		return fmt.Sprintf("a rate of %d frames", sc.every)
	case sc.wait >= max(sc.every, 1):
		return fmt.Sprintf("a wait of %d frames at a rate of %d", sc.wait, max(sc.every, 1))
	case sc.skipped < 0 || sc.alarm < 0:
		return "a negative time"
	case sc.alarm != 0 && !sc.asleep:
		return "an alarm while awake"
	case sc.peak < sc.work:
		return fmt.Sprintf("a peak of work (%d) below its last (%d)", sc.peak, sc.work)
	}
	return ""
}

// appendScheduleJSON appends the schedule's members that are not zero, as
// a "schedule" member; nothing when all are.
func appendScheduleJSON(b []byte, sc *schedule) []byte {
	if *sc == (schedule{}) {
		return b
	}
	b = append(b, `,"schedule":{`...)
	n := len(b)
	member := func(format string, args ...any) {
		if len(b) > n {
			b = append(b, ',')
		}
		b = fmt.Appendf(b, format, args...)
	}
	if sc.every != 0 {
		member(`"rate":%d`, sc.every)
	}
	if sc.wait != 0 {
		member(`"wait":%d`, sc.wait)
	}
	if sc.skipped != 0 {
		member(`"skipped":%q`, sc.skipped.String())
	}
	if sc.asleep {
		member(`"asleep":true`)
	}
	if sc.alarm != 0 {
		member(`"alarm":%q`, sc.alarm.String())
	}
	if sc.news {
		member(`"news":true`)
	}
	if sc.deferred != 0 {
		member(`"deferred":%d`, sc.deferred)
	}
	if sc.work != 0 {
		member(`"work":%d`, sc.work)
	}
	if sc.peak != 0 {
		member(`"peak":%d`, sc.peak)
	}
	return append(b, '}')
}

// A jsonSchedule is an agent's schedule in the JSON form, as read.
type jsonSchedule struct {
	Rate     uint32 `json:"rate"`
	Wait     uint32 `json:"wait"`
	Skipped  string `json:"skipped"`
	Asleep   bool   `json:"asleep"`
	Alarm    string `json:"alarm"`
	News     bool   `json:"news"`
	Deferred uint32 `json:"deferred"`
	Work     uint32 `json:"work"`
	Peak     uint32 `json:"peak"`
}

// read reads a schedule of the JSON form; check judges it.
func (js *jsonSchedule) read() (schedule, error) {
	sc := schedule{every: js.Rate, wait: js.Wait, asleep: js.Asleep, news: js.News, deferred: js.Deferred,
		work: js.Work, peak: js.Peak}
	for _, f := range []struct {
		what string
		s    string
		d    *time.Duration
	}{{"skipped", js.Skipped, &sc.skipped}, {"alarm", js.Alarm, &sc.alarm}} {
		if f.s == "" {
			continue
		}
		d, err := time.ParseDuration(f.s)
		if err != nil {
			return sc, fmt.Errorf("%s %q: not a duration", f.what, f.s)
		}
		*f.d = d
	}
	return sc, nil
}
