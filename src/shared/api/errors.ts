import { z } from 'zod';

/**
 * The hub's JSON API error: `{"error": {"code", "message", …}}` (DESIGN §5). Some refusals add
 * fields a client acts on (`field`, `attempts_remaining`, `reasons`, `retry_after_minutes`).
 */
export const apiErrorSchema = z
  .object({
    error: z.looseObject({
      code: z.string().describe('snake_case error code, stable for clients'),
      message: z.string().describe('human-readable text, safe to show'),
      field: z.string().optional().describe('the first input field that was refused'),
    }),
  })
  .describe('Error');

/** RFC 6749 §5.2 error body, used by every /oauth/* endpoint. */
export const oauthErrorSchema = z
  .object({
    error: z.string().describe('RFC 6749 / OIDC error code'),
    error_description: z.string().optional(),
  })
  .describe('OAuth error');
