import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { toast } from '../../lib/toast-store.ts';
import type { Recognition, RecognitionConstructor } from './dictation-session.ts';

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
  // Whether the person still wants to dictate: a Stop (or leaving the screen) while the
  // dictation's code loads means it never starts.
  const wanted = useRef(false);
  const phraseHandler = useRef(onPhrase);
  useEffect(() => {
    phraseHandler.current = onPhrase;
  }, [onPhrase]);
  useEffect(
    () => () => {
      wanted.current = false;
      recognition.current?.stop();
    },
    [],
  );

  const stop = useCallback(() => {
    wanted.current = false;
    if (recognition.current) recognition.current.stop();
    else setListening(false);
  }, []);

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
    wanted.current = true;
    setListening(true);
    const failed = () =>
      toast({ title: VOICE_MESSAGES.error, description: 'Please try again.', variant: 'destructive' });
    import('./dictation-session.ts').then(
      ({ listen }) => {
        if (!wanted.current) return;
        recognition.current = listen(Constructor, {
          phrase: (text) => phraseHandler.current(text),
          error: failed,
          end: () => {
            recognition.current = null;
            wanted.current = false;
            setListening(false);
          },
        });
      },
      () => {
        wanted.current = false;
        setListening(false);
        failed();
      },
    );
  }, []);

  return { listening, start, stop };
}

/** The note text with a dictated phrase appended, separated by a space. */
export function appendPhrase(text: string, phrase: string): string {
  const base = text.trimEnd();
  return base ? `${base} ${phrase}` : phrase;
}
