import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SmsCommandResponse } from '@toolkit/contracts/devices.ts';
import type { Platform } from '@toolkit/contracts/platform.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pendingEntries } from '../../../lib/outbox/outbox.ts';
import { getToasts } from '../../../lib/toast-store.ts';
import { makeDevice } from '../../../test/fixtures.ts';
import { apiError, installFetchMock, json, networkError } from '../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { GpsSmsPanel } from './gps-sms-panel.tsx';

const api = installFetchMock();
afterEach(() => vi.restoreAllMocks());
const SMS = '/api/devices/4661200001/sms';

const REPLY = ['APP:081 48.1f', 'COM:-71 DAL 10.64.3.8 vzwinternet', 'GPS:3D 9', 'INP:00000111 13812'].join(
  '\n',
);

describe('GpsSmsPanel', () => {
  it('says SMS Not Available without a phone, and Invalid Phone Number under 10 digits', () => {
    const { unmount } = renderWithProviders(
      <GpsSmsPanel device={makeDevice('G1', 'GPS', { phone: null })} />,
    );
    expect(screen.getByText('SMS Not Available')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Status Report/ })).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<GpsSmsPanel device={makeDevice('G1', 'GPS', { phone: '555-1234' })} />);
    expect(screen.getByText('Invalid Phone Number')).toBeInTheDocument();
  });

  it('sends !R0 and shows the reply as checks', async () => {
    api.on(
      'POST',
      SMS,
      json<SmsCommandResponse>({
        success: true,
        message: 'Reply received',
        command: '!R0',
        phone: '5552000001',
        reply: REPLY,
        sentAt: '2026-11-22T10:00:00.000Z',
        repliedAt: '2026-11-22T10:00:02.000Z',
      }),
    );
    renderWithProviders(<GpsSmsPanel device={makeDevice('4661200001', 'GPS', { phone: '5552000001' })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Status Report (!R0)' }));
    const checks = await screen.findByRole('list', { name: 'Status checks' });
    const items = within(checks)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'Signal strength: Pass-71 dBm',
      'Data session: PassUp, IP 10.64.3.8',
      'Server acknowledged: PassAcknowledged since the last restart',
      'GPS antenna and fix: Pass3D fix, 9 satellites',
      'Input voltage: Pass13.8 V, ignition on',
    ]);
    expect(screen.getByText('!R0: Reply received')).toBeInTheDocument();
    expect(api.calls[0]?.url).toBe(SMS);
    expect(api.calls[0]?.rawBody).toBe('{"command":"!R0"}');
  });

  it('asks before a reboot and shows an offline unit has not replied', async () => {
    api.on(
      'POST',
      SMS,
      json<SmsCommandResponse>({
        success: true,
        message: 'Sent; no reply yet',
        command: '!R3,20,0',
        phone: '5552000001',
        reply: null,
        sentAt: '2026-11-22T10:00:00.000Z',
        repliedAt: null,
      }),
    );
    renderWithProviders(<GpsSmsPanel device={makeDevice('4661200001', 'GPS', { phone: '5552000001' })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Reboot (!R3,20,0)' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reboot GPS Unit?' });
    expect(api.calls).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reboot' }));
    expect(await screen.findByText('No reply: the unit may be off or out of coverage.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Status checks' })).not.toBeInTheDocument();
  });

  it('with a platform that captures no replies, says so instead of "no reply"', async () => {
    const no = { available: false, reason: 'Traccar captures no SMS replies or delivery receipts.' };
    api
      .on(
        'POST',
        SMS,
        json<SmsCommandResponse>({
          success: true,
          message: 'Sent to the unit; the fleet platform does not capture replies',
          command: '!R0',
          phone: '5552000001',
          reply: null,
          sentAt: '2026-11-22T10:00:00.000Z',
          repliedAt: null,
        }),
      )
      .on(
        'GET',
        '/api/platform',
        json<Platform>({
          name: 'Traccar',
          version: '6.14.5',
          capabilities: { tabletOperations: no, softwareVersions: no, uploads: no, smsReplies: no },
        }),
      );
    renderWithProviders(<GpsSmsPanel device={makeDevice('4661200001', 'GPS', { phone: '5552000001' })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Status Report (!R0)' }));
    expect(
      await screen.findByText('Traccar captures no SMS replies or delivery receipts.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('!R0: Sent to the unit; the fleet platform does not capture replies'),
    ).toBeInTheDocument();
    expect(screen.queryByText('No reply: the unit may be off or out of coverage.')).not.toBeInTheDocument();
  });

  it('shows the server message when the SMS is refused', async () => {
    api.on('POST', SMS, apiError(400, 'NOT_SYNCED', 'Device is not yet in the external system'));
    renderWithProviders(<GpsSmsPanel device={makeDevice('4661200001', 'GPS', { phone: '5552000001' })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Status Report (!R0)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Device is not yet in the external system');
  });

  it('offline, sends nothing, says the command needs the network and queues it only when asked', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWithProviders(<GpsSmsPanel device={makeDevice('4661200001', 'GPS', { phone: '5552000001' })} />);
    expect(screen.getByText('No connection: SMS commands need the network')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Status Report (!R0)' }));
    expect(await screen.findByText('!R0 to 4661200001: not sent, no connection')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
    expect(await pendingEntries()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Queue for when online' }));
    await waitFor(async () => expect(await pendingEntries()).toHaveLength(1));
    const [entry] = await pendingEntries();
    expect(entry).toMatchObject({
      label: '!R0 to 4661200001',
      url: SMS,
      body: { command: '!R0' },
      state: 'waiting',
    });
    expect(getToasts()[0]).toMatchObject({ title: 'Command queued' });
    expect(screen.queryByRole('button', { name: 'Queue for when online' })).not.toBeInTheDocument();
  });

  it('offers the queue, not a red failure, when the request gets no answer; Cancel keeps nothing', async () => {
    api.on('POST', SMS, networkError());
    renderWithProviders(<GpsSmsPanel device={makeDevice('4661200001', 'GPS', { phone: '5552000001' })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Status Report (!R0)' }));
    expect(await screen.findByText('!R0 to 4661200001: not sent, no connection')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText(/not sent, no connection/)).not.toBeInTheDocument();
    expect(await pendingEntries()).toEqual([]);
  });
});
