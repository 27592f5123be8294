export { WorkspaceScreen } from './components/workspace-screen.tsx';
