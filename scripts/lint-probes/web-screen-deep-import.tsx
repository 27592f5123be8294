// probe: apps/web/src/features/installation/components/probe.tsx
// expect: import-x/no-restricted-paths
// A screen feature importing a resource feature's module instead of its index.ts.
import { useNotes } from '../../records/api/get-notes.ts';

export const probe = useNotes;
