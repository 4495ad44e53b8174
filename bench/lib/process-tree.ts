/**
 * The processes of one process group, from /proc (Linux): who they are, who started them and how
 * much memory they hold. A process group outlives the parent-child links (an orphan keeps its
 * group), so a build helper left running by a process that exited is still found here.
 */
import { readdirSync, readFileSync } from 'node:fs';

export interface ProcessInfo {
  pid: number;
  ppid: number;
  pgrp: number;
  /** The command line, arguments joined by spaces. */
  command: string;
  /** VmRSS and VmHWM (its peak so far) in MB. */
  rss: number;
  peak: number;
}

function readProcess(pid: number): ProcessInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const mb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0) / 1024;
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
    return { pid, ppid: Number(fields[1]), pgrp: Number(fields[2]), command, rss: mb('VmRSS'), peak: mb('VmHWM') };
  } catch {
    // Gone between the listing and the read (or a zombie without memory): not there.
    return undefined;
  }
}

/** Every live process whose process group is `pgrp`. */
export function listProcessGroup(pgrp: number): ProcessInfo[] {
  const found: ProcessInfo[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const info = readProcess(Number(entry));
    if (info && info.pgrp === pgrp && info.command) found.push(info);
  }
  return found;
}

/** `root` and all its descendants among `processes`. */
export function selectTree(processes: ProcessInfo[], root: number): ProcessInfo[] {
  const tree = processes.filter((p) => p.pid === root);
  for (let i = 0; i < tree.length; i++) tree.push(...processes.filter((p) => p.ppid === tree[i].pid));
  return tree;
}

export const sumRss = (processes: ProcessInfo[]) => processes.reduce((n, p) => n + p.rss, 0);
