import { render, screen } from '@testing-library/react';
import type { DeviceStatus, DeviceType } from '@toolkit/contracts/devices.ts';
import { describe, expect, it } from 'vitest';
import { DeviceStatusBadge } from './device-status-badge.tsx';

function renderBadge(type: DeviceType, status: DeviceStatus) {
  const { container } = render(<DeviceStatusBadge device={{ type, status }} />);
  const badge = container.firstElementChild;
  const dot = container.querySelector('[data-status-dot]');
  if (!(badge instanceof HTMLElement) || !(dot instanceof HTMLElement)) throw new Error('no badge');
  return { badge, dot };
}

describe('DeviceStatusBadge (§4: warning yellow, error and offline red, others grey)', () => {
  it.each([
    ['online', 'Online', 'bg-muted-foreground', 'text-foreground'],
    ['warning', 'Warning', 'bg-warning', 'text-warning'],
    ['error', 'Error', 'bg-destructive', 'text-destructive'],
    ['offline', 'Offline', 'bg-destructive', 'text-destructive'],
  ] as const)('shows %s as "%s" with a %s dot', (status, label, dotClass, textClass) => {
    const { badge, dot } = renderBadge('GPS', status);
    expect(badge).toHaveTextContent(label);
    expect(dot).toHaveClass(dotClass);
    expect(badge).toHaveClass(textClass);
  });

  it('keeps the text beside a dot of at least 8 px (size-2.5 is 10 px)', () => {
    const { dot } = renderBadge('Tablet', 'online');
    expect(dot).toHaveClass('size-2.5');
    expect(dot).toHaveAttribute('aria-hidden', 'true');
  });

  it('shows type Other as non-reporting and grey, never as offline', () => {
    const { badge, dot } = renderBadge('Other', 'offline');
    expect(badge).toHaveTextContent('Non-reporting');
    expect(screen.queryByText('Offline')).toBeNull();
    expect(dot).toHaveClass('bg-muted-foreground');
  });
});
