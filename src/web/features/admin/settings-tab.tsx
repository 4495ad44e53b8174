import { FormattedMessage } from 'react-intl';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { SignInSettingsCard } from './sign-in-settings-card';

/** Settings (spec §2): a placeholder, 'coming soon'. */
export default function SettingsTab() {
  return (
    <div className="space-y-4">
      <SignInSettingsCard />
      <Card>
        <CardHeader>
          <CardTitle>
            <FormattedMessage id="admin.settings.title" defaultMessage="Settings" />
          </CardTitle>
        </CardHeader>
        <CardContent className="text-muted-foreground">
          <FormattedMessage id="admin.settings.comingSoon" defaultMessage="Settings coming soon." />
        </CardContent>
      </Card>
    </div>
  );
}
