import type { Client } from '@toolkit/contracts/clients.ts';
import { ChevronRight, MapPin } from 'lucide-react';
import { cardClasses } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';

function Count({ value, label }: { value: number; label: string }) {
  return (
    <span className="flex flex-col rounded-lg bg-surface-muted px-2 py-1.5 text-center">
      <span className="text-xl font-bold">{value.toLocaleString('en-US')}</span>
      <span className="text-sm text-muted-foreground">{label}</span>
    </span>
  );
}

export function ClientCard({ client, onSelect }: { client: Client; onSelect: (client: Client) => void }) {
  const title = client.fullName ?? client.name;
  return (
    <li>
      <button
        type="button"
        onClick={() => onSelect(client)}
        className={cn(cardClasses, 'w-full text-left transition-colors hover:border-primary')}
      >
        <span className="flex items-start justify-between gap-2">
          <span className="min-w-0">
            <span className="block text-lg font-bold break-words">{title}</span>
            {client.region && (
              <span className="mt-0.5 flex items-start gap-1 text-muted-foreground">
                <MapPin aria-hidden className="mt-1 size-4 shrink-0" />
                {client.region}
              </span>
            )}
          </span>
          <ChevronRight aria-hidden className="mt-1 size-6 shrink-0 text-muted-foreground" />
        </span>
        <span className="mt-3 grid grid-cols-3 gap-2">
          <Count value={client.vehicleCount} label="Vehicles" />
          <Count value={client.deviceCount} label="Devices" />
          <Count value={client.onlineDeviceCount} label="Online" />
        </span>
      </button>
    </li>
  );
}
