import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { code39Scene, type SceneOptions } from './barcode-scene.ts';
import { writeFileAtomically, y4mVideo } from './y4m.ts';

/**
 * Chromium's fake camera: a built-in test pattern or the frames of `videoFile`; the permission is
 * granted without a prompt unless `denied`.
 */
export function fakeCameraArgs(videoFile?: string, { denied = false } = {}): string[] {
  return [
    ...(denied ? [] : ['--use-fake-ui-for-media-stream']),
    '--use-fake-device-for-media-stream',
    ...(videoFile ? [`--use-file-for-fake-video-capture=${videoFile}`] : []),
  ];
}

/**
 * Writes (once per name, atomically, so parallel workers never read half a file) a short video of
 * a Code 39 label for the fake camera, and returns its path.
 */
export function code39Video(name: string, text: string, options: SceneOptions = {}): string {
  const dir = path.join(tmpdir(), 'installer-e2e-camera');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.y4m`);
  // Two frames with different sensor noise, played in a loop.
  const frames = [1, 2].map((seed) => code39Scene(text, { ...options, seed }));
  writeFileAtomically(file, y4mVideo(frames));
  return file;
}
