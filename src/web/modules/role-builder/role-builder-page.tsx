import { FileStackIcon, PlusIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ModulePage } from '../shared/module-page';
import { ROLE_BUILDER_STATS } from './role-builder.data';
import { ActiveRolesTab, AnalyticsTab, MetricsTab, TemplatesTab } from './role-builder-tabs';

/** Role Builder (spec §2 item 1). Templates and New Role have no handlers in the spec, so they stay inert. */
export default function RoleBuilderPage() {
  return (
    <ModulePage
      title="Role Builder"
      description="Build structured role definitions from reusable templates and skills."
      actions={
        <>
          <Button variant="outline">
            <FileStackIcon aria-hidden /> Templates
          </Button>
          <Button>
            <PlusIcon aria-hidden /> New Role
          </Button>
        </>
      }
      stats={ROLE_BUILDER_STATS}
      tabs={[
        { value: 'roles', label: 'Active Roles', content: <ActiveRolesTab /> },
        { value: 'templates', label: 'Templates', content: <TemplatesTab /> },
        { value: 'builder', label: 'Role Builder Metrics', content: <MetricsTab /> },
        { value: 'analytics', label: 'Analytics', content: <AnalyticsTab /> },
      ]}
    />
  );
}
