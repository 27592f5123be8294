// probe: apps/web/src/features/devices/components/vehicle-chooser-slot.tsx
// expect: import-x/no-restricted-paths
// devices -> vehicles again (the old loop devices <-> vehicles).
import { VehicleChooser } from '../../vehicles/components/vehicle-chooser.tsx';

export const probe = VehicleChooser;
