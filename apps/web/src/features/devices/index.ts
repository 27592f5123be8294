/** The devices feature's public surface for other features. */
export { ConfirmDialog } from './components/confirm-dialog.tsx';
