import { readFile } from 'node:fs/promises';
import { expect, type Page } from '../fixtures.ts';

/**
 * A SpeechRecognition stand-in: `start()` records its language and, a moment later, reports one
 * finished phrase (and one unfinished one, which must not be appended).
 */
export async function stubSpeechRecognition(page: Page, phrase: string): Promise<void> {
  await page.addInitScript((spoken: string) => {
    class FakeRecognition {
      lang = '';
      continuous = false;
      interimResults = true;
      onresult: ((e: unknown) => void) | null = null;
      onerror: (() => void) | null = null;
      onend: (() => void) | null = null;
      start() {
        (window as unknown as { speechLang: string }).speechLang = this.lang;
        setTimeout(() => {
          const results = [
            { isFinal: true, 0: { transcript: spoken } },
            { isFinal: false, 0: { transcript: 'half a word' } },
          ];
          this.onresult?.({ resultIndex: 0, results });
          this.onend?.();
        }, 50);
      }
      stop() {
        this.onend?.();
      }
    }
    Object.assign(window, { SpeechRecognition: FakeRecognition });
  }, phrase);
}

export async function capturePhoto(page: Page, type: string, description: string): Promise<void> {
  await page.getByRole('button', { name: 'Take Photo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Picture' });
  await dialog.getByRole('button', { name: 'Capture' }).click();
  await dialog.getByRole('combobox', { name: 'Photo type' }).click();
  await page.getByRole('option', { name: type, exact: true }).click();
  await dialog.getByLabel('Description (optional)').fill(description);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

/** Clicks Generate on a report card and returns the downloaded file's bytes and name. */
export async function generate(page: Page, card: string): Promise<{ name: string; body: Buffer }> {
  const form = page.getByRole('form', { name: card });
  const download = page.waitForEvent('download');
  await form.getByRole('button', { name: 'Generate' }).click();
  const file = await download;
  await expect(form.getByRole('button', { name: 'Generate' })).toBeEnabled();
  const path = await file.path();
  return { name: file.suggestedFilename(), body: await readFile(path) };
}
