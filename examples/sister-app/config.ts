import { z } from 'zod';

/** What the sister app needs to know: where the hub is, who it is there, and where it lives itself. */
export interface SisterAppConfig {
  /** The hub's issuer URL (its HUB_PUBLIC_URL); everything else comes from its discovery document. */
  hubUrl: string;
  clientId: string;
  clientSecret: string;
  /** This app's public base URL: the redirect, post-logout and back-channel URIs hang off it. */
  appUrl: string;
  /** What to ask for at sign-in (default: `openid profile email offline_access`); add `organizations` for the claim. */
  scopes?: string;
}

const required = (message: string) => z.string({ error: message }).min(1, message);

const envSchema = z.object({
  HUB_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3000'),
  CLIENT_ID: required('is required (register the app in the hub first, see README.md)'),
  CLIENT_SECRET: required('is required (shown once when the client was registered)'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(1).max(65_535).default(4000),
  HOST: z.string().min(1).default('127.0.0.1'),
  APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  SCOPES: z.string().trim().min(1).optional(),
});

/** Reads the environment; a bad value stops the app with one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv): SisterAppConfig & { port: number; host: string } {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${issue.path.join('.')}: ${issue.message}`);
  }
  const e = parsed.data;
  return {
    hubUrl: e.HUB_URL.replace(/\/$/, ''),
    clientId: e.CLIENT_ID,
    clientSecret: e.CLIENT_SECRET,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    scopes: e.SCOPES,
    port: e.PORT,
    host: e.HOST,
  };
}
