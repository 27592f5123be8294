import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeDevice } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { DeviceItem } from './device-item.tsx';

const row = (metadata: Record<string, string | number | boolean | null>) => (
  <ul>
    <DeviceItem
      device={makeDevice('356000000000011', 'GPS', { status: 'error', metadata })}
      now={Date.now()}
      expanded
      onToggle={() => undefined}
      variant="list"
    />
  </ul>
);

describe('a device the fleet platform has disabled', () => {
  it('says so on its row beside its status, not as a metadata line', () => {
    renderWithProviders(row({ disabled: true, gpsCount: 9 }));
    const summary = screen.getByRole('button', { name: /356000000000011/ });
    expect(within(summary).getByText('Error')).toBeInTheDocument();
    expect(within(summary).getByText('Disabled in the fleet platform')).toBeInTheDocument();
    expect(screen.getAllByText(/Disabled/)).toHaveLength(1);
    expect(screen.getByText('GPS satellites')).toBeInTheDocument();
  });

  it('says nothing for a device that is not disabled', () => {
    renderWithProviders(row({ disabled: false }));
    expect(screen.queryByText(/Disabled/)).toBeNull();
  });
});
