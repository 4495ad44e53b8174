import { defineMessage } from 'react-intl';
import type { z } from 'zod';
import type { AuditSinkView, CreateAuditSinkBody, UpdateAuditSinkBody, auditSinkWithKeySchema } from '@shared/api/siem';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';
import { auditSinkKeys } from './keys';
import { useRefetchingMutation } from '../refetching-mutation';

/** The creation and rotation answers: the only ones that carry the checkpoint key. */
export type AuditSinkWithKey = z.output<typeof auditSinkWithKeySchema>;

const path = (id: string) => `/api/admin/audit-sinks/${encodeURIComponent(id)}`;

/**
 * A step-up route (its answer holds the checkpoint key): the signed-in shell's refusal host asks
 * to confirm, then this is sent again.
 */
export function createAuditSink(body: CreateAuditSinkBody): Promise<AuditSinkWithKey> {
  return api.post<AuditSinkWithKey>('/api/admin/audit-sinks', body);
}

export interface AuditSinkUpdateVars {
  id: string;
  body: UpdateAuditSinkBody;
}

export function updateAuditSink({ id, body }: AuditSinkUpdateVars): Promise<AuditSinkView> {
  return api.patch<{ sink: AuditSinkView }>(path(id), body).then((r) => r.sink);
}

/** A step-up route, like creation: a new checkpoint key, answered this once (issue 46). */
export function rotateAuditSinkKey(id: string): Promise<AuditSinkWithKey> {
  return api.post<AuditSinkWithKey>(`${path(id)}/rotate-checkpoint-key`);
}

export function deleteAuditSink(id: string): Promise<{ deleted: true }> {
  return api.delete<{ deleted: true }>(path(id));
}

/** Form errors are shown in the form: no toast. */
export const useAuditSinkCreateMutation = (options: MutationOptions<AuditSinkWithKey, CreateAuditSinkBody> = {}) =>
  useRefetchingMutation(auditSinkKeys.all(), createAuditSink, options);

export const useAuditSinkUpdateMutation = (options: MutationOptions<AuditSinkView, AuditSinkUpdateVars> = {}) =>
  useRefetchingMutation(auditSinkKeys.all(), updateAuditSink, options);

export const useAuditSinkDeleteMutation = (options: MutationOptions<{ deleted: true }, string> = {}) =>
  useRefetchingMutation(
    auditSinkKeys.all(),
    deleteAuditSink,
    options,
    defineMessage({
      id: 'data.toast.failedToDeleteTheAuditSink',
      defaultMessage: 'Failed to delete the audit sink',
    }),
  );

export const useAuditSinkRotateKeyMutation = (options: MutationOptions<AuditSinkWithKey, string> = {}) =>
  useRefetchingMutation(
    auditSinkKeys.all(),
    rotateAuditSinkKey,
    options,
    defineMessage({
      id: 'data.toast.failedToRotateTheCheckpointKey',
      defaultMessage: 'Failed to rotate the checkpoint key',
    }),
  );
