/**
 * Stylised device drawings for the demo product photos, as SVG fragments on a 1200x1200
 * canvas centred on (600, 600). Shapes and gradients only: no <text>, fonts may be missing.
 */

export type DeviceArt =
  | 'laptop'
  | 'phone'
  | 'monitor'
  | 'printer'
  | 'router'
  | 'switch'
  | 'access-point'
  | 'mouse'
  | 'keyboard'
  | 'headset'
  | 'webcam';

/** Mixes a hex colour with white (amount > 0) or black (amount < 0). */
export function shade(hex: string, amount: number): string {
  const value = parseInt(hex.replace('#', ''), 16);
  const target = amount >= 0 ? 255 : 0;
  const t = Math.min(1, Math.abs(amount));
  const channel = (shift: number) => {
    const c = (value >> shift) & 0xff;
    return Math.round(c + (target - c) * t)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

/** Whether a colour is light enough to need a darker outline on a pale background. */
function isLight(hex: string): boolean {
  const v = parseInt(hex.replace('#', ''), 16);
  const luminance = 0.299 * ((v >> 16) & 0xff) + 0.587 * ((v >> 8) & 0xff) + 0.114 * (v & 0xff);
  return luminance > 170;
}

const outline = (color: string) =>
  `stroke="${shade(color, isLight(color) ? -0.35 : -0.4)}" stroke-width="4"`;

/** Shared gradients every device can use: a lit display and a glossy highlight. */
export function deviceDefs(variant: number): string {
  const screens = [
    ['#1e3a8a', '#0ea5e9'],
    ['#312e81', '#a855f7'],
    ['#064e3b', '#14b8a6'],
    ['#7c2d12', '#f59e0b'],
  ];
  const [from, to] = screens[variant % screens.length] ?? ['#1e3a8a', '#0ea5e9'];
  return `
    <linearGradient id="screen" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient>
    <linearGradient id="gloss" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/>
      <stop offset="0.5" stop-color="#ffffff" stop-opacity="0"/>
    </linearGradient>`;
}

/** A few translucent "windows" on a display, so screens do not look empty. */
function screenContent(x: number, y: number, w: number, h: number): string {
  return `
    <rect x="${x + w * 0.06}" y="${y + h * 0.1}" width="${w * 0.5}" height="${h * 0.5}" rx="10" fill="#ffffff" fill-opacity="0.18"/>
    <rect x="${x + w * 0.6}" y="${y + h * 0.1}" width="${w * 0.34}" height="${h * 0.22}" rx="10" fill="#ffffff" fill-opacity="0.28"/>
    <rect x="${x + w * 0.6}" y="${y + h * 0.38}" width="${w * 0.34}" height="${h * 0.22}" rx="10" fill="#ffffff" fill-opacity="0.12"/>
    <rect x="${x + w * 0.06}" y="${y + h * 0.7}" width="${w * 0.88}" height="${h * 0.16}" rx="10" fill="#ffffff" fill-opacity="0.1"/>
    <path d="M${x} ${y} L${x + w * 0.55} ${y} L${x} ${y + h * 0.75} Z" fill="url(#gloss)"/>`;
}

function laptop(color: string): string {
  const base = shade(color, -0.12);
  return `
    <rect x="250" y="290" width="700" height="460" rx="26" fill="${color}" ${outline(color)}/>
    <rect x="278" y="318" width="644" height="404" rx="8" fill="url(#screen)"/>
    ${screenContent(278, 318, 644, 404)}
    <circle cx="600" cy="304" r="6" fill="#111827"/>
    <rect x="250" y="748" width="700" height="18" fill="${shade(color, -0.25)}"/>
    <path d="M170 766 L1030 766 L1075 812 Q1078 828 1060 828 L140 828 Q122 828 125 812 Z" fill="${base}" ${outline(color)}/>
    <rect x="530" y="766" width="140" height="12" rx="6" fill="${shade(color, -0.35)}"/>`;
}

function phone(color: string, variant: number): string {
  const body = `<rect x="430" y="220" width="340" height="700" rx="56" fill="${color}" ${outline(color)}/>`;
  if (variant % 2 === 1) {
    const lens = (cx: number, cy: number) => `
      <circle cx="${cx}" cy="${cy}" r="42" fill="${shade(color, -0.45)}"/>
      <circle cx="${cx}" cy="${cy}" r="28" fill="#0b1220"/>
      <circle cx="${cx - 9}" cy="${cy - 9}" r="8" fill="#ffffff" fill-opacity="0.5"/>`;
    return `${body}
      <rect x="458" y="250" width="170" height="250" rx="40" fill="${shade(color, -0.14)}"/>
      ${lens(520, 318)}${lens(520, 430)}
      <circle cx="590" cy="374" r="14" fill="#fef3c7"/>
      <circle cx="600" cy="690" r="34" fill="${shade(color, 0.2)}" fill-opacity="0.6"/>
      <rect x="430" y="220" width="340" height="700" rx="56" fill="url(#gloss)"/>`;
  }
  const icons = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
    .map((i) => {
      const x = 478 + (i % 4) * 64;
      const y = 330 + Math.floor(i / 4) * 78;
      const fills = ['#f87171', '#fbbf24', '#34d399', '#60a5fa', '#a78bfa', '#f472b6'];
      return `<rect x="${x}" y="${y}" width="46" height="46" rx="12" fill="${fills[i % fills.length]}" fill-opacity="0.85"/>`;
    })
    .join('');
  return `${body}
    <rect x="448" y="238" width="304" height="664" rx="40" fill="url(#screen)"/>
    <circle cx="600" cy="270" r="11" fill="#0b1220"/>
    ${icons}
    <rect x="478" y="800" width="244" height="60" rx="24" fill="#ffffff" fill-opacity="0.2"/>
    <path d="M448 238 L700 238 L448 640 Z" fill="url(#gloss)"/>`;
}

function monitor(color: string): string {
  return `
    <rect x="170" y="220" width="860" height="520" rx="18" fill="${color}" ${outline(color)}/>
    <rect x="190" y="240" width="820" height="460" rx="6" fill="url(#screen)"/>
    <path d="M190 600 C 360 500 520 640 700 540 C 840 470 930 520 1010 480 L1010 700 L190 700 Z" fill="#ffffff" fill-opacity="0.16"/>
    <path d="M190 650 C 380 580 560 690 760 610 C 880 570 960 600 1010 590 L1010 700 L190 700 Z" fill="#ffffff" fill-opacity="0.12"/>
    <circle cx="830" cy="360" r="56" fill="#fde68a" fill-opacity="0.7"/>
    <path d="M190 240 L640 240 L190 560 Z" fill="url(#gloss)"/>
    <rect x="560" y="740" width="80" height="120" fill="${shade(color, -0.12)}"/>
    <rect x="410" y="856" width="380" height="34" rx="17" fill="${shade(color, -0.05)}" ${outline(color)}/>`;
}

function printer(color: string): string {
  const tanks = ['#111827', '#06b6d4', '#ec4899', '#facc15']
    .map(
      (c, i) =>
        `<rect x="${268 + i * 34}" y="520" width="24" height="110" rx="6" fill="${c}" fill-opacity="0.9"/>`,
    )
    .join('');
  return `
    <rect x="410" y="250" width="380" height="200" fill="#ffffff" stroke="#cbd5e1" stroke-width="4"/>
    <rect x="450" y="290" width="260" height="10" rx="5" fill="#cbd5e1"/>
    <rect x="450" y="320" width="300" height="10" rx="5" fill="#e2e8f0"/>
    <rect x="230" y="400" width="740" height="340" rx="40" fill="${color}" ${outline(color)}/>
    <rect x="230" y="400" width="740" height="80" rx="40" fill="${shade(color, 0.18)}"/>
    <rect x="770" y="430" width="160" height="56" rx="12" fill="#0f172a"/>
    <circle cx="800" cy="458" r="9" fill="#22c55e"/><circle cx="832" cy="458" r="9" fill="#38bdf8"/>
    <rect x="856" y="446" width="56" height="24" rx="6" fill="#334155"/>
    <rect x="252" y="506" width="150" height="138" rx="14" fill="${shade(color, -0.2)}"/>
    ${tanks}
    <rect x="440" y="600" width="460" height="26" rx="13" fill="${shade(color, -0.45)}"/>
    <path d="M420 626 L920 626 L960 790 L380 790 Z" fill="${shade(color, -0.1)}" ${outline(color)}/>
    <rect x="470" y="640" width="400" height="120" fill="#ffffff" fill-opacity="0.95"/>
    <rect x="500" y="670" width="240" height="10" rx="5" fill="#cbd5e1"/>`;
}

function router(color: string): string {
  const antennas = [-14, -5, 5, 14]
    .map((angle, i) => {
      const x = 320 + i * 187;
      return `<rect x="${x - 18}" y="250" width="36" height="330" rx="18" fill="${shade(color, -0.15)}" ${outline(color)} transform="rotate(${angle} ${x} 570)"/>`;
    })
    .join('');
  const leds = [0, 1, 2, 3, 4, 5]
    .map((i) => `<circle cx="${420 + i * 72}" cy="660" r="10" fill="#22c55e"/>`)
    .join('');
  return `${antennas}
    <path d="M300 520 L900 520 L960 580 L240 580 Z" fill="${shade(color, 0.15)}" ${outline(color)}/>
    <rect x="240" y="576" width="720" height="160" rx="36" fill="${color}" ${outline(color)}/>
    ${leds}
    <rect x="300" y="700" width="600" height="8" rx="4" fill="${shade(color, -0.3)}"/>`;
}

function networkSwitch(color: string): string {
  const ports = Array.from({ length: 16 }, (_, i) => {
    const x = 300 + (i % 8) * 66 + (i % 8 >= 4 ? 24 : 0);
    const y = i < 8 ? 560 : 630;
    return `<rect x="${x}" y="${y}" width="48" height="44" rx="4" fill="#0f172a"/><rect x="${x + 8}" y="${y + 6}" width="10" height="6" fill="#22c55e"/>`;
  }).join('');
  return `
    <path d="M220 460 L980 460 L1040 520 L160 520 Z" fill="${shade(color, 0.15)}" ${outline(color)}/>
    <rect x="160" y="516" width="880" height="200" rx="18" fill="${color}" ${outline(color)}/>
    ${ports}
    <circle cx="230" cy="580" r="12" fill="#22c55e"/><circle cx="230" cy="630" r="12" fill="#f59e0b"/>`;
}

function accessPoint(color: string): string {
  return `
    <ellipse cx="600" cy="640" rx="360" ry="120" fill="${shade(color, -0.2)}"/>
    <ellipse cx="600" cy="600" rx="360" ry="120" fill="${color}" ${outline(color)}/>
    <ellipse cx="600" cy="590" rx="250" ry="80" fill="${shade(color, 0.12)}"/>
    <ellipse cx="600" cy="590" rx="34" ry="14" fill="#38bdf8"/>
    <path d="M330 440 Q600 300 870 440" fill="none" stroke="#38bdf8" stroke-opacity="0.5" stroke-width="14" stroke-linecap="round"/>
    <path d="M420 400 Q600 320 780 400" fill="none" stroke="#38bdf8" stroke-opacity="0.7" stroke-width="14" stroke-linecap="round"/>`;
}

function mouse(color: string): string {
  return `
    <path d="M600 250 C 790 250 830 450 830 620 C 830 830 730 950 600 950 C 470 950 370 830 370 620 C 370 450 410 250 600 250 Z" fill="${color}" ${outline(color)}/>
    <path d="M600 250 L600 500" stroke="${shade(color, -0.35)}" stroke-width="6"/>
    <path d="M372 520 Q600 560 828 520" fill="none" stroke="${shade(color, -0.25)}" stroke-width="6"/>
    <rect x="582" y="320" width="36" height="100" rx="18" fill="${shade(color, -0.5)}"/>
    <rect x="352" y="560" width="26" height="70" rx="10" fill="${shade(color, -0.3)}"/>
    <path d="M600 250 C 700 250 760 320 790 420 L600 420 Z" fill="url(#gloss)"/>`;
}

function keyboard(color: string): string {
  const keys: string[] = [];
  for (let row = 0; row < 4; row++) {
    for (let col = 0; col < 13; col++) {
      keys.push(
        `<rect x="${180 + col * 66}" y="${420 + row * 66}" width="54" height="54" rx="10" fill="${shade(color, -0.22)}"/>`,
      );
    }
  }
  return `
    <rect x="150" y="380" width="900" height="380" rx="34" fill="${color}" ${outline(color)}/>
    ${keys.join('')}
    <rect x="380" y="684" width="440" height="54" rx="10" fill="${shade(color, -0.22)}"/>
    <rect x="180" y="684" width="186" height="54" rx="10" fill="${shade(color, -0.3)}"/>
    <rect x="834" y="684" width="186" height="54" rx="10" fill="${shade(color, -0.3)}"/>`;
}

function headset(color: string): string {
  return `
    <path d="M360 640 C 340 260 860 260 840 640" fill="none" stroke="${color}" stroke-width="52" stroke-linecap="round"/>
    <path d="M360 640 C 340 260 860 260 840 640" fill="none" stroke="${shade(color, -0.3)}" stroke-width="4"/>
    <rect x="290" y="560" width="150" height="250" rx="70" fill="${color}" ${outline(color)}/>
    <rect x="760" y="560" width="150" height="250" rx="70" fill="${color}" ${outline(color)}/>
    <rect x="420" y="590" width="40" height="190" rx="20" fill="${shade(color, -0.45)}"/>
    <rect x="740" y="590" width="40" height="190" rx="20" fill="${shade(color, -0.45)}"/>
    <path d="M330 780 C 340 900 460 930 560 900" fill="none" stroke="${shade(color, -0.2)}" stroke-width="18" stroke-linecap="round"/>
    <ellipse cx="578" cy="896" rx="36" ry="26" fill="${shade(color, -0.4)}"/>`;
}

function webcam(color: string): string {
  return `
    <rect x="320" y="370" width="560" height="220" rx="110" fill="${color}" ${outline(color)}/>
    <circle cx="600" cy="480" r="96" fill="#334155"/>
    <circle cx="600" cy="480" r="76" fill="#0b1220"/>
    <circle cx="600" cy="480" r="40" fill="#1e3a8a"/>
    <circle cx="580" cy="458" r="14" fill="#ffffff" fill-opacity="0.6"/>
    <circle cx="420" cy="480" r="12" fill="#0f172a"/><circle cx="780" cy="480" r="12" fill="#0f172a"/>
    <circle cx="740" cy="420" r="8" fill="#22c55e"/>
    <rect x="545" y="588" width="110" height="70" fill="${shade(color, -0.2)}"/>
    <path d="M460 656 L740 656 L790 740 L410 740 Z" fill="${shade(color, -0.1)}" ${outline(color)}/>
    <path d="M330 420 Q420 380 520 380 L520 420 Z" fill="url(#gloss)"/>`;
}

/** SVG markup of one device in `color`; `variant` picks small differences (e.g. phone front/back). */
export function drawDevice(art: DeviceArt, color: string, variant: number): string {
  switch (art) {
    case 'laptop':
      return laptop(color);
    case 'phone':
      return phone(color, variant);
    case 'monitor':
      return monitor(color);
    case 'printer':
      return printer(color);
    case 'router':
      return router(color);
    case 'switch':
      return networkSwitch(color);
    case 'access-point':
      return accessPoint(color);
    case 'mouse':
      return mouse(color);
    case 'keyboard':
      return keyboard(color);
    case 'headset':
      return headset(color);
    case 'webcam':
      return webcam(color);
  }
}
