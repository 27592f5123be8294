import { SPEECH_LANGUAGE } from '@toolkit/contracts/constants.ts';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { toast } from '../../lib/toast-store.ts';

/** The part of the Web Speech API the dictation uses (not in TypeScript's DOM library). */
interface SpeechResultEvent {
  resultIndex: number;
  results: ArrayLike<{ isFinal: boolean; 0: { transcript: string } }>;
}
interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: SpeechResultEvent) => void) | null;
  onerror: (() => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
}
type RecognitionConstructor = new () => Recognition;

export const VOICE_MESSAGES = {
  notSupported: 'Voice recording not supported',
  error: 'Voice recording error',
} as const;

function recognitionConstructor(): RecognitionConstructor | null {
  if (typeof window === 'undefined') return null;
  const scope = window as unknown as Record<string, RecognitionConstructor | undefined>;
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition ?? null;
}

const noChanges = () => () => undefined;
/**
 * Whether this browser can take dictation. A page drawn at build time (decision 034) assumes it
 * can, so the first render matches it; the browser's answer follows at once.
 */
export function useDictationSupported(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => recognitionConstructor() !== null,
    () => true,
  );
}

/**
 * Voice dictation (§4 note editing, §9 en-US): each finished phrase is handed to `onPhrase`.
 * Where the browser has no speech recognition, starting shows 'Voice recording not supported'.
 */
export function useDictation(onPhrase: (phrase: string) => void) {
  const [listening, setListening] = useState(false);
  const recognition = useRef<Recognition | null>(null);
  const phraseHandler = useRef(onPhrase);
  useEffect(() => {
    phraseHandler.current = onPhrase;
  }, [onPhrase]);
  useEffect(() => () => recognition.current?.stop(), []);

  const stop = useCallback(() => recognition.current?.stop(), []);

  const start = useCallback(() => {
    const Constructor = recognitionConstructor();
    if (!Constructor) {
      toast({
        title: VOICE_MESSAGES.notSupported,
        description: 'This browser cannot take dictation. Please type the note.',
        variant: 'destructive',
      });
      return;
    }
    const r = new Constructor();
    r.lang = SPEECH_LANGUAGE;
    r.continuous = true;
    r.interimResults = false;
    r.onresult = (event) => {
      for (let i = event.resultIndex; i < event.results.length; i += 1) {
        const result = event.results[i];
        const text = result?.isFinal ? result[0].transcript.trim() : '';
        if (text) phraseHandler.current(text);
      }
    };
    r.onerror = () => {
      toast({ title: VOICE_MESSAGES.error, description: 'Please try again.', variant: 'destructive' });
    };
    r.onend = () => {
      recognition.current = null;
      setListening(false);
    };
    recognition.current = r;
    r.start();
    setListening(true);
  }, []);

  return { listening, start, stop };
}

/** The note text with a dictated phrase appended, separated by a space. */
export function appendPhrase(text: string, phrase: string): string {
  const base = text.trimEnd();
  return base ? `${base} ${phrase}` : phrase;
}
