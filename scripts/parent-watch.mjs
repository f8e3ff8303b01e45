// `kill <npm pid>` reaches npm, which passes the signal to the `sh -c` running our script; sh dies without
// passing it on, and the script is left running with a new parent. Noticing the new parent is how a script
// started by npm learns that whoever started it is gone.

/** Calls `onGone` once when this process's parent changes (checked every second, never keeping us alive). */
export function whenParentExits(onGone) {
  const parentPid = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parentPid) return;
    clearInterval(timer);
    onGone();
  }, 1000);
  timer.unref();
}
