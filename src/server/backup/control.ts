/**
 * How `npm run hub -- backup` reaches a running embedded hub: the data directory belongs to one
 * process (db/data-dir-lock.ts), so the CLI cannot open it and asks the process that has it over a
 * Unix socket inside the data directory. The socket is the owner's only (mode 0600, in a directory
 * that already holds the master key): whoever may connect could read the files anyway.
 */
import { chmodSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Hub } from '../hub';
import { takeBackup } from './dump';
import { connectLocalSocket } from '../net/local-socket';

export function backupSocketPath(dataDir: string): string {
  return path.resolve(dataDir, 'backup.sock');
}

/** Serves backup requests on the socket while the hub runs; returns the function that stops it. */
export async function serveBackupRequests(hub: Hub, log: (message: string) => void): Promise<() => Promise<void>> {
  const socketPath = backupSocketPath(hub.config.dataDir);
  // A socket left by a crash: this process holds the data directory's lock, so it is nobody's.
  rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => {
    socket.once('data', (request) => {
      if (request.toString('utf8').trim() !== 'backup') return void socket.end(`${JSON.stringify({ ok: false })}\n`);
      takeBackup(hub.database, hub.clock).then(
        (bytes) => {
          socket.write(`${JSON.stringify({ ok: true, bytes: bytes.length })}\n`);
          socket.end(bytes);
        },
        (e: unknown) => {
          log(`backup requested over ${socketPath} failed: ${e instanceof Error ? e.message : String(e)}`);
          socket.end(`${JSON.stringify({ ok: false, error: 'the backup failed; see the hub log' })}\n`);
        },
      );
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Asks the hub running on `dataDir` for a backup; resolves with its bytes. */
export function requestBackup(dataDir: string): Promise<Buffer> {
  const socketPath = backupSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connectLocalSocket(socketPath, () => socket.write('backup\n'));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (e) =>
      reject(new Error(`The running hub did not answer on ${socketPath} (${(e as NodeJS.ErrnoException).code})`)),
    );
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(0x0a);
      const header = JSON.parse(all.subarray(0, newline).toString('utf8')) as {
        ok: boolean;
        bytes?: number;
        error?: string;
      };
      const body = all.subarray(newline + 1);
      if (!header.ok) return reject(new Error(`The running hub refused the backup: ${header.error ?? 'bad request'}`));
      if (body.length !== header.bytes) return reject(new Error('The running hub closed the connection mid-backup'));
      resolve(body);
    });
  });
}
