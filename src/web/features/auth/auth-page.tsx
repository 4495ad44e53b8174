import { PlaceholderPage } from '@/features/placeholder/placeholder-page';

export default function Page() {
  return <PlaceholderPage title="Sign in" />;
}
