export { TourLauncher } from './components/tour-launcher.tsx';
export { isTourCompleted, openTour, resetTourMarker } from './hooks/tour-store.ts';
