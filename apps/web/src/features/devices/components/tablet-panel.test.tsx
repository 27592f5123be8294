import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TabletOperationInputSchema, type SoftwareVersion } from '@toolkit/contracts/devices.ts';
import type { Platform } from '@toolkit/contracts/platform.ts';
import { describe, expect, it } from 'vitest';
import { makeDevice } from '../../../test/fixtures.ts';
import { apiError, installFetchMock, json, type Answer } from '../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { TabletPanel } from './tablet-panel.tsx';

const api = installFetchMock();
const tablet = makeDevice('TAB-1', 'Tablet');

function serve(production: SoftwareVersion[] | 'fail', addon: SoftwareVersion[] | 'fail') {
  const versions = (v: SoftwareVersion[] | 'fail'): Answer =>
    v === 'fail' ? apiError(503, 'PROVIDER_UNAVAILABLE', 'down') : json(v);
  api
    .on('GET', '/api/software/versions?type=production', versions(production))
    .on('GET', '/api/software/versions?type=addon', versions(addon))
    .on('POST', '/api/devices/TAB-1/tablet-operation', (call) => {
      const body = TabletOperationInputSchema.parse(call.body);
      if (body.operation === 'publish-conf') return apiError(400, 'PROVIDER_REJECTED', 'Tablet refused');
      if (body.operation === 'reload-configuration')
        return json({
          success: false,
          message: 'Queued',
          result: {
            command: 'RELOAD_CONFIGURATION',
            message: 'Tablet is offline: the command was queued and will run when it reconnects',
            response: 'QUEUED',
          },
        });
      return json({
        success: true,
        message: 'Tablet answered',
        result: {
          command: body.operation.toUpperCase(),
          message: 'Tablet answered',
          response: `OK ${body.softwareVersion ?? ''}`.trim(),
        },
      });
    });
}

const v = (version: string, type: 'production' | 'addon'): SoftwareVersion => ({
  version,
  filename: `App-${version}.apk`,
  type,
  description: null,
});

describe('TabletPanel', () => {
  it('runs an operation and shows its message and the reply', async () => {
    serve([v('5.13.0', 'production')], [v('2.4.1', 'addon')]);
    renderWithProviders(<TabletPanel device={tablet} />);
    await userEvent.click(screen.getByRole('button', { name: 'Query MDT' }));
    const result = await screen.findByRole('region', { name: 'Operation result' });
    expect(result).toHaveTextContent('Query MDT: done');
    expect(result).toHaveTextContent('Tablet answered');
    expect(result).toHaveTextContent("Tablet's replyOK");
    expect(result).not.toHaveTextContent('QUERY-MDT');
  });

  it('shows Operation Failed with the server message', async () => {
    serve([], []);
    renderWithProviders(<TabletPanel device={tablet} />);
    await userEvent.click(screen.getByRole('button', { name: 'Publish Configuration' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Operation Failed');
    expect(alert).toHaveTextContent('Tablet refused');
  });

  it('says a command for an offline tablet is queued, not failed, without raw codes', async () => {
    serve([], []);
    renderWithProviders(<TabletPanel device={tablet} />);
    await userEvent.click(screen.getByRole('button', { name: 'Reload Configuration' }));
    const result = await screen.findByRole('region', { name: 'Operation result' });
    expect(result).toHaveTextContent('Reload Configuration: queued until the tablet reconnects');
    expect(result).toHaveTextContent('will run when it reconnects');
    expect(result).not.toHaveTextContent('Operation Failed');
    expect(result).not.toHaveTextContent('QUEUED');
    expect(result).not.toHaveTextContent('RELOAD_CONFIGURATION');
  });

  it('needs a chosen production version for a software update', async () => {
    serve([v('5.13.0', 'production'), v('5.12.3', 'production')], [v('2.4.1', 'addon')]);
    renderWithProviders(<TabletPanel device={tablet} />);
    const section = await screen.findByRole('region', { name: 'Software Update' });
    const install = await within(section).findByRole('button', { name: 'Install Update' });
    expect(install).toBeDisabled();
    await userEvent.selectOptions(within(section).getByLabelText('Production version'), '5.12.3');
    await userEvent.click(install);
    expect(await screen.findByRole('region', { name: 'Operation result' })).toHaveTextContent(
      "Tablet's replyOK 5.12.3",
    );
  });

  it('says No Production Software / No Additional Software, or that the list failed', async () => {
    serve([], 'fail');
    renderWithProviders(<TabletPanel device={tablet} />);
    expect(await screen.findByText('No Production Software')).toBeInTheDocument();
    expect(await screen.findByText('Failed to fetch addon software versions')).toBeInTheDocument();
  });

  it('says No Additional Software', async () => {
    serve('fail', []);
    renderWithProviders(<TabletPanel device={tablet} />);
    expect(await screen.findByText('No Additional Software')).toBeInTheDocument();
    expect(await screen.findByText('Failed to fetch production software versions')).toBeInTheDocument();
  });

  it('shows tablet operations as not available with this platform, with one line why', async () => {
    api.on(
      'GET',
      '/api/platform',
      json<Platform>({
        name: 'Traccar',
        version: '6.14.5',
        capabilities: {
          tabletOperations: { available: false, reason: 'Traccar has no tablet operations.' },
          softwareVersions: { available: false, reason: 'No catalogue.' },
          uploads: { available: false, reason: 'No uploads.' },
          smsReplies: { available: false, reason: 'No replies.' },
        },
      }),
    );
    renderWithProviders(<TabletPanel device={tablet} />);
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('Not available with this platform');
    expect(note).toHaveTextContent('Traccar has no tablet operations.');
    expect(screen.queryByRole('button', { name: 'Query MDT' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
