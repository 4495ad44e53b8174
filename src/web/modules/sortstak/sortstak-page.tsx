import { ModulePage } from '../shared/module-page';
import { SORTSTAK_STATS } from './sortstak.data';
import { ApiManagementTab, DataQualityTab, PipelinesTab, PrivacyTab } from './sortstak-tabs';

/** Data pipeline admin (SortStak), spec §2 item 3. */
export default function SortstakPage() {
  return (
    <ModulePage
      title="Data Pipeline Admin"
      description="SortStak: pipelines, data quality, privacy operations and API traffic."
      stats={SORTSTAK_STATS}
      tabs={[
        { value: 'pipelines', label: 'Active Pipelines', content: <PipelinesTab /> },
        { value: 'quality', label: 'Data Quality', content: <DataQualityTab /> },
        { value: 'privacy', label: 'User Data & Privacy', content: <PrivacyTab /> },
        { value: 'api', label: 'API Management', content: <ApiManagementTab /> },
      ]}
    />
  );
}
