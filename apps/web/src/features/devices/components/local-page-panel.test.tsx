import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeDevice } from '../../../test/fixtures.ts';
import { LocalPagePanel } from './local-page-panel.tsx';

afterEach(() => vi.restoreAllMocks());

describe('LocalPagePanel', () => {
  it('opens the rear APC unit page', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({ opener: null } as unknown as Window);
    render(
      <LocalPagePanel
        device={makeDevice('APC-2', 'APC', { deviceSystem: 'APS2 Rear', ipAddress: '10.20.1.5' })}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open Rear Unit Page' }));
    expect(open).toHaveBeenCalledWith('http://10.20.1.5', '_blank');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the router address to copy when the pop-up is blocked', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    render(<LocalPagePanel device={makeDevice('RTR-1', 'Router', { ipAddress: '10.20.1.9' })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open Router Login Page' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The pop-up was blocked.');
    expect(screen.getByLabelText('Copy this address into your browser:')).toHaveValue('http://10.20.1.9');
  });

  it('says when no address is known', () => {
    render(<LocalPagePanel device={makeDevice('APC-1', 'APC', { ipAddress: null })} />);
    expect(screen.getByRole('status')).toHaveTextContent('No IP address is known for this device');
  });
});
