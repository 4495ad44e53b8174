import { useState } from 'react';
import { toast } from 'sonner';
import { Timer } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { useAppsQuery } from '@/data/admin/dashboard-queries';
import { useRequestCredentialMutation } from '@/data/admin/credential-access';
import type { CredentialType } from '@/data/admin/types';
import {
  CREDENTIAL_LABELS,
  TIME_LIMIT,
  accessDeniedDescription,
  clampMinutes,
  isTimeLimitedRequestValid,
} from './admin.utils';

/** request_time_limited_credential_access: app, type, 5–120 minutes, justification ≥ 15 characters, confirmed. */
export function TimeLimitedRequestForm() {
  const apps = useAppsQuery();
  const [appId, setAppId] = useState('');
  const [type, setType] = useState<CredentialType>('api_key');
  const [minutes, setMinutes] = useState<number>(TIME_LIMIT.default);
  const [justification, setJustification] = useState('');
  const [confirming, setConfirming] = useState(false);
  const request = useRequestCredentialMutation();
  const app = apps.data?.find((a) => a.id === appId);

  function review() {
    if (!isTimeLimitedRequestValid(appId, justification)) {
      toast.error('Please select an app and provide justification');
      return;
    }
    setConfirming(true);
  }

  async function submit() {
    setConfirming(false);
    try {
      const result = await request.mutateAsync({
        mode: 'time_limited',
        app_id: appId,
        credential_type: type,
        justification: justification.trim(),
        time_limit_minutes: clampMinutes(minutes),
      });
      if (result.grant)
        toast.success('Access Granted', {
          description: `Access granted for ${result.grant.time_limit_minutes} minutes.`,
        });
      else
        toast.success('Access Request Submitted', {
          description: 'Your request has been logged and is pending approval.',
        });
      setJustification('');
    } catch (error) {
      toast.error('Access Denied', { description: accessDeniedDescription(error) });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Timer className="size-5" aria-hidden /> Time-Limited Credential Access
        </CardTitle>
        <CardDescription>
          Request temporary access to an application's credential. The request is logged.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="space-y-2">
          <Label htmlFor="tl-app">Application</Label>
          <Select value={appId} onValueChange={setAppId}>
            <SelectTrigger id="tl-app" className="w-full" aria-label="Application">
              <SelectValue placeholder="Select an application" />
            </SelectTrigger>
            <SelectContent>
              {apps.data?.map((a) => (
                <SelectItem key={a.id} value={a.id}>
                  {a.app_name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-2">
            <Label htmlFor="tl-type">Credential Type</Label>
            <Select value={type} onValueChange={(v) => setType(v as CredentialType)}>
              <SelectTrigger id="tl-type" className="w-full" aria-label="Credential Type">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="api_key">API Key</SelectItem>
                <SelectItem value="webhook_secret">Webhook Secret</SelectItem>
              </SelectContent>
            </Select>
          </div>
          <div className="space-y-2">
            <Label htmlFor="tl-minutes">Time Limit (minutes)</Label>
            <Input
              id="tl-minutes"
              type="number"
              min={TIME_LIMIT.min}
              max={TIME_LIMIT.max}
              value={minutes}
              onChange={(e) => setMinutes(Number(e.target.value))}
              onBlur={() => setMinutes(clampMinutes(minutes))}
            />
          </div>
        </div>
        <div className="space-y-2">
          <Label htmlFor="tl-justification">Justification</Label>
          <Textarea
            id="tl-justification"
            value={justification}
            onChange={(e) => setJustification(e.target.value)}
            placeholder="At least 15 characters: what you need it for and why now"
          />
        </div>
        <Button onClick={review} disabled={request.isPending} className="w-full sm:w-auto">
          Request Access
        </Button>
      </CardContent>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Confirm Credential Access Request</AlertDialogTitle>
            <AlertDialogDescription>
              You are requesting the {CREDENTIAL_LABELS[type]} of {app?.app_name ?? 'this application'} for{' '}
              {clampMinutes(minutes)} minutes. This request is logged for security auditing.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={submit}>Confirm Request</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
