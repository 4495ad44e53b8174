import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** Settings (spec §2): a placeholder, 'coming soon'. */
export default function SettingsTab() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Settings</CardTitle>
      </CardHeader>
      <CardContent className="text-muted-foreground">Settings coming soon.</CardContent>
    </Card>
  );
}
