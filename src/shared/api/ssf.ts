import { z } from 'zod';

/**
 * OpenID Shared Signals (SSF 1.0, CAEP 1.0, RISC 1.0; issue 30): the event types the hub
 * transmits and the contracts of the stream management API (server/events/ssf/routes.ts).
 */

const CAEP = 'https://schemas.openid.net/secevent/caep/event-type/';
const RISC = 'https://schemas.openid.net/secevent/risc/event-type/';

export const SSF_EVENTS = {
  sessionRevoked: `${CAEP}session-revoked`,
  credentialChange: `${CAEP}credential-change`,
  tokenClaimsChange: `${CAEP}token-claims-change`,
  assuranceLevelChange: `${CAEP}assurance-level-change`,
  accountDisabled: `${RISC}account-disabled`,
  accountEnabled: `${RISC}account-enabled`,
  accountPurged: `${RISC}account-purged`,
  credentialCompromise: `${RISC}credential-compromise`,
} as const;

export type SsfEventType = (typeof SSF_EVENTS)[keyof typeof SSF_EVENTS];
export const SSF_EVENT_TYPES = Object.values(SSF_EVENTS) as [SsfEventType, ...SsfEventType[]];

/** SSF §8.1.4: sent on request; never subscribed to, always delivered. */
export const SSF_VERIFICATION_EVENT = 'https://schemas.openid.net/secevent/ssf/event-type/verification';

/** RFC 8935 push delivery: the only method the hub transmits by. */
export const SSF_PUSH_METHOD = 'urn:ietf:rfc:8935';
export const SSF_MANAGE_SCOPE = 'ssf.manage';

/** CAEP credential types the hub's credentials are (a password, an authenticator app, a passkey). */
export const SSF_CREDENTIAL_TYPES = ['password', 'app', 'fido2-platform', 'fido2-roaming'] as const;

const streamId = z.uuid();
const httpUrl = z
  .string()
  .max(2000)
  .url()
  .refine((u) => /^https?:\/\//i.test(u), 'must be an http(s) URL');

/** RFC 9493 subjects the hub understands: its own `iss_sub`, and `email`. */
export const ssfSubjectSchema = z.discriminatedUnion('format', [
  z
    .object({ format: z.literal('iss_sub'), iss: z.string().min(1).max(2000), sub: z.string().min(1).max(255) })
    .strict(),
  z.object({ format: z.literal('email'), email: z.email().max(320) }).strict(),
]);
export type SsfSubject = z.infer<typeof ssfSubjectSchema>;

const deliveryInput = z
  .object({
    method: z.literal(SSF_PUSH_METHOD),
    endpoint_url: httpUrl,
    /** Sent as the Authorization header of every push (RFC 8935 §2); never answered back. */
    authorization_header: z.string().min(1).max(4096).optional(),
  })
  .strict();

export const createStreamBodySchema = z
  .object({
    delivery: deliveryInput,
    events_requested: z.array(z.string().max(200)).max(50).default([]),
    description: z.string().max(500).optional(),
    /** Hub extension: deliver events about every user even while subjects are listed. */
    all_subjects: z.boolean().optional(),
  })
  .strict();
export type CreateStreamBody = z.infer<typeof createStreamBodySchema>;

export const updateStreamBodySchema = z
  .object({
    stream_id: streamId,
    delivery: deliveryInput.optional(),
    events_requested: z.array(z.string().max(200)).max(50).optional(),
    description: z.string().max(500).optional(),
    all_subjects: z.boolean().optional(),
  })
  .strict();
export type UpdateStreamBody = z.infer<typeof updateStreamBodySchema>;

/** SSF §8.1.1.4: the whole configuration again; what it leaves out goes back to its default. */
export const replaceStreamBodySchema = createStreamBodySchema.extend({ stream_id: streamId }).strict();

export const streamQuerySchema = z.object({ stream_id: streamId.optional() }).strict();
export const streamIdQuerySchema = z.object({ stream_id: streamId }).strict();

export const streamConfigSchema = z.object({
  stream_id: z.string(),
  iss: z.string(),
  aud: z.string(),
  delivery: z.object({ method: z.literal(SSF_PUSH_METHOD), endpoint_url: z.string() }),
  events_supported: z.array(z.string()),
  events_requested: z.array(z.string()),
  events_delivered: z.array(z.string()),
  description: z.string(),
  all_subjects: z.boolean(),
});
export type StreamConfig = z.infer<typeof streamConfigSchema>;

export const SSF_STATUSES = ['enabled', 'paused', 'disabled'] as const;
export const streamStatusSchema = z.object({
  stream_id: z.string(),
  status: z.enum(SSF_STATUSES),
  reason: z.string().optional(),
});
export const updateStatusBodySchema = z
  .object({ stream_id: streamId, status: z.enum(SSF_STATUSES), reason: z.string().max(500).optional() })
  .strict();

export const subjectBodySchema = z
  .object({ stream_id: streamId, subject: ssfSubjectSchema, verified: z.boolean().optional() })
  .strict();
export const verifyBodySchema = z.object({ stream_id: streamId, state: z.string().max(500).optional() }).strict();

/** The admin's RISC credential-compromise flag on a user. */
export const credentialCompromiseBodySchema = z
  .object({ credential_type: z.enum(SSF_CREDENTIAL_TYPES), reason: z.string().max(500).optional() })
  .strict();
export const credentialCompromiseResultSchema = z.object({ flagged: z.literal(true) });

/**
 * The administrator's view of a stream (issue 38): whose it is, and whether its receiver is marked
 * first-party (it then hears of every user, not only of its client's; the receiver cannot set it).
 */
export const adminStreamSchema = z.object({
  stream_id: z.string(),
  client_id: z.string(),
  description: z.string(),
  status: z.enum(SSF_STATUSES),
  first_party: z.boolean(),
  events_delivered: z.array(z.string()),
  host: z.string(),
  created_at: z.string(),
});
export type AdminStreamView = z.infer<typeof adminStreamSchema>;
export const adminStreamListSchema = z.object({ streams: z.array(adminStreamSchema) });
export const adminStreamResultSchema = z.object({ stream: adminStreamSchema });
export const firstPartyBodySchema = z.object({ first_party: z.boolean() }).strict();

export const ssfConfigurationSchema = z.object({
  spec_version: z.string(),
  issuer: z.string(),
  jwks_uri: z.string(),
  delivery_methods_supported: z.array(z.string()),
  configuration_endpoint: z.string(),
  status_endpoint: z.string(),
  add_subject_endpoint: z.string(),
  remove_subject_endpoint: z.string(),
  verification_endpoint: z.string(),
  critical_subject_members: z.array(z.string()),
  authorization_schemes: z.array(z.object({ spec_urn: z.string() })),
  default_subjects: z.string(),
});
