import type { Person } from '@toolkit/contracts/campaigns.ts';
import { Dialog, DialogContent } from '../../../../components/ui/dialog.tsx';
import { readableError } from '../../../../lib/api-error.ts';
import { pluralize } from '../../../../lib/pluralize.ts';
import { toast } from '../../../../lib/toast-store.ts';
import { useAssignBuses } from '../../api/supervisor-assign-buses.ts';
import { OnlineButton } from './online-button.tsx';

type AssignDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  campaignId: number;
  busIds: readonly number[];
  /**
   * Who can be chosen. No endpoint lists an agency's installers, so these are the people assigned
   * a bus on the board; "Unassigned" takes the buses back.
   */
  people: readonly Person[];
  onAssigned: () => void;
};

/** "Assign to…": the buses selected go to one person, or back to nobody. */
export function AssignDialog({
  open,
  onOpenChange,
  campaignId,
  busIds,
  people,
  onAssigned,
}: AssignDialogProps) {
  const assign = useAssignBuses(campaignId);
  const choose = (person: Person | null) => {
    assign.mutate(
      { busIds: [...busIds], userId: person?.id ?? null },
      {
        onSuccess: () => {
          const buses = pluralize(busIds.length, 'bus', 'buses');
          toast({ title: person ? `Assigned ${buses} to ${person.name}` : `Unassigned ${buses}` });
          onOpenChange(false);
          onAssigned();
        },
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Assign to…" description={`${pluralize(busIds.length, 'bus', 'buses')} selected`}>
        <div className="grid gap-2">
          {people.map((person) => (
            <OnlineButton
              key={person.id}
              variant="outline"
              className="w-full [&>button]:w-full"
              disabled={assign.isPending}
              onClick={() => choose(person)}
            >
              {person.name}
            </OnlineButton>
          ))}
          <OnlineButton
            variant="outline"
            className="w-full [&>button]:w-full"
            disabled={assign.isPending}
            onClick={() => choose(null)}
          >
            Unassigned
          </OnlineButton>
          {people.length === 0 && (
            <p className="text-sm text-muted-foreground">
              Nobody is assigned a bus yet: installers appear here once they claim a bus or are assigned one
              by a bus list.
            </p>
          )}
          {assign.isError && (
            <p role="alert" className="font-medium text-destructive">
              {readableError(assign.error)}
            </p>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
