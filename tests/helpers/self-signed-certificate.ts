import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A private key and its certificate, both PEM. */
export interface SelfSigned {
  key: string;
  cert: string;
}

export interface CertificateOptions {
  commonName: string;
  /** EC P-256 (a TLS server's) or RSA 2048 (what SAML IdPs sign with). Default: ec. */
  keyType?: 'ec' | 'rsa';
  /** subjectAltName entries, e.g. ['IP:127.0.0.1', 'DNS:localhost']: what a TLS client checks the host against. */
  altNames?: string[];
}

/**
 * A throwaway self-signed certificate, valid two days, made with Debian's openssl as an
 * administrator would make one (node:crypto makes keys, not X.509 certificates). Self-signed,
 * it is also its own CA: a client trusts it by naming it as one.
 */
export function selfSignedCertificate({ commonName, keyType = 'ec', altNames = [] }: CertificateOptions): SelfSigned {
  const dir = mkdtempSync(path.join(tmpdir(), 'hub-cert-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  const newKey =
    keyType === 'rsa' ? ['-newkey', 'rsa:2048'] : ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'];
  try {
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', ...newKey, '-nodes', '-sha256', '-days', '2', '-subj', `/CN=${commonName}`],
        ...(altNames.length > 0 ? ['-addext', `subjectAltName=${altNames.join(',')}`] : []),
        ...['-keyout', keyFile, '-out', certFile],
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The certificate a server on 127.0.0.1 presents: the name a client connecting to that address checks. */
export const loopbackCertificate = (commonName = '127.0.0.1'): SelfSigned =>
  selfSignedCertificate({ commonName, altNames: ['IP:127.0.0.1', 'DNS:localhost'] });
