import { useCallback, useEffect, useRef, useState } from 'react';
import { deviceDomId } from '../utils/device-list.ts';

type Focus = { deviceId: string; request: number };

/**
 * The device the list points at: the URL's deviceId (§2), or a device just created, assigned or
 * unassigned, which the new sort order may have moved. The screen keeps it among the rendered
 * rows; it is scrolled into view once per request, as soon as it is in the list. A new search,
 * filter or sort clears it.
 */
export function useFocusedDevice(list: readonly { deviceId: string }[]) {
  const [focus, setFocus] = useState<Focus | null>(null);
  const index = focus === null ? -1 : list.findIndex((d) => d.deviceId === focus.deviceId);
  const scrolled = useRef(0);

  useEffect(() => {
    if (focus === null || index < 0 || scrolled.current === focus.request) return;
    scrolled.current = focus.request;
    document.getElementById(deviceDomId(focus.deviceId))?.scrollIntoView({ block: 'start' });
  }, [focus, index]);

  const focusOn = useCallback(
    (deviceId: string) => setFocus((prev) => ({ deviceId, request: (prev?.request ?? 0) + 1 })),
    [],
  );
  const clearFocus = useCallback(() => setFocus(null), []);
  return { focusedId: focus?.deviceId ?? null, focusIndex: index, focusOn, clearFocus };
}
