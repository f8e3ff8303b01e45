// CPU time of processes, read from /proc (Linux), for benchmarks that report what each process used.
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's utime and stime on Linux. */
const TICKS_PER_SECOND = 100;

/** The fields of /proc/<pid>/stat after the command name (state is [0], pgrp [2], utime [11], stime [12]). */
function statFields(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/**
 * CPU seconds (user + system) used so far by the live processes of the group `pgid`: a server started in a
 * group of its own, counted whole even when a launcher (tsx) runs it in a child process.
 */
export function groupCpuSeconds(pgid) {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = statFields(entry);
      if (Number(fields[2]) === pgid) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return ticks / TICKS_PER_SECOND;
}
