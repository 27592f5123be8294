import { fireEvent, screen, within } from '@testing-library/react';
import type { UploadItem } from '@toolkit/contracts/navigator-uploads.ts';
import { NOT_AVAILABLE_WITH_PLATFORM, type Platform } from '@toolkit/contracts/platform.ts';
import { describe, expect, it, vi } from 'vitest';
import { getToasts } from '../../../lib/toast-store.ts';
import { apiError, deferred, installFetchMock, json, networkError } from '../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { UploadSummary } from './upload-summary.tsx';

const api = installFetchMock();

const item = (
  kind: UploadItem['kind'],
  id: number,
  state: UploadItem['state'],
  error: string | null = null,
) => ({ kind, id, label: `${kind} ${String(id)}`, state, error, uploadedAt: null }) satisfies UploadItem;

const ITEMS = [
  item('photo', 1, 'uploaded'),
  item('photo', 2, 'pending'),
  item('note', 3, 'failed', 'Navigator could not be reached. Please retry.'),
];

const capability = (available: boolean, reason: string | null = null) => ({ available, reason });
const platform = (uploads: Platform['capabilities']['uploads']): Platform => ({
  name: uploads.available ? 'Simulator' : 'Traccar',
  version: null,
  capabilities: {
    tabletOperations: capability(uploads.available, uploads.reason),
    softwareVersions: capability(uploads.available, uploads.reason),
    uploads,
    smsReplies: capability(true),
  },
});
const TRACCAR_UPLOADS = 'Traccar stores no photos or notes: they stay in the toolkit and its reports.';

/** The platform takes uploads (the simulator's); the button is usable once it has said so. */
async function withUploads(): Promise<HTMLElement> {
  api.on('GET', '/api/platform', json(platform(capability(true))));
  renderWithProviders(<UploadSummary vehicleId={7} />);
  await screen.findByText('1 of 3 items uploaded to Navigator');
  const button = screen.getByRole('button', { name: 'Upload to Navigator' });
  await vi.waitFor(() => expect(button).toBeEnabled());
  return button;
}

const row = (label: string) =>
  within(screen.getByRole('list', { name: 'Upload items' }))
    .getByText(label)
    .closest('li') ?? document.body;

describe('UploadSummary', { timeout: 20_000 }, () => {
  it('shows each item with its state, the failure reason and a Retry for failed items', async () => {
    api.on('GET', '/api/navigator-uploads/vehicle/7', json(ITEMS));
    renderWithProviders(<UploadSummary vehicleId={7} />);
    expect(await screen.findByText('1 of 3 items uploaded to Navigator')).toBeInTheDocument();
    expect(within(row('photo 1')).getByText('Uploaded')).toBeInTheDocument();
    expect(within(row('photo 2')).getByText('Pending')).toBeInTheDocument();
    expect(within(row('note 3')).getByText('Failed')).toBeInTheDocument();
    expect(
      within(row('note 3')).getByText('Navigator could not be reached. Please retry.'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Retry / })).toHaveLength(1);
  });

  it('uploads only what is not there yet, one item at a time, and shows each answer', async () => {
    api.on('GET', '/api/navigator-uploads/vehicle/7', json(ITEMS));
    api.on('POST', '/api/navigator-uploads/photo/2', json(item('photo', 2, 'uploaded')));
    api.on('POST', '/api/navigator-uploads/note/3', json(item('note', 3, 'uploaded')));
    fireEvent.click(await withUploads());
    await vi.waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
        '/api/navigator-uploads/photo/2',
        '/api/navigator-uploads/note/3',
      ]),
    );
  });

  it('a dropped connection stops the run and says how to resume', async () => {
    api.on('GET', '/api/navigator-uploads/vehicle/7', json(ITEMS));
    api.on('POST', '/api/navigator-uploads/photo/2', networkError());
    fireEvent.click(await withUploads());
    await vi.waitFor(() => expect(getToasts()[0]?.title).toBe('Upload Interrupted'));
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('a refusal by the server is said in its words, not as a dropped connection', async () => {
    api.on('GET', '/api/navigator-uploads/vehicle/7', json(ITEMS));
    api.on('POST', '/api/navigator-uploads/photo/2', apiError(403, 'FORBIDDEN', 'Not your agency'));
    fireEvent.click(await withUploads());
    await vi.waitFor(() => expect(getToasts()[0]?.description).toBe('Not your agency'));
    expect(getToasts()[0]?.title).toBe('Upload Interrupted');
  });

  it('on a platform without uploads (Traccar) says it is not available, with why, and never sends', async () => {
    api.on('GET', '/api/navigator-uploads/vehicle/7', json(ITEMS));
    api.on('GET', '/api/platform', json(platform(capability(false, TRACCAR_UPLOADS))));
    renderWithProviders(<UploadSummary vehicleId={7} />);
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent(NOT_AVAILABLE_WITH_PLATFORM);
    expect(note).toHaveTextContent(TRACCAR_UPLOADS);
    expect(screen.getByRole('heading', { name: 'Upload Summary' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload to Navigator' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Retry / })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('sends nothing while the platform has not said yet whether it takes uploads', async () => {
    api.on('GET', '/api/navigator-uploads/vehicle/7', json(ITEMS));
    api.on('GET', '/api/platform', deferred().answer);
    renderWithProviders(<UploadSummary vehicleId={7} />);
    await screen.findByText('1 of 3 items uploaded to Navigator');
    const button = screen.getByRole('button', { name: 'Upload to Navigator' });
    expect(button).toBeDisabled();
    fireEvent.click(button);
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
