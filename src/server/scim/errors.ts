/**
 * SCIM errors (RFC 7644 §3.12): what the SCIM room throws and its one handler (scim/routes.ts)
 * renders as `{schemas: [Error], status: "<code>", scimType?, detail}` in application/scim+json.
 * scimmy's own SCIMError (filter and PatchOp failures) is rendered the same way.
 */
export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

export type ScimType =
  | 'invalidFilter'
  | 'tooMany'
  | 'uniqueness'
  | 'mutability'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget'
  | 'invalidValue'
  | 'invalidVers'
  | 'sensitive';

export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly scimType: ScimType | null,
    detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'ScimError';
  }
}

export const scimNotFound = (what = 'Resource') => new ScimError(404, null, `${what} not found.`);

export function scimErrorBody(status: number, scimType: string | null, detail: string) {
  return { schemas: [SCIM_ERROR_SCHEMA], status: String(status), ...(scimType ? { scimType } : {}), detail };
}
