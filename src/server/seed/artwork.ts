import sharp from 'sharp';
import { deviceDefs, drawDevice, shade, type DeviceArt } from './devices';

const BACKGROUNDS: [string, string][] = [
  ['#eef2ff', '#e0f2fe'],
  ['#fdf2f8', '#fef3c7'],
  ['#ecfdf5', '#e0e7ff'],
  ['#f8fafc', '#e2e8f0'],
];

/** Camera-like framing of each photo of a product: rotation, zoom and shift. */
const FRAMINGS = [
  { rotate: 0, scale: 1, dx: 0, dy: 0 },
  { rotate: -8, scale: 0.88, dx: -30, dy: 20 },
  { rotate: 6, scale: 1.08, dx: 20, dy: -10 },
  { rotate: -3, scale: 0.8, dx: 40, dy: 30 },
];

/** Small deterministic PRNG (mulberry32) so the demo artwork is the same on every run. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 1200x1200 product photo: the device in `color` on a soft gradient with a floor shadow. */
export function productPhotoSvg(art: DeviceArt, color: string, index: number, seed: number) {
  const random = seededRandom(seed * 31 + index);
  const [from, to] = BACKGROUNDS[(seed + index) % BACKGROUNDS.length] ?? BACKGROUNDS[0]!;
  const framing = FRAMINGS[index % FRAMINGS.length] ?? FRAMINGS[0]!;
  const bubbles = Array.from({ length: 5 }, () => {
    const cx = Math.round(random() * 1200);
    const cy = Math.round(random() * 1200);
    const r = Math.round(80 + random() * 220);
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${shade(color, 0.6)}" fill-opacity="0.18"/>`;
  }).join('');
  const angle = index % 2 === 0 ? 'x1="0" y1="0" x2="1" y2="1"' : 'x1="1" y1="0" x2="0" y2="1"';
  const transform =
    `translate(${600 + framing.dx} ${600 + framing.dy}) rotate(${framing.rotate}) ` +
    `scale(${framing.scale}) translate(-600 -600)`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200" viewBox="0 0 1200 1200">
  <defs>
    <linearGradient id="bg" ${angle}>
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient>
    <radialGradient id="shadow">
      <stop offset="0" stop-color="#0f172a" stop-opacity="0.28"/>
      <stop offset="1" stop-color="#0f172a" stop-opacity="0"/>
    </radialGradient>
    ${deviceDefs(seed + index)}
  </defs>
  <rect width="1200" height="1200" fill="url(#bg)"/>
  ${bubbles}
  <ellipse cx="${600 + framing.dx}" cy="${960 + framing.dy}" rx="${460 * framing.scale}" ry="60" fill="url(#shadow)"/>
  <g transform="${transform}">${drawDevice(art, color, index)}</g>
</svg>`;
}

const COVER_PALETTES: [string, string, string][] = [
  ['#0f172a', '#1e3a8a', '#38bdf8'],
  ['#1e1b4b', '#6d28d9', '#f472b6'],
  ['#052e2b', '#0f766e', '#a3e635'],
];

/** A 1200x630 abstract "circuit board" cover for a blog post. */
export function blogCoverSvg(seed: number): string {
  const random = seededRandom(seed * 97 + 7);
  const [from, to, accent] = COVER_PALETTES[seed % COVER_PALETTES.length] ?? COVER_PALETTES[0]!;
  const traces: string[] = [];
  for (let i = 0; i < 14; i++) {
    let x = Math.round(random() * 1200);
    let y = Math.round(random() * 630);
    let d = `M${x} ${y}`;
    for (let step = 0; step < 4; step++) {
      const length = 60 + Math.round(random() * 160);
      if (step % 2 === 0) x += random() < 0.5 ? -length : length;
      else y += random() < 0.5 ? -length / 2 : length / 2;
      d += ` L${x} ${y}`;
    }
    traces.push(
      `<path d="${d}" fill="none" stroke="${accent}" stroke-opacity="0.55" stroke-width="4" stroke-linejoin="round"/>` +
        `<circle cx="${x}" cy="${y}" r="9" fill="${from}" stroke="${accent}" stroke-width="4"/>`,
    );
  }
  const hexagons = Array.from({ length: 4 }, (_, i) => {
    const cx = 760 + i * 110;
    const cy = 200 + (i % 2) * 120;
    const r = 70;
    const points = Array.from({ length: 6 }, (_, k) => {
      const a = (Math.PI / 3) * k + Math.PI / 6;
      return `${Math.round(cx + r * Math.cos(a))},${Math.round(cy + r * Math.sin(a))}`;
    }).join(' ');
    return `<polygon points="${points}" fill="${accent}" fill-opacity="${0.06 + i * 0.04}" stroke="${accent}" stroke-opacity="0.6" stroke-width="3"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient>
    <radialGradient id="glow">
      <stop offset="0" stop-color="${accent}" stop-opacity="0.45"/>
      <stop offset="1" stop-color="${accent}" stop-opacity="0"/>
    </radialGradient>
    <pattern id="dots" width="30" height="30" patternUnits="userSpaceOnUse">
      <circle cx="2" cy="2" r="2" fill="#ffffff" fill-opacity="0.12"/>
    </pattern>
  </defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <rect width="1200" height="630" fill="url(#dots)"/>
  <circle cx="${300 + seed * 200}" cy="330" r="360" fill="url(#glow)"/>
  ${traces.join('')}
  ${hexagons}
  <rect x="120" y="250" width="380" height="130" rx="24" fill="#ffffff" fill-opacity="0.08" stroke="${accent}" stroke-opacity="0.5" stroke-width="3"/>
  <rect x="160" y="290" width="220" height="14" rx="7" fill="#ffffff" fill-opacity="0.6"/>
  <rect x="160" y="325" width="300" height="14" rx="7" fill="#ffffff" fill-opacity="0.3"/>
</svg>`;
}

/** Rasterises an SVG to a quickly-encoded PNG that saveImageRenditions accepts. */
export function svgToPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}
