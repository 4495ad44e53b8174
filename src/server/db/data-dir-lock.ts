import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * An embedded database belongs to one process at a time: two PGlite instances writing the same
 * files corrupt them. The first process to open a directory writes `<dir>.lock` (its pid and,
 * where /proc tells it, its start time); another process — or a second open in the same one — is
 * refused while that process lives. A lock left by a process that has died, or whose pid now
 * belongs to another program (the start time differs), is taken over.
 */
export class DataDirInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number | null,
  ) {
    const who = pid === null ? 'another process' : `process ${pid}${pid === process.pid ? ' (this one)' : ''}`;
    super(
      `The embedded database in ${dir} is in use by ${who}. ` +
        'Stop that hub first, or use PostgreSQL (DATABASE_URL), which any number of processes may share.',
    );
    this.name = 'DataDirInUseError';
  }
}

interface Holder {
  pid: number;
  start: string | null;
}

/** The process's start time in clock ticks since boot (/proc/<pid>/stat field 22), or null off Linux. */
function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2 (the command) may hold spaces and parentheses: count from the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function readHolder(lockPath: string): Holder | null {
  try {
    const parsed = JSON.parse(readFileSync(lockPath, 'utf8')) as Partial<Holder>;
    if (!Number.isSafeInteger(parsed.pid) || (parsed.pid as number) <= 0) return null;
    return { pid: parsed.pid as number, start: typeof parsed.start === 'string' ? parsed.start : null };
  } catch {
    return null;
  }
}

function isAlive(holder: Holder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (e) {
    // EPERM: the process exists but belongs to another user.
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const start = startTimeOf(holder.pid);
  return holder.start === null || start === null || start === holder.start;
}

function isFresh(lockPath: string): boolean {
  try {
    return Date.now() - statSync(lockPath).mtimeMs < 10_000;
  } catch {
    return false;
  }
}

/** Claims `dir` for this process; returns the function that gives it back. */
export function claimDataDir(dir: string): () => void {
  const resolved = path.resolve(dir);
  const lockPath = `${resolved}.lock`;
  const mine: Holder = { pid: process.pid, start: startTimeOf(process.pid) };
  mkdirSync(path.dirname(lockPath), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(lockPath, JSON.stringify(mine), { flag: 'wx', mode: 0o600 });
      return () => {
        if (readHolder(lockPath)?.pid === process.pid) rmSync(lockPath, { force: true });
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const holder = readHolder(lockPath);
    if (holder && isAlive(holder)) throw new DataDirInUseError(resolved, holder.pid);
    // Unreadable and fresh: another process is writing it this instant.
    if (!holder && isFresh(lockPath)) throw new DataDirInUseError(resolved, null);
    // Stale (its process is gone) or unreadable and old (a crash mid-write): take it over.
    rmSync(lockPath, { force: true });
  }
  throw new DataDirInUseError(resolved, readHolder(lockPath)?.pid ?? null);
}
