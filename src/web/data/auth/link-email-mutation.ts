import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { linkMailResultSchema } from '@shared/api/federation';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';

export type LinkMailed = z.output<typeof linkMailResultSchema>;

/** POST /api/auth/sso/link/email: a single-use link to the account's address, bound to the waiting identity. */
export function mailLink(): Promise<LinkMailed> {
  return api.post<LinkMailed>('/api/auth/sso/link/email');
}

export function useLinkEmailMutation(options: MutationOptions<LinkMailed, void> = {}) {
  return useMutation({ mutationFn: mailLink, ...options });
}
