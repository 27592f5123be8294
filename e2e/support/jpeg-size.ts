/** Width and height from the frame header (SOF0..SOF15, not DHT/JPG/DAC) of a JPEG data URL. */
export function jpegSize(dataUrl: string): { width: number; height: number } | null {
  const match = /^data:image\/jpeg;base64,(.+)$/.exec(dataUrl);
  if (!match?.[1]) return null;
  const bytes = Buffer.from(match[1], 'base64');
  let i = 2;
  while (i + 9 < bytes.length && bytes[i] === 0xff) {
    const marker = bytes[i + 1] ?? 0;
    const length = bytes.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
    }
    i += 2 + length;
  }
  return null;
}
