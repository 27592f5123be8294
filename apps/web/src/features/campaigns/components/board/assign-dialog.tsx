import type { Person } from '@toolkit/contracts/campaigns.ts';
import { QueryState } from '../../../../components/feedback/query-state.tsx';
import { Dialog, DialogContent } from '../../../../components/ui/dialog.tsx';
import { readableError } from '../../../../lib/api-error.ts';
import { pluralize } from '../../../../lib/pluralize.ts';
import { toast } from '../../../../lib/toast-store.ts';
import { useAssignBuses } from '../../api/supervisor-assign-buses.ts';
import { useAssignees } from '../../api/supervisor-get-assignees.ts';
import { OnlineButton } from './online-button.tsx';

type AssignDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  campaignId: number;
  busIds: readonly number[];
  onAssigned: () => void;
};

/**
 * "Assign to…": the buses selected go to one of the agency's people (read from the server when the
 * dialog opens), or back to nobody ("Unassigned").
 */
export function AssignDialog({ open, onOpenChange, campaignId, busIds, onAssigned }: AssignDialogProps) {
  const assign = useAssignBuses(campaignId);
  const people = useAssignees(campaignId, open);
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
          <QueryState
            query={people}
            noun="people"
            emptyText="Nobody of the agency can be assigned a bus."
            isEmpty={(list) => list.length === 0}
          >
            {(list) => (
              <ul aria-label="People of the agency" className="grid gap-2">
                {list.map((person) => (
                  <li key={person.id}>
                    <OnlineButton
                      variant="outline"
                      className="w-full [&>button]:w-full"
                      disabled={assign.isPending}
                      onClick={() => choose(person)}
                    >
                      {person.name}
                    </OnlineButton>
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
          <OnlineButton
            variant="outline"
            className="w-full [&>button]:w-full"
            disabled={assign.isPending}
            onClick={() => choose(null)}
          >
            Unassigned
          </OnlineButton>
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
