import { useIntl } from 'react-intl';
import { ModulePage } from '../shared/module-page';
import { SORTSTAK_STATS } from './sortstak.data';
import { ApiManagementTab, DataQualityTab, PipelinesTab, PrivacyTab } from './sortstak-tabs';

/** Data pipeline admin (SortStak), spec §2 item 3. */
export default function SortstakPage() {
  const intl = useIntl();
  return (
    <ModulePage
      title={intl.formatMessage({ id: 'modules.sortstak.dataPipelineAdmin', defaultMessage: 'Data Pipeline Admin' })}
      description={intl.formatMessage({
        id: 'modules.sortstak.sortstakPipelinesDataQualityPrivacyOperations',
        defaultMessage: 'SortStak: pipelines, data quality, privacy operations and API traffic.',
      })}
      stats={SORTSTAK_STATS}
      tabs={[
        {
          value: 'pipelines',
          label: intl.formatMessage({ id: 'modules.sortstak.activePipelines', defaultMessage: 'Active Pipelines' }),
          content: <PipelinesTab />,
        },
        {
          value: 'quality',
          label: intl.formatMessage({ id: 'modules.sortstak.dataQuality', defaultMessage: 'Data Quality' }),
          content: <DataQualityTab />,
        },
        {
          value: 'privacy',
          label: intl.formatMessage({ id: 'modules.sortstak.userDataPrivacy', defaultMessage: 'User Data & Privacy' }),
          content: <PrivacyTab />,
        },
        {
          value: 'api',
          label: intl.formatMessage({ id: 'modules.sortstak.apiManagement', defaultMessage: 'API Management' }),
          content: <ApiManagementTab />,
        },
      ]}
    />
  );
}
