import { FormattedMessage, useIntl } from 'react-intl';
import { useState } from 'react';
import { PlusIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AlgorithmFields, BasicInfoFields, DataSourceFields, ScheduleFields } from './new-mining-job-fields';
import { EMPTY_MINING_JOB, missingMiningJobFields, type MiningJobForm } from './new-mining-job.form';
import { useText } from '../shared/text';

/**
 * New Mining Job (spec §4, §5): four tabs; Create stays disabled until job name, data source,
 * algorithm and schedule type are chosen, and then only writes the values to the console
 * (spec §7: module screens make no network calls).
 */
export function NewMiningJobDialog() {
  const intl = useIntl();
  const [isOpen, setIsOpen] = useState(false);
  const [form, setForm] = useState<MiningJobForm>(EMPTY_MINING_JOB);
  const set = (patch: Partial<MiningJobForm>) => setForm((f) => ({ ...f, ...patch }));
  const tx = useText();
  const missing = missingMiningJobFields(form, tx);

  const openChange = (open: boolean) => {
    setIsOpen(open);
    if (!open) setForm(EMPTY_MINING_JOB);
  };
  const create = () => {
    console.log('Creating mining job:', form);
    openChange(false);
  };

  return (
    <Dialog open={isOpen} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button>
          <PlusIcon aria-hidden />{' '}
          <FormattedMessage id="modules.dataMining.newMiningJob" defaultMessage="New Mining Job" />
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>
            <FormattedMessage id="modules.dataMining.newMiningJob" defaultMessage="New Mining Job" />
          </DialogTitle>
          <DialogDescription>
            <FormattedMessage
              id="modules.dataMining.fieldsMarkedAreRequired"
              defaultMessage="Fields marked * are required."
            />
          </DialogDescription>
        </DialogHeader>
        <Tabs defaultValue="basic">
          <TabsList
            aria-label={intl.formatMessage({
              id: 'modules.dataMining.newMiningJobSections',
              defaultMessage: 'New mining job sections',
            })}
          >
            <TabsTrigger value="basic">
              <FormattedMessage id="modules.dataMining.basicInfo" defaultMessage="Basic Info" />
            </TabsTrigger>
            <TabsTrigger value="source">
              <FormattedMessage id="modules.dataMining.dataSource2" defaultMessage="Data Source" />
            </TabsTrigger>
            <TabsTrigger value="algorithm">
              <FormattedMessage id="modules.dataMining.algorithm2" defaultMessage="Algorithm" />
            </TabsTrigger>
            <TabsTrigger value="schedule">
              <FormattedMessage id="modules.dataMining.schedule" defaultMessage="Schedule" />
            </TabsTrigger>
          </TabsList>
          <TabsContent value="basic">
            <BasicInfoFields form={form} set={set} />
          </TabsContent>
          <TabsContent value="source">
            <DataSourceFields form={form} set={set} />
          </TabsContent>
          <TabsContent value="algorithm">
            <AlgorithmFields form={form} set={set} />
          </TabsContent>
          <TabsContent value="schedule">
            <ScheduleFields form={form} set={set} />
          </TabsContent>
        </Tabs>
        <p
          id="mining-job-missing"
          data-testid="mining-job-missing"
          aria-live="polite"
          className="text-sm text-muted-foreground"
        >
          {missing.length > 0 ? (
            <FormattedMessage
              id="modules.dataMining.missing"
              defaultMessage="To create the job, choose: {fields}."
              values={{ fields: missing.join(', ') }}
            />
          ) : (
            <FormattedMessage id="modules.dataMining.ready" defaultMessage="Ready to create." />
          )}
        </p>
        <DialogFooter>
          <Button variant="outline" onClick={() => openChange(false)}>
            <FormattedMessage id="modules.dataMining.cancel" defaultMessage="Cancel" />
          </Button>
          <Button disabled={missing.length > 0} aria-describedby="mining-job-missing" onClick={create}>
            <FormattedMessage id="modules.dataMining.createJob" defaultMessage="Create Job" />
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
