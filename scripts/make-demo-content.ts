// Writes the demo content of app_data/ (docs/architecture.md, "app_data format"): the seven section files, the
// manifest and uploads/. Every image is drawn here (SVG scenes screenshotted by Chromium), the PDFs are printed
// by Chromium, so nothing is taken from elsewhere. Run: bun scripts/make-demo-content.ts
//
// `--scale N --out DIR` writes instead, from the committed app_data/, the demo content N times over into DIR (issue
// 33; scripts/scaled-content.ts): `--scale 40` is twenty years of a busy site (600 archive events, ~2,200 photos,
// 320 upcoming events, 400 messages, 20,000 subscribers), for `BENCH_ONLY=scale bun run bench`.
import { mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { PASSES_FILE } from "@server/modules/passes/seed.ts";
import { slugify } from "@server/shared/slug.ts";
import { chromium, type Page } from "playwright-core";
import { writeScaledAppData } from "./scaled-content.ts";

const ROOT = resolve(import.meta.dir, "..");
const OUT = join(ROOT, "app_data");
const UPLOADS = join(OUT, "uploads");

// ---------------------------------------------------------------- scenes

/** A small deterministic random source, so the scenes are the same on every run. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) % 100_000) / 100_000;
  };
}

type Palette = { sky: [string, string, string]; sun: string; hills: string[]; mist: string };

const PALETTES: Record<string, Palette> = {
  dawn: { sky: ["#f9d9a8", "#f6b77c", "#e98a5a"], sun: "#fff3d6", hills: ["#c9765a", "#9d5a4e", "#6e4250", "#3f2d45"], mist: "#fde8cc" },
  saffron: { sky: ["#fff1d0", "#fbd089", "#f0a04b"], sun: "#fffaf0", hills: ["#d98a3a", "#b8661a", "#8f4c12", "#5c3310"], mist: "#fff1d8" },
  dusk: { sky: ["#2c3366", "#6a5a8e", "#e6a07a"], sun: "#ffd9a0", hills: ["#5a4a78", "#3d3563", "#2a2550", "#1a1f3d"], mist: "#c7b3d0" },
  sage: { sky: ["#eef3e4", "#cfdcbf", "#a9c1a0"], sun: "#fffdf2", hills: ["#8fae8a", "#6d9170", "#4f7457", "#34543f"], mist: "#f3f7ea" },
  sea: { sky: ["#e8f0f4", "#bcd3de", "#8fb3c6"], sun: "#fff8e6", hills: ["#6f98ad", "#4f7c95", "#35607a", "#22445c"], mist: "#eef5f8" },
  rose: { sky: ["#fbe6df", "#f2c2b5", "#d99a95"], sun: "#fff6ee", hills: ["#c98a8a", "#a86b74", "#7f4f62", "#52374c"], mist: "#fdeee8" },
  night: { sky: ["#0f1430", "#1a1f3d", "#3a3f72"], sun: "#f7ecd0", hills: ["#2c3366", "#232a58", "#1a1f46", "#11152f"], mist: "#4a5490" },
};

function ridge(rand: () => number, width: number, base: number, amplitude: number): string {
  const phases = [rand() * 6, rand() * 6, rand() * 6];
  const points: string[] = [];
  for (let x = 0; x <= width; x += 20) {
    const y = base - amplitude * (0.55 * Math.sin(x / 180 + phases[0]!) + 0.3 * Math.sin(x / 75 + phases[1]!) + 0.15 * Math.sin(x / 33 + phases[2]!));
    points.push(`${x},${y.toFixed(1)}`);
  }
  return `M0,800 L${points.join(" L")} L${width},800 Z`;
}

function skyDefs(p: Palette, id: string) {
  return `<linearGradient id="sky${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="0.55" stop-color="${p.sky[1]}"/><stop offset="1" stop-color="${p.sky[2]}"/></linearGradient>
  <radialGradient id="glow${id}"><stop offset="0" stop-color="${p.sun}" stop-opacity="0.95"/><stop offset="0.25" stop-color="${p.sun}" stop-opacity="0.5"/><stop offset="1" stop-color="${p.sun}" stop-opacity="0"/></radialGradient>
  <filter id="blur${id}"><feGaussianBlur stdDeviation="18"/></filter>`;
}

function hillsScene(p: Palette, seed: number, options: { moon?: boolean } = {}) {
  const rand = random(seed);
  const sunX = 250 + rand() * 700;
  const sunY = 260 + rand() * 160;
  const layers = p.hills
    .map((color, i) => `<path d="${ridge(rand, 1200, 470 + i * 85, 60 + rand() * 50 - i * 8)}" fill="${color}" opacity="${0.92 + i * 0.02}"/>`)
    .join("");
  const stars = options.moon
    ? Array.from(
        { length: 70 },
        () => `<circle cx="${rand() * 1200}" cy="${rand() * 420}" r="${0.6 + rand() * 1.6}" fill="#fff" opacity="${0.3 + rand() * 0.6}"/>`,
      ).join("")
    : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800"><defs>${skyDefs(p, "a")}</defs>
  <rect width="1200" height="800" fill="url(#skya)"/>${stars}
  <circle cx="${sunX}" cy="${sunY}" r="260" fill="url(#glowa)"/>
  <circle cx="${sunX}" cy="${sunY}" r="${options.moon ? 46 : 70}" fill="${p.sun}"/>
  <ellipse cx="600" cy="${520 + rand() * 60}" rx="700" ry="40" fill="${p.mist}" opacity="0.35" filter="url(#blura)"/>
  ${layers}</svg>`;
}

function petal(cx: number, cy: number, length: number, width: number, angle: number, fill: string, opacity = 1) {
  return `<path d="M0,0 C${width},${-length * 0.35} ${width * 0.6},${-length * 0.85} 0,${-length} C${-width * 0.6},${-length * 0.85} ${-width},${-length * 0.35} 0,0 Z" transform="translate(${cx} ${cy}) rotate(${angle})" fill="${fill}" opacity="${opacity}"/>`;
}

function lotusScene(p: Palette, seed: number) {
  const rand = random(seed);
  const cx = 480 + rand() * 240;
  const cy = 520;
  const back = [-70, -45, -22, 0, 22, 45, 70].map((a) => petal(cx, cy, 230, 70, a, p.hills[0]!, 0.85)).join("");
  const front = [-52, -26, 0, 26, 52].map((a) => petal(cx, cy + 8, 190, 62, a, p.hills[1]!, 0.95)).join("");
  const inner = [-18, 0, 18].map((a) => petal(cx, cy + 10, 140, 48, a, p.sun, 0.9)).join("");
  const ripples = Array.from(
    { length: 6 },
    (_, i) =>
      `<ellipse cx="${cx}" cy="${cy + 40}" rx="${160 + i * 90}" ry="${22 + i * 12}" fill="none" stroke="${p.mist}" stroke-opacity="${0.5 - i * 0.07}" stroke-width="2"/>`,
  ).join("");
  const pads = Array.from({ length: 4 }, () => {
    const x = rand() * 1200;
    const y = 640 + rand() * 120;
    return `<ellipse cx="${x}" cy="${y}" rx="${70 + rand() * 50}" ry="${16 + rand() * 8}" fill="${p.hills[2]}" opacity="0.8"/>`;
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800"><defs>${skyDefs(p, "b")}
  <linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.hills[2]}"/><stop offset="1" stop-color="${p.hills[3]}"/></linearGradient></defs>
  <rect width="1200" height="800" fill="url(#skyb)"/>
  <circle cx="${cx}" cy="330" r="330" fill="url(#glowb)"/>
  <rect y="540" width="1200" height="260" fill="url(#water)"/>${ripples}${pads}${back}${front}${inner}</svg>`;
}

function flameScene(p: Palette, seed: number) {
  const rand = random(seed);
  const bokeh = Array.from(
    { length: 28 },
    () => `<circle cx="${rand() * 1200}" cy="${rand() * 800}" r="${10 + rand() * 55}" fill="${p.sun}" opacity="${0.05 + rand() * 0.18}"/>`,
  ).join("");
  const lamps = Array.from({ length: 5 }, (_, i) => {
    const x = 180 + i * 210 + (rand() - 0.5) * 40;
    const y = 600 + (rand() - 0.5) * 40;
    const s = 0.75 + rand() * 0.45;
    return `<g transform="translate(${x} ${y}) scale(${s})">
      <circle cx="0" cy="-60" r="70" fill="url(#glowc)"/>
      <path d="M0,-95 C18,-70 20,-45 0,-30 C-20,-45 -18,-70 0,-95 Z" fill="#ffd27a"/>
      <path d="M0,-78 C8,-62 8,-48 0,-38 C-8,-48 -8,-62 0,-78 Z" fill="#fff7e0"/>
      <path d="M-70,-28 Q0,40 70,-28 Z" fill="${p.hills[1]}"/><path d="M-70,-28 L70,-28" stroke="${p.hills[0]}" stroke-width="6"/></g>`;
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800"><defs>${skyDefs(p, "c")}</defs>
  <rect width="1200" height="800" fill="url(#skyc)"/>${bokeh}
  <rect y="640" width="1200" height="160" fill="${p.hills[3]}" opacity="0.85"/>${lamps}</svg>`;
}

function mandalaScene(p: Palette, seed: number) {
  const rand = random(seed);
  const rings = [300, 240, 180, 120, 70]
    .map((r, ring) => {
      const count = 8 + ring * 4;
      const offset = rand() * 30;
      return Array.from({ length: count }, (_, i) =>
        petal(600, 400, r, r * 0.22, offset + (360 / count) * i, p.hills[ring % 4]!, 0.55 + ring * 0.08),
      ).join("");
    })
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800"><defs>${skyDefs(p, "d")}</defs>
  <rect width="1200" height="800" fill="url(#skyd)"/><circle cx="600" cy="400" r="380" fill="url(#glowd)"/>${rings}
  <circle cx="600" cy="400" r="34" fill="${p.sun}"/></svg>`;
}

function figure(x: number, y: number, scale: number, color: string) {
  return `<g transform="translate(${x} ${y}) scale(${scale})" fill="${color}">
    <circle cx="0" cy="-150" r="30"/>
    <path d="M-42,-112 Q0,-128 42,-112 L58,-20 Q0,-8 -58,-20 Z"/>
    <path d="M-110,0 Q-60,-40 0,-28 Q60,-40 110,0 Q60,18 0,12 Q-60,18 -110,0 Z"/></g>`;
}

function gatheringScene(p: Palette, seed: number) {
  const rand = random(seed);
  const people = Array.from({ length: 9 }, (_, i) => {
    const angle = (Math.PI * (i + 0.5)) / 9;
    const x = 600 - Math.cos(angle) * (420 + rand() * 30);
    const y = 520 + Math.sin(angle) * 160;
    return figure(x, y, 0.55 + Math.sin(angle) * 0.35, p.hills[3]!);
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800"><defs>${skyDefs(p, "e")}</defs>
  <rect width="1200" height="800" fill="url(#skye)"/>
  <path d="M300,800 L300,300 Q600,40 900,300 L900,800 Z" fill="${p.mist}" opacity="0.35"/>
  <circle cx="600" cy="470" r="220" fill="url(#glowe)"/>
  <path d="M600,420 C625,455 625,490 600,510 C575,490 575,455 600,420 Z" fill="#ffd27a"/>
  <rect y="560" width="1200" height="240" fill="${p.hills[1]}" opacity="0.5"/>${people}</svg>`;
}

function seaScene(p: Palette, seed: number) {
  const rand = random(seed);
  const sunX = 300 + rand() * 600;
  const waves = Array.from({ length: 14 }, (_, i) => {
    const y = 470 + i * 24 + i * i * 0.8;
    let d = `M0,${y}`;
    for (let x = 0; x <= 1200; x += 60) d += ` Q${x + 30},${y - 6 - rand() * 6} ${x + 60},${y}`;
    return `<path d="${d}" fill="none" stroke="${p.mist}" stroke-opacity="${0.25 + rand() * 0.3}" stroke-width="${1.5 + i * 0.2}"/>`;
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800"><defs>${skyDefs(p, "f")}
  <linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.hills[1]}"/><stop offset="1" stop-color="${p.hills[3]}"/></linearGradient></defs>
  <rect width="1200" height="800" fill="url(#skyf)"/>
  <circle cx="${sunX}" cy="430" r="300" fill="url(#glowf)"/><circle cx="${sunX}" cy="430" r="80" fill="${p.sun}"/>
  <rect y="460" width="1200" height="340" fill="url(#sea)"/>
  <rect x="${sunX - 70}" y="462" width="140" height="338" fill="${p.sun}" opacity="0.18"/>${waves}
  <path d="M0,470 Q200,${420 - rand() * 40} 380,470 Z" fill="${p.hills[3]}" opacity="0.8"/></svg>`;
}

function treesScene(p: Palette, seed: number) {
  const rand = random(seed);
  const trees = Array.from({ length: 38 }, (_, i) => {
    const depth = i / 38;
    const x = rand() * 1240 - 20;
    const base = 560 + depth * 220;
    const h = 180 + depth * 260 + rand() * 80;
    const w = h * 0.28;
    const color = p.hills[Math.min(3, Math.floor(depth * 4))]!;
    return `<path d="M${x},${base - h} L${x + w / 2},${base} L${x - w / 2},${base} Z" fill="${color}"/><rect x="${x - 4}" y="${base}" width="8" height="24" fill="${color}"/>`;
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800"><defs>${skyDefs(p, "g")}</defs>
  <rect width="1200" height="800" fill="url(#skyg)"/><circle cx="${300 + rand() * 600}" cy="250" r="260" fill="url(#glowg)"/>
  <path d="${ridge(rand, 1200, 520, 70)}" fill="${p.hills[0]}" opacity="0.6"/>${trees}</svg>`;
}

function meditatorScene(p: Palette, seed: number, width = 1200, height = 800) {
  const rand = random(seed);
  const cx = width / 2;
  const cy = height * 0.68;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${skyDefs(p, "h")}</defs>
  <rect width="${width}" height="${height}" fill="url(#skyh)"/>
  <circle cx="${cx}" cy="${cy - 190}" r="${height * 0.42}" fill="url(#glowh)"/>
  <circle cx="${cx}" cy="${cy - 190}" r="${height * 0.16}" fill="${p.sun}" opacity="0.85"/>
  <path d="${ridge(rand, width, height * 0.8, 40)}" fill="${p.hills[1]}" opacity="0.7" transform="scale(1 ${height / 800})"/>
  ${figure(cx, cy + 40, height / 520, p.hills[3]!)}
  <rect y="${height * 0.9}" width="${width}" height="${height * 0.1}" fill="${p.hills[3]}" opacity="0.6"/></svg>`;
}

const SCENES = {
  hills: hillsScene,
  night: (p: Palette, s: number) => hillsScene(p, s, { moon: true }),
  lotus: lotusScene,
  flame: flameScene,
  mandala: mandalaScene,
  gathering: gatheringScene,
  sea: seaScene,
  trees: treesScene,
  meditator: (p: Palette, s: number) => meditatorScene(p, s),
};
type SceneName = keyof typeof SCENES;

const pending: { name: string; svg: string; width: number; height: number }[] = [];

/** Queues a scene and answers its public URL. */
function image(name: string, scene: SceneName, palette: keyof typeof PALETTES, seed: number): string {
  pending.push({ name: `${name}.jpg`, svg: SCENES[scene](PALETTES[palette]!, seed), width: 1200, height: 800 });
  return `/uploads/${name}.jpg`;
}

async function renderImages(page: Page) {
  for (const item of pending) {
    await page.setViewportSize({ width: item.width, height: item.height });
    await page.setContent(`<html><body style="margin:0">${item.svg}</body></html>`);
    const bytes = await page.screenshot({ type: "jpeg", quality: 72, clip: { x: 0, y: 0, width: item.width, height: item.height } });
    await Bun.write(join(UPLOADS, item.name), bytes);
  }
}

async function renderPdf(page: Page, name: string, title: string, lines: string[]) {
  await page.setContent(`<html><body style="font-family:'DejaVu Serif',serif;color:#221f1a;margin:48px">
    <p style="letter-spacing:.2em;text-transform:uppercase;color:#8f4c12;font-size:11px">Vedanta and Yoga Association of Melbourne</p>
    <h1 style="font-size:26px;margin:0 0 18px">${title}</h1>${lines.map((line) => `<p style="font-size:13px;line-height:1.6">${line}</p>`).join("")}
    <p style="font-size:11px;color:#6b6459;margin-top:32px">Demo document generated for the website's sample content.</p></body></html>`);
  await Bun.write(join(UPLOADS, name), await page.pdf({ format: "A4", printBackground: false }));
  return `/uploads/${name}`;
}

// ---------------------------------------------------------------- content

const at = (date: string) => `${date}T09:00:00.000Z`;
const html = (...paragraphs: string[]) => paragraphs.map((p) => `<p>${p}</p>`).join("");

async function main() {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(UPLOADS, { recursive: true });
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
  const page = await browser.newPage();

  pending.push({ name: "profile-portrait.jpg", svg: meditatorScene(PALETTES.saffron!, 7, 800, 1000), width: 800, height: 1000 });

  const retreatPdf = await renderPdf(page, "summer-silence-retreat-programme.pdf", "Summer Silence Retreat 2027: Programme", [
    "Friday 15 January: arrival from 3 pm, welcome circle at 6 pm, light dinner, evening meditation.",
    "Saturday and Sunday: 6:30 am meditation and gentle hatha yoga; 9:30 am talk on the Mandukya Upanishad; 11 am silent walk; afternoon rest, questions and answers; 7 pm chanting and meditation.",
    "Monday 18 January: closing talk, shared lunch, departure by 2 pm.",
    "Please bring a meditation cushion if you have one, warm layers for the mornings, and a water bottle. All meals are vegetarian; tell us about any dietary needs when you register.",
  ]);
  const symposiumPdf = await renderPdf(page, "symposium-2025-karma-yoga-notes.pdf", "Symposium on Karma Yoga (2025): Notes", [
    "Session 1: Action without anxiety. What the Gita means by doing one's duty without clinging to its fruits.",
    "Session 2: Work as worship. Offering each action, however small, and the freedom it brings.",
    "Session 3: Panel and questions. Karma yoga at work, at home and in the community.",
  ]);

  const events = [
    {
      id: 1,
      name: "Summer Silence Retreat",
      type: "retreat",
      startDate: "2027-01-15",
      endDate: "2027-01-18",
      time: "Fri 3:00 pm – Mon 2:00 pm",
      location: "Sky High Retreat Centre, Dandenong Ranges",
      description: html(
        "Four days of silence, meditation and study in the hills east of Melbourne. Each day begins with meditation and gentle yoga at sunrise, continues with talks on the <strong>Mandukya Upanishad</strong>, and ends with chanting under the stars.",
        "The retreat suits newcomers and experienced students alike. Vegetarian meals and shared rooms are included; a small number of single rooms are available on request.",
      ),
      isHighlighted: true,
      registrationLink: null,
      attachmentName: "Retreat Programme",
      attachmentFile: retreatPdf,
      archiveDescription: null,
      images: [
        image("event-summer-retreat-1", "hills", "dawn", 11),
        image("event-summer-retreat-2", "trees", "sage", 12),
        image("event-summer-retreat-3", "night", "night", 13),
      ],
      year: "2027",
      createdAt: at("2026-09-02"),
    },
    {
      id: 2,
      name: "Introduction to the Bhagavad Gita",
      type: "course",
      startDate: "2027-02-06",
      endDate: "2027-03-27",
      time: "Saturdays, 10:00 am – 12:00 pm",
      location: "Association Hall, 42 Rose Street, Fitzroy",
      description: html(
        "An eight-week course reading the Bhagavad Gita chapter by chapter: the dialogue between Krishna and Arjuna on the battlefield, and what it teaches about acting well, seeing clearly and finding peace in the middle of ordinary life.",
        "No previous study is needed. Bring a copy of the Gita in any translation; notes are provided each week.",
      ),
      isHighlighted: false,
      registrationLink: null,
      attachmentName: null,
      attachmentFile: null,
      archiveDescription: null,
      images: [],
      year: "2027",
      createdAt: at("2026-09-10"),
    },
    {
      id: 3,
      name: "Maha Shivaratri: A Night of Meditation",
      type: "celebration",
      startDate: "2027-03-06",
      endDate: null,
      time: "7:00 pm – 12:00 am",
      location: "Association Hall, 42 Rose Street, Fitzroy",
      description: html(
        "We keep the great night of Shiva together with chanting, silent meditation and a short talk on the meaning of <em>Om Namah Shivaya</em>. Come for an hour or stay until midnight; light refreshments are served.",
      ),
      isHighlighted: true,
      registrationLink: "https://example.org/register/maha-shivaratri-2027",
      attachmentName: null,
      attachmentFile: null,
      archiveDescription: null,
      images: [image("event-shivaratri-1", "flame", "night", 21), image("event-shivaratri-2", "mandala", "dusk", 22)],
      year: "2027",
      createdAt: at("2026-10-01"),
    },
    {
      id: 4,
      name: "Breath and Stillness Workshop",
      type: "workshop",
      startDate: "2027-04-10",
      endDate: null,
      time: "2:00 pm – 5:00 pm",
      location: "Carlton North Community Centre",
      description: html("An afternoon of gentle pranayama and guided relaxation to settle the mind. Mats and cushions provided."),
      isHighlighted: false,
      registrationLink: null,
      attachmentName: null,
      attachmentFile: null,
      archiveDescription: null,
      images: [],
      year: "2027",
      createdAt: at("2026-10-12"),
    },
    {
      id: 5,
      name: "Vedanta Symposium: The Self and the World",
      type: "symposium",
      startDate: "2027-05-22",
      endDate: "2027-05-23",
      time: "9:30 am – 4:30 pm",
      location: "Melbourne Town Hall, Swanston Street",
      description: html(
        "Two days of talks and conversations on the central question of Vedanta: if the Self is one, what is the world we live in? Teachers from Melbourne, Sydney and Auckland speak on Shankara's commentaries, modern science and daily practice.",
        "Each session closes with open questions. Lunch is shared on both days.",
      ),
      isHighlighted: false,
      registrationLink: "https://example.org/register/vedanta-symposium-2027",
      attachmentName: null,
      attachmentFile: null,
      archiveDescription: null,
      images: [image("event-symposium-2027-1", "gathering", "rose", 31)],
      year: "2027",
      createdAt: at("2026-10-20"),
    },
    {
      id: 6,
      name: "Yoga Teacher Training: Foundations",
      type: "training",
      startDate: "2027-07-03",
      endDate: "2027-09-25",
      time: "Saturdays, 8:30 am – 4:00 pm",
      location: "Association Hall, 42 Rose Street, Fitzroy",
      description: html(
        "A twelve-week foundation for those who wish to share yoga with others: asana and alignment, pranayama, the Yoga Sutras of Patanjali, anatomy for teachers and the art of holding a class with care.",
        "Entry is by a short conversation with the teacher; write to us to arrange one.",
      ),
      isHighlighted: false,
      registrationLink: null,
      attachmentName: null,
      attachmentFile: null,
      archiveDescription: null,
      images: [image("event-teacher-training-1", "lotus", "saffron", 41), image("event-teacher-training-2", "meditator", "sage", 42)],
      year: "2027",
      createdAt: at("2026-11-02"),
    },
    // Already past (2026): the server shows these in the archive.
    {
      id: 7,
      name: "Spring Equinox Gathering",
      type: "celebration",
      startDate: "2026-09-20",
      endDate: null,
      time: "5:00 pm – 8:00 pm",
      location: "Edinburgh Gardens, Fitzroy North",
      description: html(
        "An evening under the trees to welcome the spring: a short meditation, chanting, and a shared vegetarian picnic as the sun goes down.",
      ),
      isHighlighted: false,
      registrationLink: null,
      attachmentName: null,
      attachmentFile: null,
      archiveDescription: html(
        "More than sixty friends gathered in the gardens to welcome the spring with chanting, a guided meditation and a picnic that went on long after sunset.",
      ),
      images: [image("event-spring-equinox-1", "trees", "dawn", 51), image("event-spring-equinox-2", "gathering", "saffron", 52)],
      year: "2026",
      createdAt: at("2026-07-15"),
    },
    {
      id: 8,
      name: "Weekend Workshop: The Art of Listening",
      type: "workshop",
      startDate: "2026-10-17",
      endDate: "2026-10-18",
      time: "10:00 am – 4:00 pm",
      location: "Association Hall, 42 Rose Street, Fitzroy",
      description: html(
        "Shravana, listening, is the first step of Vedantic study. Over a weekend we practise listening to the teaching, to each other and to silence itself.",
      ),
      isHighlighted: false,
      registrationLink: null,
      attachmentName: null,
      attachmentFile: null,
      archiveDescription: html(
        "Two days on <em>shravana</em>, the practice of listening, with readings from the Kena Upanishad and long periods of shared silence.",
      ),
      images: [image("event-art-of-listening-1", "sea", "sea", 61), image("event-art-of-listening-2", "mandala", "sage", 62)],
      year: "2026",
      createdAt: at("2026-08-20"),
    },
  ];

  const classes = [
    {
      id: 1,
      name: "Morning Hatha Yoga",
      level: "Beginner",
      days: "Monday, Wednesday",
      time: "7:00 am – 8:15 am",
      location: "Association Hall, Fitzroy",
      description: html(
        "Gentle postures, steady breathing and a short relaxation to begin the day. Ideal if you are new to yoga or returning after a break.",
      ),
      icon: "yoga",
      createdAt: at("2025-01-10"),
    },
    {
      id: 2,
      name: "Vedanta Study Circle",
      level: "None",
      days: "Tuesday",
      time: "7:30 pm – 9:00 pm",
      location: "Association Hall, Fitzroy",
      description: html(
        "A weekly reading of the <strong>Upanishads</strong> with commentary, questions and discussion. Everyone is welcome; no preparation needed.",
      ),
      icon: "book",
      createdAt: at("2025-01-11"),
    },
    {
      id: 3,
      name: "Meditation and Pranayama",
      level: "Intermediate",
      days: "Thursday",
      time: "6:30 pm – 7:45 pm",
      location: "Carlton North Community Centre",
      description: html(
        "Breathing practices that prepare the mind, followed by thirty minutes of silent meditation. Some regular practice is helpful.",
      ),
      icon: "meditation",
      createdAt: at("2025-01-12"),
    },
    {
      id: 4,
      name: "Vinyasa Flow",
      level: "Advanced",
      days: "Saturday",
      time: "8:00 am – 9:30 am",
      location: "Association Hall, Fitzroy",
      description: html("A strong, flowing practice linking breath and movement, with inversions and arm balances for experienced students."),
      icon: "sun",
      createdAt: at("2025-01-13"),
    },
    {
      id: 5,
      name: "Sanskrit Chanting",
      level: "Beginner",
      days: "Sunday",
      time: "5:00 pm – 6:00 pm",
      location: "Association Hall, Fitzroy",
      description: html("Learn to chant the Gita and the Upanishads with correct pronunciation and feel. Texts in transliteration are provided."),
      icon: "chant",
      createdAt: at("2025-01-14"),
    },
    {
      id: 6,
      name: "Restorative Evening Yoga",
      level: "Intermediate",
      days: "Friday",
      time: "6:00 pm – 7:15 pm",
      location: "Online and in the Hall",
      description: html("Slow, supported postures held for several minutes, closing with yoga nidra. A quiet end to the working week."),
      icon: "moon",
      createdAt: at("2025-02-01"),
    },
  ];

  const archive = (
    id: number,
    title: string,
    date: string,
    type: string,
    year: string,
    description: string,
    scenes: [SceneName, keyof typeof PALETTES][],
    attachment?: { name: string; file: string },
  ) => {
    const urls = scenes.map(([scene, palette], i) => image(`archive-${slugify(title, "archive")}-${i + 1}`, scene, palette, id * 10 + i));
    return {
      id,
      title,
      date,
      type,
      year,
      description,
      image: urls[0]!,
      attachmentName: attachment?.name ?? null,
      attachmentFile: attachment?.file ?? null,
      images: urls.length > 1 ? urls.slice(1) : null,
      createdAt: at(`${year}-12-01`),
    };
  };

  const archiveEvents = [
    archive(
      1,
      "Autumn Retreat at Warburton",
      "April 12-14, 2019",
      "retreat",
      "2019",
      html("Our first residential retreat: three days of meditation, walks along the Yarra and talks on the <em>Isha Upanishad</em>."),
      [
        ["trees", "sage"],
        ["hills", "dawn"],
        ["lotus", "sea"],
      ],
    ),
    archive(
      2,
      "First Gita Jayanti Celebration",
      "December 8, 2019",
      "celebration",
      "2019",
      html("We read all eighteen chapters of the Bhagavad Gita aloud together, taking turns through a long and joyful afternoon."),
      [
        ["flame", "saffron"],
        ["mandala", "dawn"],
      ],
    ),
    archive(
      3,
      "Online Upanishad Course",
      "June - August, 2020",
      "course",
      "2020",
      html(
        "When the hall closed, the teaching moved online: ten weeks on the <strong>Katha Upanishad</strong> with students joining from five countries.",
      ),
      [
        ["night", "night"],
        ["sea", "sea"],
      ],
    ),
    archive(
      4,
      "Kenopanishad Study Weekend",
      "March 20-21, 2021",
      "workshop",
      "2021",
      html("A weekend with the Kena Upanishad: who is it that sees through the eyes and hears through the ears?"),
      [
        ["mandala", "sage"],
        ["hills", "sage"],
        ["gathering", "sage"],
      ],
    ),
    archive(
      5,
      "Winter Solstice Satsang",
      "June 21, 2021",
      "celebration",
      "2021",
      html("On the longest night of the year we gathered by lamplight for chanting, stories and silence."),
      [
        ["flame", "night"],
        ["night", "dusk"],
      ],
    ),
    archive(
      6,
      "Vedanta Symposium 2022: Consciousness",
      "September 10-11, 2022",
      "symposium",
      "2022",
      html(
        "Philosophers, scientists and teachers met to ask what consciousness is, with Vedanta, neuroscience and the great traditions in conversation.",
      ),
      [
        ["gathering", "dusk"],
        ["mandala", "night"],
        ["meditator", "dusk"],
      ],
    ),
    archive(
      7,
      "Hatha Yoga Teacher Training 2022",
      "February - May, 2022",
      "training",
      "2022",
      html("Twelve new teachers completed our first teacher training, grounded in the Yoga Sutras and in careful, kind practice."),
      [
        ["meditator", "saffron"],
        ["lotus", "saffron"],
        ["sea", "dawn"],
      ],
    ),
    archive(
      8,
      "Great Ocean Road Retreat",
      "November 3-6, 2023",
      "retreat",
      "2023",
      html("Four days by the sea at Lorne: sunrise meditation on the beach, talks on the <em>Mandukya Upanishad</em> and long walks in the forest."),
      [
        ["sea", "dawn"],
        ["sea", "sea"],
        ["trees", "sea"],
        ["hills", "sea"],
      ],
    ),
    archive(
      9,
      "Meditation in Daily Life Workshop",
      "July 15, 2023",
      "workshop",
      "2023",
      html("Practical ways to bring a meditative mind to work, family and the commute, with short practices to take home."),
      [
        ["lotus", "rose"],
        ["meditator", "rose"],
      ],
    ),
    archive(
      10,
      "Mandukya Upanishad Course",
      "February - April, 2024",
      "course",
      "2024",
      html("Ten evenings on the shortest and deepest Upanishad: the three states of waking, dream and sleep, and the fourth that underlies them."),
      [
        ["night", "night"],
        ["mandala", "night"],
      ],
    ),
    archive(
      11,
      "Ten Years of the Association Hall",
      "October 19, 2024",
      "celebration",
      "2024",
      html("We celebrated ten years in our Fitzroy hall with music, a shared feast and thanks to everyone who has helped along the way."),
      [
        ["gathering", "saffron"],
        ["flame", "dawn"],
        ["mandala", "saffron"],
      ],
    ),
    archive(
      12,
      "Symposium on Karma Yoga",
      "May 17-18, 2025",
      "symposium",
      "2025",
      html("Two days on action without attachment: what the Gita teaches about work, duty and freedom."),
      [
        ["gathering", "rose"],
        ["hills", "rose"],
      ],
      { name: "Symposium Notes", file: symposiumPdf },
    ),
    archive(
      13,
      "Mountain Silence Retreat",
      "January 10-13, 2025",
      "retreat",
      "2025",
      html("Four days of silence at Mount Macedon: meditation, yoga and the quiet of the high forest."),
      [
        ["hills", "dusk"],
        ["trees", "dusk"],
        ["night", "night"],
      ],
    ),
    archive(
      14,
      "Pranayama Training Intensive",
      "August 2-3, 2025",
      "training",
      "2025",
      html("An intensive weekend for teachers on the safe practice and teaching of breathing techniques."),
      [
        ["sea", "sage"],
        ["lotus", "sage"],
      ],
    ),
    archive(
      15,
      "Guru Purnima 2026",
      "July 10, 2026",
      "celebration",
      "2026",
      html(
        "On the full moon of the teacher we gave thanks to the lineage of teachers with chanting, offerings and a talk on the meaning of <em>guru</em>.",
      ),
      [
        ["night", "dusk"],
        ["flame", "saffron"],
        ["lotus", "dusk"],
      ],
    ),
  ];

  const profile = {
    id: 1,
    name: "Swami Atmananda",
    title: "Teacher of Yoga and Vedanta",
    biography: html(
      "Swami Atmananda is the president of the Vedanta and Yoga Association of Melbourne and has taught yoga and Vedanta for over 27 years.",
      "Trained in the classical tradition of Advaita Vedanta in Rishikesh and Chennai, Swamiji brings the teaching of the <strong>Upanishads</strong> and the <strong>Bhagavad Gita</strong> to everyday life with clarity, simplicity and humour. Alongside the weekly classes, Swamiji leads retreats in the hills and by the sea, and speaks at symposiums across Australia and New Zealand.",
    ),
    quote: "Come and discover the lightness of life.",
    profileImage: "/uploads/profile-portrait.jpg",
    email: "namaste@vedantayoga.org.au",
    phone: "+61 3 9417 2027",
    address: "42 Rose Street, Fitzroy VIC 3065, Melbourne",
    updatedAt: "2026-11-01T10:00:00.000Z",
  };

  const notifications = [
    {
      id: 1,
      message: "<p>Our <strong>Summer Silence Retreat</strong> in January has only a few places left. Register soon to secure yours.</p>",
      isActive: true,
      startDate: "2026-11-01",
      endDate: "2027-01-10",
      type: "priority-1",
      link: null,
      createdAt: at("2026-11-01"),
    },
    {
      id: 2,
      message: "<p>The association hall is closed for the summer break from 24 December to 4 January. Classes resume on Monday 5 January.</p>",
      isActive: true,
      startDate: "2026-11-15",
      endDate: null,
      type: "info",
      link: "https://example.org/vedanta-yoga-melbourne/summer-timetable",
      createdAt: at("2026-11-15"),
    },
    {
      id: 3,
      message: "<p>New: a Friday evening restorative class, online and in the hall.</p>",
      isActive: true,
      startDate: "2026-11-10",
      endDate: "2027-03-31",
      type: "priority-3",
      link: null,
      createdAt: at("2026-11-10"),
    },
  ];

  const messages = [
    {
      id: 1,
      name: "Priya Raman",
      email: "priya.raman@example.com",
      subject: "Beginner classes",
      message: "Hello, I have never done yoga before. Is the Monday morning class suitable for a complete beginner?\nThank you, Priya",
      createdAt: "2026-11-12T08:14:00.000Z",
      isRead: true,
    },
    {
      id: 2,
      name: "Tom Gallagher",
      email: "tom.g@example.com",
      subject: "Summer retreat: dietary needs",
      message: "Hi, I'd love to join the January retreat. I'm gluten intolerant; can the kitchen cater for that?",
      createdAt: "2026-11-19T21:40:00.000Z",
      isRead: false,
    },
  ];

  const subscribers = [
    { id: 1, email: "anna.wong@example.com", createdAt: "2026-03-02T04:10:00.000Z" },
    { id: 2, email: "mark.delaney@example.com", createdAt: "2026-08-14T11:25:00.000Z" },
    { id: 3, email: "sita.k@example.com", createdAt: "2026-11-05T06:55:00.000Z" },
  ];

  await renderImages(page);
  await browser.close();

  const sections: Record<string, unknown> = { events, classes, archiveEvents, messages, subscribers, profile, notifications };
  const files: string[] = [];
  for (const [name, rows] of Object.entries(sections)) {
    await Bun.write(join(OUT, `${name}.json`), `${JSON.stringify(rows, null, 2)}\n`);
    files.push(`${name}.json`);
  }
  await Bun.write(join(OUT, "manifest.json"), `${JSON.stringify({ version: 1, lastSync: "2026-11-21T00:00:00.000Z", files }, null, 2)}\n`);
  // Issue 40: the passes a first start puts on sale (src/modules/passes/seed.ts); not a section of the content.
  const passes = [
    { name: "10 classes", credits: 10, price: 15000, concessionPrice: 12000, validDays: 180, classIds: null, active: true },
    { name: "5 classes, concession", credits: 5, price: 6000, concessionPrice: null, validDays: 90, classIds: null, active: true },
  ];
  await Bun.write(join(OUT, PASSES_FILE), `${JSON.stringify(passes, null, 2)}\n`);
  console.log(`wrote ${files.length} sections and ${pending.length} images into ${OUT}`);
}

const { values: options } = parseArgs({ args: Bun.argv.slice(2), options: { scale: { type: "string" }, out: { type: "string" } } });
if (options.scale === undefined) await main();
else {
  const scale = Number(options.scale);
  if (!Number.isInteger(scale) || scale < 1 || !options.out) {
    console.error("Usage: bun scripts/make-demo-content.ts --scale N --out DIR (N a whole number from 1; DIR not app_data/)");
    process.exit(1);
  }
  const out = resolve(options.out);
  if (out === OUT) {
    console.error("--out must not be the committed app_data/: give another folder.");
    process.exit(1);
  }
  const counts = writeScaledAppData(out, scale);
  console.log(
    `wrote ${counts.archiveEvents} archive events, ${counts.photos} photos, ${counts.events} upcoming events, ${counts.messages} messages and ${counts.subscribers} subscribers into ${out}`,
  );
}
