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

/**
 * New Mining Job (spec §4, §5): four tabs; Create stays disabled until job name, data source,
 * algorithm and schedule type are chosen, and then only writes the values to the console
 * (spec §7: module screens make no network calls).
 */
export function NewMiningJobDialog() {
  const [isOpen, setIsOpen] = useState(false);
  const [form, setForm] = useState<MiningJobForm>(EMPTY_MINING_JOB);
  const set = (patch: Partial<MiningJobForm>) => setForm((f) => ({ ...f, ...patch }));
  const missing = missingMiningJobFields(form);

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
          <PlusIcon aria-hidden /> New Mining Job
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>New Mining Job</DialogTitle>
          <DialogDescription>Fields marked * are required.</DialogDescription>
        </DialogHeader>
        <Tabs defaultValue="basic">
          <TabsList aria-label="New mining job sections">
            <TabsTrigger value="basic">Basic Info</TabsTrigger>
            <TabsTrigger value="source">Data Source</TabsTrigger>
            <TabsTrigger value="algorithm">Algorithm</TabsTrigger>
            <TabsTrigger value="schedule">Schedule</TabsTrigger>
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
          {missing.length > 0 ? `To create the job, choose: ${missing.join(', ')}.` : 'Ready to create.'}
        </p>
        <DialogFooter>
          <Button variant="outline" onClick={() => openChange(false)}>
            Cancel
          </Button>
          <Button disabled={missing.length > 0} aria-describedby="mining-job-missing" onClick={create}>
            Create Job
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
