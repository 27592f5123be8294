import { SPEECH_LANGUAGE } from '@toolkit/contracts/constants.ts';

/** The part of the Web Speech API the dictation uses (not in TypeScript's DOM library). */
interface SpeechResultEvent {
  resultIndex: number;
  results: ArrayLike<{ isFinal: boolean; 0: { transcript: string } }>;
}
export interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: SpeechResultEvent) => void) | null;
  onerror: (() => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
}
export type RecognitionConstructor = new () => Recognition;

/**
 * One dictation (§9 en-US), loaded on the first press of Dictate rather than with every screen
 * that shows the button: each finished phrase goes to `onPhrase`; interim results are not written.
 */
export function listen(
  Constructor: RecognitionConstructor,
  on: { phrase: (text: string) => void; error: () => void; end: () => void },
): Recognition {
  const r = new Constructor();
  r.lang = SPEECH_LANGUAGE;
  r.continuous = true;
  r.interimResults = false;
  r.onresult = (event) => {
    for (let i = event.resultIndex; i < event.results.length; i += 1) {
      const result = event.results[i];
      const text = result?.isFinal ? result[0].transcript.trim() : '';
      if (text) on.phrase(text);
    }
  };
  r.onerror = on.error;
  r.onend = on.end;
  r.start();
  return r;
}
