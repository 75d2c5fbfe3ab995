/** The image kinds a profile picture may be, recognised by their first bytes, not their name. */
const SIGNATURES: { extension: string; matches: (bytes: Buffer) => boolean }[] = [
  {
    extension: 'png',
    matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { extension: 'jpg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { extension: 'gif', matches: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
  {
    extension: 'webp',
    matches: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

export const imageExtension = (bytes: Buffer): string | undefined =>
  SIGNATURES.find((signature) => bytes.length >= 12 && signature.matches(bytes))?.extension;
