import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

export function ComingSoon({ title }: { title: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="text-muted-foreground">{title} coming soon.</CardContent>
    </Card>
  );
}
