import { Mic, MicOff } from 'lucide-react';
import { Button } from '../ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { VOICE_MESSAGES, useDictation, useDictationSupported } from './use-dictation.ts';

/**
 * Voice dictation for a note field (§4 note editing, §9 en-US): Dictate starts listening, each
 * finished phrase goes to `onPhrase` (the field appends it), Stop Dictation ends it. Where the
 * browser has no speech recognition the button says so ('Voice recording not supported') and
 * cannot be pressed, instead of failing when pressed.
 */
export function DictationButton({
  onPhrase,
  className,
}: {
  onPhrase: (phrase: string) => void;
  className?: string;
}) {
  const supported = useDictationSupported();
  const dictation = useDictation(onPhrase);
  if (!supported)
    return (
      <Button variant="outline" disabled className={cn('whitespace-normal', className)}>
        <MicOff aria-hidden className="size-5 shrink-0" />
        {VOICE_MESSAGES.notSupported}
      </Button>
    );
  return (
    <Button
      variant="outline"
      aria-pressed={dictation.listening}
      // A press leaves the focus in the note field (its caret, and a field saved on blur stays open).
      onMouseDown={(event) => event.preventDefault()}
      onClick={dictation.listening ? dictation.stop : dictation.start}
      className={className}
    >
      {dictation.listening ? (
        <MicOff aria-hidden className="size-5" />
      ) : (
        <Mic aria-hidden className="size-5" />
      )}
      {dictation.listening ? 'Stop Dictation' : 'Dictate'}
    </Button>
  );
}
