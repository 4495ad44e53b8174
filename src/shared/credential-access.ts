/** Credential access rules of spec §5 and §9, shared by the server's checks and the forms. */
export const CREDENTIAL_TYPES = ['api_key', 'webhook_secret'] as const;
/** Time limit in minutes: 5 to 120, default 30. */
export const TIME_LIMIT = { min: 5, max: 120, default: 30 } as const;
/** Minimum length of the trimmed justification on the Security Audit tab. */
export const JUSTIFICATION_MIN = 15;
