import { FormattedMessage, useIntl } from 'react-intl';
import { PlayIcon, RotateCcwIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ModulePage } from '../shared/module-page';
import { QRC_STATS } from './qrc.data';
import { AnalyticsTab, CheckTemplatesTab, PerformanceTab, RecentChecksTab } from './qrc-tabs';

/** Quick Role Check (spec §2 item 2). Reset and Run Check have no handlers in the spec, so they stay inert. */
export default function QrcPage() {
  const intl = useIntl();
  return (
    <ModulePage
      title={intl.formatMessage({ id: 'modules.qrc.quickRoleCheck', defaultMessage: 'Quick Role Check' })}
      description={intl.formatMessage({
        id: 'modules.qrc.scoreCandidatesAgainstARoleIn',
        defaultMessage: 'Score candidates against a role in seconds and see every issue found.',
      })}
      actions={
        <>
          <Button variant="outline">
            <RotateCcwIcon aria-hidden /> <FormattedMessage id="modules.qrc.reset" defaultMessage="Reset" />
          </Button>
          <Button>
            <PlayIcon aria-hidden /> <FormattedMessage id="modules.qrc.runCheck" defaultMessage="Run Check" />
          </Button>
        </>
      }
      stats={QRC_STATS}
      tabs={[
        {
          value: 'recent',
          label: intl.formatMessage({ id: 'modules.qrc.recentChecks', defaultMessage: 'Recent Checks' }),
          content: <RecentChecksTab />,
        },
        {
          value: 'templates',
          label: intl.formatMessage({ id: 'modules.qrc.checkTemplates', defaultMessage: 'Check Templates' }),
          content: <CheckTemplatesTab />,
        },
        {
          value: 'performance',
          label: intl.formatMessage({ id: 'modules.qrc.performance', defaultMessage: 'Performance' }),
          content: <PerformanceTab />,
        },
        {
          value: 'analytics',
          label: intl.formatMessage({ id: 'modules.qrc.analytics', defaultMessage: 'Analytics' }),
          content: <AnalyticsTab />,
        },
      ]}
    />
  );
}
