/** Fails `npm run check` when server code calls out without src/server/net/ (scripts/outbound-calls.ts). */
import path from 'node:path';
import { findOutboundCalls } from './outbound-calls';

const found = findOutboundCalls(path.resolve(import.meta.dirname, '..'));
if (found.length) {
  console.error(
    `Outbound calls outside src/server/net/ (use net/outbound-http.ts or net/outbound-tls.ts):\n${found.join('\n')}`,
  );
  process.exit(1);
}
console.log('No outbound call outside src/server/net/.');
