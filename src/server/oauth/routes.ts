import type { FastifyInstance } from 'fastify';
import type { Hub } from '../hub';

/** /.well-known/openid-configuration and /oauth/* (OAuth provider). */
export async function oauthRoutes(_app: FastifyInstance, _opts: { hub: Hub }) {}
