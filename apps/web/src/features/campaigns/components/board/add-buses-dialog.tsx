import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../../components/ui/dialog.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../../components/ui/tabs.tsx';
import { AddFromCsv } from './add-from-csv.tsx';
import { AddFromVehicles } from './add-from-vehicles.tsx';

type AddBusesProps = { campaignId: number; clientId: number; onBoard: ReadonlySet<number> | null };

/** "Add buses": from the agency's vehicle list, or from a bus-list CSV. */
export function AddBusesButton({ campaignId, clientId, onBoard }: AddBusesProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Plus aria-hidden className="size-5" />
        Add buses
      </Button>
      <DialogContent title="Add buses" className="max-w-2xl">
        <Tabs defaultValue="vehicles">
          <TabsList>
            <TabsTrigger value="vehicles">From the vehicle list</TabsTrigger>
            <TabsTrigger value="csv">From a CSV file</TabsTrigger>
          </TabsList>
          <TabsContent value="vehicles">
            <AddFromVehicles campaignId={campaignId} clientId={clientId} onBoard={onBoard} />
          </TabsContent>
          <TabsContent value="csv">
            <AddFromCsv campaignId={campaignId} />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
