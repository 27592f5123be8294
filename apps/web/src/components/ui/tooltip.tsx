import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '@toolkit/contracts/constants.ts';
import { Tooltip as TooltipPrimitive } from 'radix-ui';
import { createContext, useContext, type ReactNode } from 'react';

const InProvider = createContext(false);

/**
 * §4/§9: tooltips open after 700 ms; within 300 ms of one closing, the next opens at once. Wrap a
 * screen that shows several tooltips in it so that the skip window spans them. Not app-wide: the
 * tooltip code (and its positioning library) then loads only with screens that use tooltips.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <InProvider.Provider value={true}>{children}</InProvider.Provider>
    </TooltipPrimitive.Provider>
  );
}

/** A tooltip on its child; outside a TooltipProvider it brings its own, with the same delays. */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  const shared = useContext(InProvider);
  const tooltip = (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          sideOffset={6}
          className="z-50 max-w-xs rounded-md bg-foreground px-3 py-1.5 text-sm font-medium text-background shadow-md"
        >
          {content}
          <TooltipPrimitive.Arrow className="fill-foreground" />
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
  return shared ? tooltip : <TooltipProvider>{tooltip}</TooltipProvider>;
}
