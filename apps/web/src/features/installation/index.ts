/** The installation feature's public surface. */
export { InstallationScreen } from './components/installation-screen.tsx';
