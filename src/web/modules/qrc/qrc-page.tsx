import { PlayIcon, RotateCcwIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ModulePage } from '../shared/module-page';
import { QRC_STATS } from './qrc.data';
import { AnalyticsTab, CheckTemplatesTab, PerformanceTab, RecentChecksTab } from './qrc-tabs';

/** Quick Role Check (spec §2 item 2). Reset and Run Check have no handlers in the spec, so they stay inert. */
export default function QrcPage() {
  return (
    <ModulePage
      title="Quick Role Check"
      description="Score candidates against a role in seconds and see every issue found."
      actions={
        <>
          <Button variant="outline">
            <RotateCcwIcon aria-hidden /> Reset
          </Button>
          <Button>
            <PlayIcon aria-hidden /> Run Check
          </Button>
        </>
      }
      stats={QRC_STATS}
      tabs={[
        { value: 'recent', label: 'Recent Checks', content: <RecentChecksTab /> },
        { value: 'templates', label: 'Check Templates', content: <CheckTemplatesTab /> },
        { value: 'performance', label: 'Performance', content: <PerformanceTab /> },
        { value: 'analytics', label: 'Analytics', content: <AnalyticsTab /> },
      ]}
    />
  );
}
