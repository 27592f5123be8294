import { Button, type ButtonProps } from './button.tsx';
import { Tooltip } from './tooltip.tsx';

/**
 * A button that shows only an icon (§4 tooltip): its `label` is both its accessible name and the
 * tooltip that says what it does (§9 delays), so gloved thumbs and screen readers get the same word.
 */
export function IconButton({
  label,
  tooltip,
  variant = 'ghost',
  ...props
}: Omit<ButtonProps, 'size' | 'aria-label' | 'asChild'> & { label: string; tooltip?: string }) {
  return (
    <Tooltip content={tooltip ?? label}>
      <Button variant={variant} size="icon" aria-label={label} {...props} />
    </Tooltip>
  );
}
