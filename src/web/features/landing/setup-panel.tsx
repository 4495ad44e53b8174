import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Button } from '@/components/ui/button';

/** Hidden setup tools, shown on /?setup=true (spec §2). The accounts work wires the buttons. */
export default function SetupPanel() {
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle id="setup-heading">System setup</CardTitle>
        <CardDescription>One-time tools for a new installation. Each needs the setup key printed at first start.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        <Button disabled>Create system administrators</Button>
        <Button variant="destructive" disabled>Delete all users</Button>
      </CardContent>
    </Card>
  );
}
