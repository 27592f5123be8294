import { useState } from 'react';

export type ViewMode = 'list' | 'cards';
export const VIEW_MODE_KEY = 'devicesViewMode';

function readViewMode(): ViewMode {
  try {
    return localStorage.getItem(VIEW_MODE_KEY) === 'cards' ? 'cards' : 'list';
  } catch {
    return 'list';
  }
}

/** List or cards, remembered on this device. */
export function useViewMode(): [ViewMode, (mode: ViewMode) => void] {
  const [mode, setMode] = useState<ViewMode>(readViewMode);
  const update = (next: ViewMode) => {
    setMode(next);
    try {
      localStorage.setItem(VIEW_MODE_KEY, next);
    } catch {
      /* storage unavailable: the choice lasts for this visit */
    }
  };
  return [mode, update];
}
