import { z } from 'zod';

/**
 * One field a request's schema refused: its path (`email_domains.0`, `app_url`), zod's issue code
 * (`too_small`, `invalid_format`, …) and the bound or format involved. Programs read these; the web
 * turns them into words beside its fields (src/web/lib/form-errors.ts).
 */
const validationIssueSchema = z.object({
  field: z.string().describe('dotted path of the refused value'),
  code: z.string().describe('zod issue code'),
  message: z.string().describe("the schema's own words, for programs"),
  minimum: z.union([z.number(), z.string()]).optional(),
  maximum: z.union([z.number(), z.string()]).optional(),
  format: z.string().optional().describe('the expected format (url, email, regex, …) for invalid_format'),
  origin: z.string().optional().describe('what the bound applies to (string, array, number)'),
});
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

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
      issues: z
        .array(validationIssueSchema)
        .optional()
        .describe('every field the request schema refused (400 invalid_request), in order'),
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
