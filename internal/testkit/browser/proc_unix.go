//go:build unix

package browser

import (
	"os/exec"
	"syscall"
)

// ownGroup starts cmd in a process group of its own, so that Close stops
// the processes it starts too (Chromium's renderers and helpers).
func ownGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

// killGroup kills cmd's process group.
func killGroup(cmd *exec.Cmd) {
	if err := syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL); err != nil {
		cmd.Process.Kill()
	}
}
