/** The reports feature's public surface. */
export { ReportsScreen } from './components/reports-screen.tsx';
