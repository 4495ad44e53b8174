import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { linkStartResultSchema } from '@shared/api/federation';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';
import { meKeys } from './keys';

/**
 * DELETE /api/me/identities/:id, a step-up route: the signed-in shell's refusal host asks for the
 * password (or passkey) and sends it again. 409 when it is the account's last way in.
 */
export function unlinkIdentity(id: string): Promise<{ deleted: true }> {
  return api.delete<{ deleted: true }>(`/api/me/identities/${encodeURIComponent(id)}`);
}

export function useIdentityUnlinkMutation({ onSuccess, ...options }: MutationOptions<{ deleted: true }, string> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: unlinkIdentity,
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: meKeys.identities() });
      await onSuccess?.(...args);
    },
    ...options,
  });
}

export type LinkStart = z.output<typeof linkStartResultSchema>;

/**
 * POST /api/me/identities/link {provider}: where the browser goes to link a new identity (the
 * detour's start with link=1). A step-up route like that start, so step-up runs here, in a dialog.
 * Its answer also sets the link intent (a SameSite=Strict cookie for that session and provider)
 * without which the start refuses: the browser must go to `location` right after, from this page.
 */
export function startIdentityLink(provider: string): Promise<LinkStart> {
  return api.post<LinkStart>('/api/me/identities/link', { provider });
}

export function useIdentityLinkStartMutation(options: MutationOptions<LinkStart, string> = {}) {
  return useMutation({ mutationFn: startIdentityLink, ...options });
}
