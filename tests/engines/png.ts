/** Reads the pixels of a screenshot (8-bit RGB or RGBA PNG, not interlaced), as the engines take them. */
import { inflateSync } from 'node:zlib';

export interface Pixels {
  width: number;
  height: number;
  /** RGBA, row by row. */
  at(x: number, y: number): [number, number, number, number];
}

export function decodePng(png: Buffer): Pixels {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colour, , , interlace] = [body[8], body[9], body[10], body[11], body[12]];
      if (depth !== 8 || (colour !== 2 && colour !== 6) || interlace !== 0)
        throw new Error(`unsupported PNG (depth ${depth}, colour type ${colour}, interlace ${interlace})`);
      channels = colour === 6 ? 4 : 3;
    } else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    for (let i = 0; i < stride; i += 1) {
      const value = raw[y * (stride + 1) + 1 + i] ?? 0;
      const left = i >= channels ? (pixels[y * stride + i - channels] ?? 0) : 0;
      const up = y > 0 ? (pixels[(y - 1) * stride + i] ?? 0) : 0;
      const upLeft = y > 0 && i >= channels ? (pixels[(y - 1) * stride + i - channels] ?? 0) : 0;
      let predicted = 0;
      if (filter === 1) predicted = left;
      else if (filter === 2) predicted = up;
      else if (filter === 3) predicted = (left + up) >> 1;
      else if (filter === 4) {
        const estimate = left + up - upLeft;
        const [a, b, c] = [Math.abs(estimate - left), Math.abs(estimate - up), Math.abs(estimate - upLeft)];
        predicted = a <= b && a <= c ? left : b <= c ? up : upLeft;
      }
      pixels[y * stride + i] = (value + predicted) & 0xff;
    }
  }
  return {
    width,
    height,
    at(x, y) {
      const start = y * stride + x * channels;
      return [
        pixels[start] ?? 0,
        pixels[start + 1] ?? 0,
        pixels[start + 2] ?? 0,
        channels === 4 ? (pixels[start + 3] ?? 0) : 255,
      ];
    },
  };
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The mean x of the pixels inside `box` that pass `matches`, or undefined when none does. */
export function meanX(
  image: Pixels,
  box: Box,
  matches: (rgba: [number, number, number, number]) => boolean,
): number | undefined {
  let sum = 0;
  let count = 0;
  const [left, top] = [Math.max(0, Math.floor(box.x)), Math.max(0, Math.floor(box.y))];
  const right = Math.min(image.width, Math.ceil(box.x + box.width));
  const bottom = Math.min(image.height, Math.ceil(box.y + box.height));
  for (let y = top; y < bottom; y += 1)
    for (let x = left; x < right; x += 1)
      if (matches(image.at(x, y))) {
        sum += x;
        count += 1;
      }
  return count > 0 ? sum / count : undefined;
}
