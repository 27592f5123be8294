import { act, fireEvent, screen } from '@testing-library/react';
import type { Note } from '@toolkit/contracts/notes.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '../../../lib/toast-store.ts';
import { apiError, installFetchMock, json, text } from '../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { AddNoteForm } from './add-note-form.tsx';
import { pendingEntries } from '../../../lib/outbox/outbox.ts';
import { NoteItem } from './note-item.tsx';

const api = installFetchMock();

const NOTE: Note = {
  id: 41,
  vehicleId: 7,
  noteType: 'issue',
  content: 'Loose harness',
  deviceId: null,
  createdBy: 1,
  createdAt: '2026-11-24T09:30:00.000Z',
  uploadedToNavigator: false,
  navigatorUploadedAt: null,
};

function renderNote() {
  renderWithProviders(
    <ul>
      <NoteItem note={NOTE} />
    </ul>,
  );
}

function editTo(content: string) {
  fireEvent.click(screen.getByRole('button', { name: /^Edit Issue note/ }));
  const field = screen.getByLabelText('Edit Issue note');
  fireEvent.change(field, { target: { value: content } });
  fireEvent.blur(field);
}

describe('NoteItem: edit in place, saved on blur when changed', { timeout: 20_000 }, () => {
  it('saves a changed note on blur', async () => {
    api.on('PUT', '/api/notes/41', json<Note>({ ...NOTE, content: 'Harness secured' }));
    renderNote();
    editTo('  Harness secured ');
    await vi.waitFor(() => expect(getToasts()[0]?.title).toBe('Note Saved'));
    expect(api.calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['PUT', '/api/notes/41', { content: 'Harness secured' }],
    ]);
  });

  it('sends nothing when the text is unchanged, and refuses a blank note', () => {
    renderNote();
    editTo('Loose harness');
    expect(screen.queryByLabelText('Edit Issue note')).not.toBeInTheDocument();
    editTo('   ');
    expect(getToasts()[0]).toMatchObject({
      title: 'Content required',
      description: 'Please enter note content.',
    });
    expect(api.calls).toEqual([]);
    expect(screen.getByText('Loose harness')).toBeInTheDocument();
  });

  it("says 'Save Failed: Failed to save note' when the server refuses", async () => {
    api.on('PUT', '/api/notes/41', apiError(404, 'NOT_FOUND', 'Note not found'));
    renderNote();
    editTo('Harness secured');
    await vi.waitFor(() =>
      expect(getToasts()[0]).toMatchObject({ title: 'Save Failed', description: 'Failed to save note' }),
    );
    // Refused while the installer looks at it: shown, not kept to send again.
    expect(await pendingEntries()).toEqual([]);
  });

  it('keeps the edit on the phone when the server cannot take it now, and shows the new text', async () => {
    api.on('PUT', '/api/notes/41', apiError(503, 'UNAVAILABLE', 'busy'));
    renderNote();
    editTo('Harness secured');
    await vi.waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: 'Note Saved',
        description: 'Saved on this device — will be sent when online',
      }),
    );
    const [kept] = await pendingEntries();
    expect(kept).toMatchObject({ method: 'PUT', url: '/api/notes/41', body: { content: 'Harness secured' } });
  });

  it('deletes after a confirmation', async () => {
    api.on('DELETE', '/api/notes/41', text('', 204));
    renderNote();
    fireEvent.click(screen.getByRole('button', { name: /^Delete Issue note/ }));
    expect(await screen.findByRole('alertdialog', { name: 'Delete note?' })).toBeInTheDocument();
    expect(api.calls).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() =>
      expect(api.calls.map((c) => [c.method, c.url])).toEqual([['DELETE', '/api/notes/41']]),
    );
  });
});

/** A stand-in for the browser's SpeechRecognition: the test says what was heard. */
class FakeRecognition {
  static last: FakeRecognition | null = null;
  lang = '';
  continuous = false;
  interimResults = true;
  onresult: ((event: { resultIndex: number; results: unknown[] }) => void) | null = null;
  onerror: (() => void) | null = null;
  onend: (() => void) | null = null;
  constructor() {
    FakeRecognition.last = this;
  }
  start() {}
  stop() {
    this.onend?.();
  }
  hear(transcript: string, isFinal = true) {
    this.onresult?.({ resultIndex: 0, results: [{ isFinal, 0: { transcript } }] });
  }
}

describe('AddNoteForm: voice dictation', { timeout: 20_000 }, () => {
  afterEach(() => {
    Reflect.deleteProperty(window, 'SpeechRecognition');
    FakeRecognition.last = null;
  });

  it('appends each finished phrase in en-US; interim results are not written', async () => {
    Object.assign(window, { SpeechRecognition: FakeRecognition });
    renderWithProviders(<AddNoteForm vehicleId={7} />);
    fireEvent.change(screen.getByLabelText('New note'), { target: { value: 'Antenna on roof.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Dictate' }));
    // Listening shows at once; the recognition starts once its code is in.
    expect(screen.getByRole('button', { name: 'Stop Dictation' })).toBeInTheDocument();
    const heard = await vi.waitFor(() => {
      if (!FakeRecognition.last) throw new Error('dictation did not start');
      return FakeRecognition.last;
    });
    expect(heard.lang).toBe('en-US');
    act(() => {
      heard.hear('cable', false);
      heard.hear('Cable routed behind the panel');
    });
    expect(screen.getByLabelText('New note')).toHaveValue('Antenna on roof. Cable routed behind the panel');
    expect(screen.getByRole('button', { name: 'Stop Dictation' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Stop Dictation' }));
    expect(screen.getByRole('button', { name: 'Dictate' })).toBeInTheDocument();
  });

  it('a Stop pressed before the dictation has started means it never starts', async () => {
    Object.assign(window, { SpeechRecognition: FakeRecognition });
    renderWithProviders(<AddNoteForm vehicleId={7} />);
    fireEvent.click(screen.getByRole('button', { name: 'Dictate' }));
    fireEvent.click(screen.getByRole('button', { name: 'Stop Dictation' }));
    expect(screen.getByRole('button', { name: 'Dictate' })).toBeInTheDocument();
    await import('../../../components/capture/dictation-session.ts');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(FakeRecognition.last).toBeNull();
  });

  it("says 'Voice recording not supported' on the button without speech recognition, and 'Voice recording error' on error", async () => {
    const { unmount } = renderWithProviders(<AddNoteForm vehicleId={7} />);
    expect(screen.queryByRole('button', { name: 'Dictate' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Voice recording not supported' })).toBeDisabled();
    unmount();

    Object.assign(window, { SpeechRecognition: FakeRecognition });
    renderWithProviders(<AddNoteForm vehicleId={7} />);
    fireEvent.click(screen.getByRole('button', { name: 'Dictate' }));
    await vi.waitFor(() => expect(FakeRecognition.last).not.toBeNull());
    act(() => FakeRecognition.last?.onerror?.());
    expect(getToasts().map((t) => t.title)).toContain('Voice recording error');
  });
});

describe('NoteItem: voice dictation in the edit field', { timeout: 20_000 }, () => {
  afterEach(() => {
    Reflect.deleteProperty(window, 'SpeechRecognition');
    FakeRecognition.last = null;
  });

  it('appends phrases to the note being edited; moving to Dictate does not save, leaving both does', async () => {
    Object.assign(window, { SpeechRecognition: FakeRecognition });
    api.on('PUT', '/api/notes/41', json({ ...NOTE, content: 'Loose harness Fixed with a cable tie' }));
    renderNote();
    fireEvent.click(screen.getByRole('button', { name: /^Edit Issue note/ }));
    const field = screen.getByLabelText('Edit Issue note');
    const dictate = screen.getByRole('button', { name: 'Dictate' });
    fireEvent.blur(field, { relatedTarget: dictate });
    fireEvent.click(dictate);
    await vi.waitFor(() => expect(FakeRecognition.last).not.toBeNull());
    act(() => FakeRecognition.last?.hear('Fixed with a cable tie'));
    expect(field).toHaveValue('Loose harness Fixed with a cable tie');
    expect(api.calls).toEqual([]);
    fireEvent.blur(screen.getByRole('button', { name: 'Stop Dictation' }), { relatedTarget: document.body });
    await vi.waitFor(() =>
      expect(api.calls.map((c) => [c.method, c.url, c.body])).toEqual([
        ['PUT', '/api/notes/41', { content: 'Loose harness Fixed with a cable tie' }],
      ]),
    );
  });
});
