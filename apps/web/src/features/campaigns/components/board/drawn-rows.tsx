import { useState, useTransition } from 'react';
import { Button } from '../../../../components/ui/button.tsx';

/** Rows drawn at first: a screen and a half, cheap to draw whatever the campaign's size. */
const FIRST = 50;
/** Rows "Show more" adds. */
const MORE = 200;

export type DrawnRows = {
  /** How many rows are drawn. */
  shown: number;
  /** Back to the first rows (a filter changed). */
  reset: () => void;
  /** True while more rows are drawn in the background: the buttons wait meanwhile. */
  drawing: boolean;
  more: () => void;
  all: () => void;
};

/** A long list drawn in steps (the board's buses and events): the first rows, then more on demand. */
export function useDrawnRows(): DrawnRows {
  const [shown, setShown] = useState(FIRST);
  const [drawing, startDrawing] = useTransition();
  return {
    shown,
    reset: () => setShown(FIRST),
    drawing,
    more: () => startDrawing(() => setShown((n) => n + MORE)),
    all: () => startDrawing(() => setShown(Infinity)),
  };
}

/** "Show more" (or `moreLabel`) and, when more than one step is left, "Show all N {noun}". */
export function ShowMoreButtons({
  drawn,
  total,
  moreLabel,
  noun,
}: {
  drawn: DrawnRows;
  total: number;
  moreLabel: string;
  noun: string;
}) {
  return (
    <>
      <Button variant="outline" disabled={drawn.drawing} onClick={drawn.more}>
        {moreLabel}
      </Button>
      {total > drawn.shown + MORE && (
        <Button variant="outline" disabled={drawn.drawing} onClick={drawn.all}>
          {`Show all ${total.toLocaleString('en-US')} ${noun}`}
        </Button>
      )}
    </>
  );
}
