import net from 'node:net';
import path from 'node:path';

/**
 * A connection to a Unix-domain socket of this machine (the running hub's backup control socket,
 * backup/control.ts): never a network address, so no outbound policy applies. The one door for it,
 * beside the outbound module's doors out, so that a socket opened outside net/ stays a finding.
 */
export function connectLocalSocket(socketPath: string, onConnect: () => void): net.Socket {
  if (!path.isAbsolute(socketPath)) throw new Error(`Not a local socket path: ${socketPath}`);
  return net.createConnection({ path: socketPath }, onConnect);
}
