/**
 * Keystroke latency of the vehicle search: from the keydown (its event timestamp) to the first frame
 * painted after the last change the key caused in the list region (summary line and rows). The
 * vehicle screen defers the filtering (useDeferredValue), so the end is the list update, not the
 * echo of the character in the box. Measured in the page's own clock, without CPU throttling.
 */
import type { KeyInput, Page } from 'puppeteer-core';

export interface KeystrokeFigures {
  vehicles: number;
  /** Rows in the DOM with the whole list shown: proves windowing. */
  rowsInDom: number;
  /** Keys whose result looked the same as before (no change in the list region): not timed. */
  unchanged: number;
  samples: { key: string; query: string; summary: string; ms: number }[];
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

/** Each group is typed one key at a time, then erased with Backspace, one key at a time. */
// Fleet numbers and model codes, as an installer types them; nearly every key changes the result.
export const QUERIES = ['1234', '4711', '2019', '55', '90', 'xd40'];
export const ROUNDS = 2;
const SETTLE_MS = 400;

interface BenchState {
  down: number;
  lastChange: number;
  painted: number;
}

declare global {
  interface Window {
    __keystroke?: BenchState;
  }
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

async function summaryText(page: Page): Promise<string> {
  return page.$eval('p[aria-live="polite"]', (el) => el.textContent);
}

export async function measureKeystrokes(page: Page, expectedVehicles: number): Promise<KeystrokeFigures> {
  const total = `Total: ${expectedVehicles.toLocaleString('en-US')} vehicles`;
  await page.waitForFunction(
    (text: string) => document.querySelector('p[aria-live="polite"]')?.textContent === text,
    { timeout: 60_000 },
    total,
  );
  const rowsInDom = await page.$$eval('ul[aria-label="Vehicles"] > li', (rows) => rows.length);
  await page.evaluate(() => {
    const input = document.querySelector('input[type="search"]');
    const region = document.querySelector('p[aria-live="polite"]')?.parentElement;
    if (!input || !region) throw new Error('vehicle search box or list not found');
    const state: BenchState = { down: 0, lastChange: 0, painted: 0 };
    window.__keystroke = state;
    input.addEventListener(
      'keydown',
      (e) => Object.assign(state, { down: e.timeStamp, lastChange: 0, painted: 0 }),
      { capture: true },
    );
    // The end of a change is the next frame: rAF runs before the paint, the task after it runs after.
    // The box's own echo (React syncs its value attribute) is not the list.
    new MutationObserver((records) => {
      if (records.every((r) => r.target === input)) return;
      const at = performance.now();
      state.lastChange = at;
      requestAnimationFrame(() =>
        setTimeout(() => {
          if (state.lastChange === at) state.painted = performance.now();
        }, 0),
      );
    }).observe(region, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  await page.click('input[type="search"]');

  const samples: KeystrokeFigures['samples'] = [];
  let unchanged = 0;
  let query = '';
  const press = async (key: KeyInput, next: string) => {
    await page.keyboard.press(key);
    query = next;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const state = await page.evaluate(() => window.__keystroke);
    if (!state) throw new Error('the measuring hooks are gone: did the page reload?');
    const summary = await summaryText(page);
    const expected = query.trim() === '' ? total : 'Found ';
    if (!summary.startsWith(expected)) throw new Error(`summary "${summary}" after query "${query}"`);
    if (state.painted === 0) {
      unchanged++;
      return;
    }
    samples.push({ key, query, summary, ms: Math.round((state.painted - state.down) * 10) / 10 });
  };
  for (let round = 0; round < ROUNDS; round++) {
    for (const text of QUERIES) {
      for (const char of text) await press(char as KeyInput, query + char);
      while (query) await press('Backspace', query.slice(0, -1));
    }
  }
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  return {
    vehicles: expectedVehicles,
    rowsInDom,
    unchanged,
    samples,
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    maxMs: sorted.at(-1) ?? Number.NaN,
  };
}
