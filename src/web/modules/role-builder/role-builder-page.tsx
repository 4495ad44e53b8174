import { FormattedMessage, useIntl } from 'react-intl';
import { FileStackIcon, PlusIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ModulePage } from '../shared/module-page';
import { ROLE_BUILDER_STATS } from './role-builder.data';
import { ActiveRolesTab, AnalyticsTab, MetricsTab, TemplatesTab } from './role-builder-tabs';

/** Role Builder (spec §2 item 1). Templates and New Role have no handlers in the spec, so they stay inert. */
export default function RoleBuilderPage() {
  const intl = useIntl();
  return (
    <ModulePage
      title={intl.formatMessage({ id: 'modules.roleBuilder.roleBuilder', defaultMessage: 'Role Builder' })}
      description={intl.formatMessage({
        id: 'modules.roleBuilder.buildStructuredRoleDefinitionsFromReusable',
        defaultMessage: 'Build structured role definitions from reusable templates and skills.',
      })}
      actions={
        <>
          <Button variant="outline">
            <FileStackIcon aria-hidden />{' '}
            <FormattedMessage id="modules.roleBuilder.templates" defaultMessage="Templates" />
          </Button>
          <Button>
            <PlusIcon aria-hidden /> <FormattedMessage id="modules.roleBuilder.newRole" defaultMessage="New Role" />
          </Button>
        </>
      }
      stats={ROLE_BUILDER_STATS}
      tabs={[
        {
          value: 'roles',
          label: intl.formatMessage({ id: 'modules.roleBuilder.activeRoles', defaultMessage: 'Active Roles' }),
          content: <ActiveRolesTab />,
        },
        {
          value: 'templates',
          label: intl.formatMessage({ id: 'modules.roleBuilder.templates', defaultMessage: 'Templates' }),
          content: <TemplatesTab />,
        },
        {
          value: 'builder',
          label: intl.formatMessage({
            id: 'modules.roleBuilder.roleBuilderMetrics',
            defaultMessage: 'Role Builder Metrics',
          }),
          content: <MetricsTab />,
        },
        {
          value: 'analytics',
          label: intl.formatMessage({ id: 'modules.roleBuilder.analytics', defaultMessage: 'Analytics' }),
          content: <AnalyticsTab />,
        },
      ]}
    />
  );
}
