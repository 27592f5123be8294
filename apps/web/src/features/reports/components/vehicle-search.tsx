import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { paths } from '../../../config/paths.ts';
import { useVehicleChoices } from '../../vehicles/index.ts';

const SHOWN = 8;

/** Find a vehicle by id or description and open its installation page. */
export function VehicleSearch({ clientId }: { clientId: number }) {
  const id = useId();
  const [term, setTerm] = useState('');
  const vehicles = useVehicleChoices(clientId);
  const needle = term.trim().toLowerCase();
  const found =
    needle === ''
      ? []
      : (vehicles.data ?? []).filter(
          (v) =>
            v.vehicleId.toLowerCase().includes(needle) ||
            (v.description ?? '').toLowerCase().includes(needle),
        );
  return (
    <Card className="grid gap-3">
      <CardTitle>Installation Records</CardTitle>
      <div>
        <Label htmlFor={`${id}-search`}>Find a vehicle</Label>
        <Input
          id={`${id}-search`}
          type="search"
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          placeholder="Vehicle id or description"
          className="mt-1"
        />
      </div>
      {needle !== '' && found.length === 0 && <p className="text-muted-foreground">No vehicles found</p>}
      {found.length > 0 && (
        <ul aria-label="Matching vehicles" className="grid gap-1">
          {found.slice(0, SHOWN).map((v) => (
            <li key={v.id}>
              <Link
                to={paths.installation(v.id)}
                className="flex min-h-11 items-center rounded-lg px-2 font-semibold text-primary underline hover:bg-surface-muted"
              >
                {v.vehicleId}
                {v.description ? ` · ${v.description}` : ''}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {found.length > SHOWN && (
        <p className="text-muted-foreground">{found.length - SHOWN} more: refine the search.</p>
      )}
    </Card>
  );
}
