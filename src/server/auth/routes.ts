import type { FastifyInstance } from 'fastify';
import type { Hub } from '../hub';

/** POST /api/auth/sign-up, sign-in, sign-out, GET /api/auth/session, email verification (accounts). */
export async function authRoutes(_app: FastifyInstance, _opts: { hub: Hub }) {}
