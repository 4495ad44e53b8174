import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { EmailChangeBody, emailChangeRequestedSchema } from '@shared/api/me';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';

export type EmailChangeInput = EmailChangeBody;
type EmailChangeRequested = z.output<typeof emailChangeRequestedSchema>;

/** Mails a confirmation to the new address; the email changes only once it is confirmed. */
export function requestEmailChange(input: EmailChangeInput): Promise<EmailChangeRequested> {
  return api.post<EmailChangeRequested>('/api/me/email', input);
}

export function useEmailChangeMutation(options: MutationOptions<EmailChangeRequested, EmailChangeInput> = {}) {
  return useMutation({ mutationFn: requestEmailChange, ...options });
}
