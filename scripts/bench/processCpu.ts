/**
 * The CPU time (user + system, every thread) of the processes of one process group, from Linux's
 * `/proc/<pid>/stat`: what a server costs per request whatever else runs on the machine (a latency
 * figure depends on the load; this one does not). Resolution: one clock tick (10 ms here), so read
 * it over many requests. Null where `/proc` is not there (not Linux).
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of `/proc`'s times (`getconf CLK_TCK`: 100 on Linux). */
const TICKS_PER_S = 100;

/** utime + stime of `pid` in ticks and its process group, or null when it is gone. */
function statOf(pid: string): { group: number; ticks: number } | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) is in parentheses and may hold spaces: split after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { group: Number(fields[2]), ticks: Number(fields[11]) + Number(fields[12]) };
}

/** The CPU milliseconds used so far by the live processes of process group `group`. */
export function processGroupCpuMs(group: number): number | null {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  let ticks = 0;
  for (const pid of pids) {
    const stat = statOf(pid);
    if (stat !== null && stat.group === group) ticks += stat.ticks;
  }
  return (ticks * 1000) / TICKS_PER_S;
}

/** The CPU milliseconds used so far by the live processes `pids` (gone ones count 0). */
export function processesCpuMs(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) ticks += statOf(String(pid))?.ticks ?? 0;
  return (ticks * 1000) / TICKS_PER_S;
}
