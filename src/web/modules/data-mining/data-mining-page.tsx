import { useIntl } from 'react-intl';
import { ModulePage } from '../shared/module-page';
import { DATA_MINING_STATS } from './data-mining.data';
import { ConfigurationTab } from './data-mining-config-tab';
import { DatasetsTab, MiningJobsTab, PatternsTab } from './data-mining-tabs';

/** Data Mining Control Center, spec §2 item 9. */
export default function DataMiningPage() {
  const intl = useIntl();
  return (
    <ModulePage
      title={intl.formatMessage({
        id: 'modules.dataMining.dataMiningControlCenter',
        defaultMessage: 'Data Mining Control Center',
      })}
      description={intl.formatMessage({
        id: 'modules.dataMining.miningJobsOverTheEcosystemS',
        defaultMessage: "Mining jobs over the ecosystem's datasets, the patterns they find, and engine settings.",
      })}
      stats={DATA_MINING_STATS}
      tabs={[
        {
          value: 'jobs',
          label: intl.formatMessage({ id: 'modules.dataMining.miningJobs', defaultMessage: 'Mining Jobs' }),
          content: <MiningJobsTab />,
        },
        {
          value: 'datasets',
          label: intl.formatMessage({ id: 'modules.dataMining.datasets', defaultMessage: 'Datasets' }),
          content: <DatasetsTab />,
        },
        {
          value: 'patterns',
          label: intl.formatMessage({ id: 'modules.dataMining.patternAnalysis', defaultMessage: 'Pattern Analysis' }),
          content: <PatternsTab />,
        },
        {
          value: 'config',
          label: intl.formatMessage({ id: 'modules.dataMining.configuration', defaultMessage: 'Configuration' }),
          content: <ConfigurationTab />,
        },
      ]}
    />
  );
}
