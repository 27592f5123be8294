import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import { createContext, useContext, type ComponentType } from 'react';

type VehicleChooserProps = {
  clientId: number;
  /** The list is fetched only once the chooser is in use. */
  enabled: boolean;
  excludeId: number | null;
  selectedId: number | null;
  onSelect: (vehicle: Vehicle) => void;
  /** Puts the cursor in the search box as soon as it appears. */
  autoFocus?: boolean;
};

type Slot = { Chooser: ComponentType<VehicleChooserProps> };
const SlotContext = createContext<Slot | null>(null);

/**
 * Where the route puts the vehicles feature's chooser (decision 032): the assignment dialogs pick a
 * vehicle without the devices feature importing the vehicles feature.
 */
export const VehicleChooserProvider = SlotContext.Provider;

function useSlot(): Slot {
  const slot = useContext(SlotContext);
  if (!slot)
    throw new Error('VehicleChooser: the route composes a VehicleChooserProvider around this screen.');
  return slot;
}

/** The agency's vehicles to search and tap: the chooser the route composed in. */
export function VehicleChooser(props: VehicleChooserProps) {
  const { Chooser } = useSlot();
  return <Chooser {...props} />;
}
