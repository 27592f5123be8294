import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '../../../lib/toast-store.ts';
import { offlineVehiclesQueryKey } from '../api/get-offline-vehicles.ts';
import { vehiclesQueryKey } from '../api/get-vehicles.ts';
import { syncOfflineVehicles } from '../offline/sync-offline-vehicles.ts';

/** Sends vehicles created offline on load and whenever the connection returns (window 'online'). */
export function useOfflineVehicleSync(clientId: number): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const sync = async () => {
      const result = await syncOfflineVehicles(clientId);
      if (result.sent.length === 0 && result.refused.length === 0) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: vehiclesQueryKey(clientId) }),
        queryClient.invalidateQueries({ queryKey: offlineVehiclesQueryKey(clientId) }),
      ]);
      const [refused] = result.refused;
      if (refused) {
        toast({
          title: 'Failed to create vehicle',
          description: `${refused.vehicleId}: ${refused.message}`,
          variant: 'destructive',
        });
      } else {
        const n = result.sent.length;
        toast({
          title: 'Offline vehicles synced',
          description: `${String(n)} ${n === 1 ? 'vehicle' : 'vehicles'} created while offline sent to the server.`,
        });
      }
    };
    const onOnline = () =>
      void sync().catch((error: unknown) => console.warn('Offline vehicle sync failed', error));
    if (navigator.onLine) onOnline();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [clientId, queryClient]);
}
