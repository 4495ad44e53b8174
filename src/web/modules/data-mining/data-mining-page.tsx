import { ModulePage } from '../shared/module-page';
import { DATA_MINING_STATS } from './data-mining.data';
import { ConfigurationTab } from './data-mining-config-tab';
import { DatasetsTab, MiningJobsTab, PatternsTab } from './data-mining-tabs';

/** Data Mining Control Center, spec §2 item 9. */
export default function DataMiningPage() {
  return (
    <ModulePage
      title="Data Mining Control Center"
      description="Mining jobs over the ecosystem's datasets, the patterns they find, and engine settings."
      stats={DATA_MINING_STATS}
      tabs={[
        { value: 'jobs', label: 'Mining Jobs', content: <MiningJobsTab /> },
        { value: 'datasets', label: 'Datasets', content: <DatasetsTab /> },
        { value: 'patterns', label: 'Pattern Analysis', content: <PatternsTab /> },
        { value: 'config', label: 'Configuration', content: <ConfigurationTab /> },
      ]}
    />
  );
}
