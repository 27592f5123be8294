/** A toast on the screen now: toaster.tsx marks each toast `data-toast`, so a dialog can tell without loading its code. */
export const TOAST_OPEN_SELECTOR = '[data-toast][data-state="open"]';
