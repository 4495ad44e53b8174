import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { handleRefusal } from '@/lib/api';

const StepUpDialog = lazy(() => import('./step-up-dialog'));

/** Where an administrator without a second factor is sent when the server refuses for want of one. */
export const ENROLMENT_PATH = '/account?tab=security&enrol=required';
/** Where a person whose breached password must be changed is sent when the server refuses (issue 42). */
export const PASSWORD_CHANGE_PATH = '/account?tab=security&password_change=required';

/**
 * Answers, for every request of the signed-in app, the two refusals a user can fix at once:
 * `reauthentication_required` opens the step-up dialog and the request is sent again once the
 * user has confirmed (concurrent refusals wait for the same dialog); `mfa_enrollment_required`
 * takes the user to enrolment in the Security section; `password_change_required` (a breached
 * password the administrator requires changed) to the password form there, unless already there.
 */
export function RefusalHost() {
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const pending = useRef<Promise<boolean> | null>(null);
  const settle = useRef<((confirmed: boolean) => void) | null>(null);

  useEffect(() => {
    const offStepUp = handleRefusal('reauthentication_required', () => {
      pending.current ??= new Promise<boolean>((resolve) => {
        settle.current = resolve;
        setAsking(true);
      });
      return pending.current;
    });
    const offEnrol = handleRefusal('mfa_enrollment_required', () => {
      navigate(ENROLMENT_PATH, { replace: true });
      return false;
    });
    const offPassword = handleRefusal('password_change_required', () => {
      if (window.location.pathname !== '/account') navigate(PASSWORD_CHANGE_PATH, { replace: true });
      return false;
    });
    return () => {
      offStepUp();
      offEnrol();
      offPassword();
    };
  }, [navigate]);

  if (!asking) return null;
  return (
    <Suspense fallback={null}>
      <StepUpDialog
        onDone={(confirmed) => {
          setAsking(false);
          settle.current?.(confirmed);
          settle.current = null;
          pending.current = null;
        }}
      />
    </Suspense>
  );
}
