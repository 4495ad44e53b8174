import { defineMessage } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import type { InvitationView } from '@shared/api/orgs';
import { api } from '@/lib/api';
import type { QueryOptions } from '../options';
import { orgKeys, orgPath, type OrgMode } from './keys';

export type Invitation = InvitationView;

export function getInvitations(mode: OrgMode, id: string, signal?: AbortSignal): Promise<Invitation[]> {
  return api.get<{ invitations: Invitation[] }>(orgPath(mode, id, '/invitations'), signal).then((r) => r.invitations);
}

/** An organization's invitations (admins and owners), newest first as the API lists them. */
export function useInvitationsQuery<T = Invitation[]>(
  { mode, id }: { mode: OrgMode; id: string },
  options: QueryOptions<Invitation[], T> = {},
) {
  return useQuery({
    queryKey: orgKeys.invitations(mode, id),
    queryFn: ({ signal }) => getInvitations(mode, id, signal),
    meta: {
      errorToast: defineMessage({
        id: 'data.toast.failedToLoadInvitations',
        defaultMessage: 'Failed to load invitations',
      }),
    },
    ...options,
  });
}
