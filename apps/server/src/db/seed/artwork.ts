/**
 * Demo images drawn as SVG and rasterised by sharp at seed time, so the repository
 * carries no photographs and nothing is downloaded. Every drawing is deterministic
 * (seeded by the image's name): a re-seed produces the same files.
 * No text is drawn: the fonts librsvg would find differ from machine to machine.
 */

export type Vessel =
  'bowl' | 'beans' | 'sack' | 'cup' | 'glass' | 'bottle' | 'jar' | 'crate' | 'plate' | 'basket'

export type Artwork = {
  vessel: Vessel
  /** The colour of what is inside: paprika red, turmeric yellow, teff brown… */
  color: string
  /** Extra colours (stew dollops on injera, jars in a crate). */
  accents?: string[]
}

type Rng = () => number

// ---------- colour and randomness ----------

function hexToRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.replace('#', ''), 16)
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255]
}

function rgbToHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.max(0, Math.min(255, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`
}

/** Mixes `hex` towards `target` by `amount` (0…1). */
function mix(hex: string, target: string, amount: number): string {
  const a = hexToRgb(hex)
  const b = hexToRgb(target)
  return rgbToHex([0, 1, 2].map((i) => a[i]! + (b[i]! - a[i]!) * amount) as [number, number, number])
}

const lighten = (hex: string, amount: number) => mix(hex, '#ffffff', amount)
const darken = (hex: string, amount: number) => mix(hex, '#000000', amount)

function rngFor(seed: string): Rng {
  let state = 2166136261
  for (const char of seed) state = Math.imul(state ^ char.charCodeAt(0), 16777619)
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const between = (rng: Rng, min: number, max: number) => min + (max - min) * rng()
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!
const f = (n: number) => n.toFixed(1)

// ---------- shared definitions ----------

let gradientCounter = 0
/** Each drawing gets its own gradient ids so several can share one SVG. */
function uid(prefix: string): string {
  gradientCounter += 1
  return `${prefix}${gradientCounter}`
}

function radial(id: string, stops: Array<[number, string, number?]>, cx = 0.35, cy = 0.3, r = 0.9): string {
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops
    .map(
      ([offset, color, opacity]) =>
        `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity ?? 1}"/>`,
    )
    .join('')}</radialGradient>`
}

function linear(id: string, stops: Array<[number, string, number?]>, vertical = true): string {
  const dir = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="0"'
  return `<linearGradient id="${id}" ${dir}>${stops
    .map(
      ([offset, color, opacity]) =>
        `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity ?? 1}"/>`,
    )
    .join('')}</linearGradient>`
}

// Soft edges come from radial gradients fading to transparent, not from blur
// filters: librsvg blurs are slow, and the seed renders some sixty of these.
const SHARED_DEFS = `<radialGradient id="shade" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#2b1408" stop-opacity="1"/><stop offset="0.55" stop-color="#2b1408" stop-opacity="0.6"/><stop offset="1" stop-color="#2b1408" stop-opacity="0"/></radialGradient>
<radialGradient id="speck" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#ffffff" stop-opacity="0.9"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>`

function shadow(cx: number, cy: number, rx: number, ry: number, opacity = 0.55): string {
  return `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="url(#shade)" opacity="${opacity}"/>`
}

/** Seeds, grains or crumbs scattered over an ellipse. */
function grains(
  rng: Rng,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  color: string,
  count: number,
  size: number,
): string {
  let out = ''
  for (let i = 0; i < count; i++) {
    const angle = rng() * Math.PI * 2
    const distance = Math.sqrt(rng())
    const x = cx + Math.cos(angle) * rx * distance
    const y = cy + Math.sin(angle) * ry * distance
    const shade =
      rng() < 0.5 ? darken(color, between(rng, 0.15, 0.4)) : lighten(color, between(rng, 0.15, 0.45))
    const s = size * between(rng, 0.5, 1.2)
    out += `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(s)}" ry="${f(s * 0.7)}" fill="${shade}" opacity="${f(between(rng, 0.55, 0.95))}" transform="rotate(${Math.round(rng() * 180)} ${f(x)} ${f(y)})"/>`
  }
  return out
}

function leaf(x: number, y: number, length: number, angle: number, color = '#5f7f3a'): string {
  const w = length * 0.38
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)})"><path d="M0 0 Q ${f(length / 2)} ${f(-w)} ${f(length)} 0 Q ${f(length / 2)} ${f(w)} 0 0 Z" fill="${color}"/><path d="M0 0 L ${f(length * 0.92)} 0" stroke="${darken(color, 0.3)}" stroke-width="2" opacity="0.6"/></g>`
}

// ---------- backgrounds ----------

function background(rng: Rng, width: number, height: number, color: string): string {
  const id = uid('bg')
  const glow = uid('glow')
  const warm = pick(rng, ['#f6e3c6', '#f3dcc0', '#f7e7cf', '#f1d9bd'])
  const deep = mix(pick(rng, ['#c9854f', '#b9703f', '#a86a45', '#c27a4a']), color, 0.18)
  const tableTop = height * 0.62
  let out = `<defs>${radial(
    id,
    [
      [0, lighten(warm, 0.35)],
      [0.55, warm],
      [1, deep],
    ],
    0.5,
    0.35,
  )}${radial(
    glow,
    [
      [0, '#fff7e6', 0.85],
      [0.6, '#fff7e6', 0.35],
      [1, '#fff7e6', 0],
    ],
    0.5,
    0.5,
    0.5,
  )}</defs>`
  out += `<rect width="${width}" height="${height}" fill="url(#${id})"/>`
  out += `<ellipse cx="${f(width * 0.5)}" cy="${f(height * 0.38)}" rx="${f(width * 0.45)}" ry="${f(height * 0.4)}" fill="url(#${glow})"/>`
  // A wooden table edge across the lower part, with a few soft grain lines.
  const table = uid('table')
  out += `<defs>${linear(table, [
    [0, mix(deep, '#6b3b1f', 0.35), 0.0],
    [0.12, mix(deep, '#6b3b1f', 0.35), 0.55],
    [1, darken(deep, 0.35), 0.8],
  ])}</defs>`
  out += `<rect y="${f(tableTop)}" width="${width}" height="${f(height - tableTop)}" fill="url(#${table})"/>`
  for (let i = 0; i < 5; i++) {
    const y = tableTop + (height - tableTop) * between(rng, 0.2, 0.95)
    out += `<path d="M0 ${f(y)} C ${f(width * 0.3)} ${f(y + between(rng, -8, 8))}, ${f(width * 0.7)} ${f(y + between(rng, -8, 8))}, ${width} ${f(y)}" stroke="#3a1e0e" stroke-width="${f(between(rng, 1, 3))}" opacity="0.12" fill="none"/>`
  }
  // Out-of-focus specks of spice in the light, for depth.
  for (let i = 0; i < 14; i++) {
    const r = between(rng, 6, 20)
    out += `<circle cx="${f(rng() * width)}" cy="${f(rng() * height * 0.55)}" r="${f(r)}" fill="url(#speck)" opacity="${f(between(rng, 0.25, 0.6))}"/>`
  }
  return out
}

// ---------- vessels ----------

/** A ceramic bowl heaped with ground spice (or, for `beans`, whole seeds). */
function bowl(
  rng: Rng,
  cx: number,
  cy: number,
  r: number,
  color: string,
  filling: 'powder' | 'beans',
): string {
  const body = uid('bowl')
  const fill = uid('fill')
  const glaze = pick(rng, ['#e9dccb', '#2f4858', '#8a4b2f', '#f0e6d8', '#35524a'])
  let out = `<defs>${linear(body, [
    [0, lighten(glaze, 0.15)],
    [1, darken(glaze, 0.35)],
  ])}${radial(fill, [
    [0, lighten(color, 0.35)],
    [0.6, color],
    [1, darken(color, 0.3)],
  ])}</defs>`
  out += shadow(cx + r * 0.08, cy + r * 0.72, r * 1.05, r * 0.2)
  out += `<path d="M ${f(cx - r)} ${f(cy)} C ${f(cx - r)} ${f(cy + r * 0.8)}, ${f(cx + r)} ${f(cy + r * 0.8)}, ${f(cx + r)} ${f(cy)} Z" fill="url(#${body})"/>`
  out += `<ellipse cx="${f(cx)}" cy="${f(cy + r * 0.62)}" rx="${f(r * 0.34)}" ry="${f(r * 0.07)}" fill="${darken(glaze, 0.45)}"/>`
  out += `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(r)}" ry="${f(r * 0.24)}" fill="${darken(glaze, 0.2)}"/>`
  if (filling === 'powder') {
    const peak = cy - r * between(rng, 0.38, 0.5)
    out += `<path d="M ${f(cx - r * 0.94)} ${f(cy)} C ${f(cx - r * 0.55)} ${f(cy - r * 0.12)}, ${f(cx - r * 0.35)} ${f(peak)}, ${f(cx)} ${f(peak)} C ${f(cx + r * 0.35)} ${f(peak)}, ${f(cx + r * 0.55)} ${f(cy - r * 0.12)}, ${f(cx + r * 0.94)} ${f(cy)} C ${f(cx + r * 0.6)} ${f(cy + r * 0.2)}, ${f(cx - r * 0.6)} ${f(cy + r * 0.2)}, ${f(cx - r * 0.94)} ${f(cy)} Z" fill="url(#${fill})"/>`
    out += grains(rng, cx, cy - r * 0.14, r * 0.7, r * 0.22, color, 55, r * 0.022)
  } else {
    out += `<ellipse cx="${f(cx)}" cy="${f(cy - r * 0.05)}" rx="${f(r * 0.93)}" ry="${f(r * 0.22)}" fill="url(#${fill})"/>`
    for (let i = 0; i < 48; i++) {
      const angle = rng() * Math.PI * 2
      const distance = Math.sqrt(rng())
      const x = cx + Math.cos(angle) * r * 0.82 * distance
      const y = cy - r * 0.1 + Math.sin(angle) * r * 0.18 * distance - (1 - distance) * r * 0.12
      const s = r * 0.065
      out += `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(s)}" ry="${f(s * 0.72)}" fill="${mix(color, rng() < 0.5 ? '#000000' : '#ffffff', between(rng, 0, 0.22))}" stroke="${darken(color, 0.35)}" stroke-width="1" transform="rotate(${Math.round(rng() * 180)} ${f(x)} ${f(y)})"/>`
      out += `<ellipse cx="${f(x - s * 0.3)}" cy="${f(y - s * 0.25)}" rx="${f(s * 0.3)}" ry="${f(s * 0.16)}" fill="#ffffff" opacity="0.35"/>`
    }
  }
  out += `<path d="M ${f(cx - r * 0.86)} ${f(cy + r * 0.12)} Q ${f(cx - r * 0.8)} ${f(cy + r * 0.36)} ${f(cx - r * 0.58)} ${f(cy + r * 0.46)}" stroke="#ffffff" stroke-width="${f(r * 0.045)}" opacity="0.22" fill="none" stroke-linecap="round"/>`
  return out
}

/** A burlap sack, its top rolled down over a heap of flour. */
function sack(rng: Rng, cx: number, cy: number, h: number, color: string): string {
  const w = h * 0.82
  const cloth = uid('sack')
  const fill = uid('flour')
  const burlap = pick(rng, ['#c9a878', '#bf9d6b', '#d2b286'])
  let out = `<defs>${linear(
    cloth,
    [
      [0, lighten(burlap, 0.1)],
      [1, darken(burlap, 0.3)],
    ],
    false,
  )}${radial(fill, [
    [0, lighten(color, 0.4)],
    [0.7, color],
    [1, darken(color, 0.25)],
  ])}</defs>`
  const top = cy - h * 0.42
  const bottom = cy + h * 0.5
  out += shadow(cx + w * 0.06, bottom, w * 0.62, h * 0.07)
  out += `<path d="M ${f(cx - w * 0.42)} ${f(top)} C ${f(cx - w * 0.62)} ${f(cy)}, ${f(cx - w * 0.6)} ${f(bottom)}, ${f(cx - w * 0.3)} ${f(bottom)} L ${f(cx + w * 0.3)} ${f(bottom)} C ${f(cx + w * 0.6)} ${f(bottom)}, ${f(cx + w * 0.62)} ${f(cy)}, ${f(cx + w * 0.42)} ${f(top)} Z" fill="url(#${cloth})"/>`
  // Weave: faint crossing lines.
  for (let i = 1; i < 9; i++) {
    const y = top + ((bottom - top) * i) / 9
    out += `<path d="M ${f(cx - w * 0.52)} ${f(y)} Q ${f(cx)} ${f(y + h * 0.025)} ${f(cx + w * 0.52)} ${f(y)}" stroke="${darken(burlap, 0.35)}" stroke-width="1.5" opacity="0.25" fill="none"/>`
  }
  // The folded-down rim and the flour heaped inside it.
  out += `<ellipse cx="${f(cx)}" cy="${f(top)}" rx="${f(w * 0.46)}" ry="${f(h * 0.1)}" fill="${darken(burlap, 0.15)}"/>`
  out += `<path d="M ${f(cx - w * 0.42)} ${f(top)} C ${f(cx - w * 0.2)} ${f(top - h * 0.2)}, ${f(cx + w * 0.2)} ${f(top - h * 0.2)}, ${f(cx + w * 0.42)} ${f(top)} C ${f(cx + w * 0.2)} ${f(top + h * 0.06)}, ${f(cx - w * 0.2)} ${f(top + h * 0.06)}, ${f(cx - w * 0.42)} ${f(top)} Z" fill="url(#${fill})"/>`
  out += grains(rng, cx, top - h * 0.06, w * 0.3, h * 0.06, color, 50, h * 0.008)
  out += `<path d="M ${f(cx - w * 0.47)} ${f(top + h * 0.06)} Q ${f(cx)} ${f(top + h * 0.16)} ${f(cx + w * 0.47)} ${f(top + h * 0.06)}" stroke="${darken(burlap, 0.25)}" stroke-width="${f(h * 0.035)}" fill="none" stroke-linecap="round"/>`
  // A wooden scoop leaning on the sack.
  out += `<g transform="rotate(-28 ${f(cx + w * 0.55)} ${f(bottom - h * 0.1)})"><rect x="${f(cx + w * 0.5)} " y="${f(bottom - h * 0.62)}" width="${f(h * 0.05)}" height="${f(h * 0.42)}" rx="${f(h * 0.02)}" fill="#8a5a34"/><ellipse cx="${f(cx + w * 0.525)}" cy="${f(bottom - h * 0.12)}" rx="${f(h * 0.1)}" ry="${f(h * 0.12)}" fill="#9b6a40"/><ellipse cx="${f(cx + w * 0.525)}" cy="${f(bottom - h * 0.14)}" rx="${f(h * 0.075)}" ry="${f(h * 0.085)}" fill="${color}"/></g>`
  return out
}

/** A coffee cup on its saucer, steaming, with roasted beans around. */
function cup(rng: Rng, cx: number, cy: number, r: number, color: string, glass: boolean): string {
  const body = uid('cup')
  const drink = uid('drink')
  const china = glass ? '#f7efe4' : pick(rng, ['#f4eee6', '#2f4858', '#b24a2a'])
  let out = `<defs>${linear(
    body,
    [
      [0, lighten(china, 0.2), glass ? 0.45 : 1],
      [1, darken(china, 0.25), glass ? 0.6 : 1],
    ],
    false,
  )}${radial(
    drink,
    [
      [0, lighten(color, 0.25)],
      [1, darken(color, 0.3)],
    ],
    0.4,
    0.4,
  )}</defs>`
  out += shadow(cx + r * 0.1, cy + r * 0.95, r * 1.4, r * 0.22)
  out += `<ellipse cx="${f(cx)}" cy="${f(cy + r * 0.9)}" rx="${f(r * 1.35)}" ry="${f(r * 0.3)}" fill="${darken(china, 0.12)}"/>`
  out += `<ellipse cx="${f(cx)}" cy="${f(cy + r * 0.84)}" rx="${f(r * 1.1)}" ry="${f(r * 0.22)}" fill="${lighten(china, 0.1)}"/>`
  out += `<path d="M ${f(cx + r * 0.82)} ${f(cy + r * 0.1)} C ${f(cx + r * 1.35)} ${f(cy + r * 0.05)}, ${f(cx + r * 1.3)} ${f(cy + r * 0.65)}, ${f(cx + r * 0.7)} ${f(cy + r * 0.6)}" stroke="${darken(china, 0.15)}" stroke-width="${f(r * 0.12)}" fill="none"/>`
  if (glass) {
    out += `<path d="M ${f(cx - r * 0.85)} ${f(cy - r * 0.3)} L ${f(cx - r * 0.68)} ${f(cy + r * 0.82)} L ${f(cx + r * 0.68)} ${f(cy + r * 0.82)} L ${f(cx + r * 0.85)} ${f(cy - r * 0.3)} Z" fill="url(#${drink})" opacity="0.92"/>`
    out += `<path d="M ${f(cx - r * 0.9)} ${f(cy - r * 0.6)} L ${f(cx - r * 0.7)} ${f(cy + r * 0.84)} L ${f(cx + r * 0.7)} ${f(cy + r * 0.84)} L ${f(cx + r * 0.9)} ${f(cy - r * 0.6)} Z" fill="url(#${body})"/>`
    out += `<ellipse cx="${f(cx)}" cy="${f(cy - r * 0.3)}" rx="${f(r * 0.85)}" ry="${f(r * 0.12)}" fill="${lighten(color, 0.15)}"/>`
    out += `<path d="M ${f(cx - r * 0.6)} ${f(cy - r * 0.45)} L ${f(cx - r * 0.48)} ${f(cy + r * 0.7)}" stroke="#ffffff" stroke-width="${f(r * 0.08)}" opacity="0.45" stroke-linecap="round"/>`
    out += leaf(cx + r * 0.2, cy - r * 0.34, r * 0.45, -20, '#6c8f3c')
  } else {
    out += `<path d="M ${f(cx - r)} ${f(cy - r * 0.2)} C ${f(cx - r)} ${f(cy + r * 0.75)}, ${f(cx - r * 0.5)} ${f(cy + r * 0.85)}, ${f(cx)} ${f(cy + r * 0.85)} C ${f(cx + r * 0.5)} ${f(cy + r * 0.85)}, ${f(cx + r)} ${f(cy + r * 0.75)}, ${f(cx + r)} ${f(cy - r * 0.2)} Z" fill="url(#${body})"/>`
    out += `<ellipse cx="${f(cx)}" cy="${f(cy - r * 0.2)}" rx="${f(r)}" ry="${f(r * 0.2)}" fill="${darken(china, 0.2)}"/>`
    out += `<ellipse cx="${f(cx)}" cy="${f(cy - r * 0.17)}" rx="${f(r * 0.9)}" ry="${f(r * 0.16)}" fill="url(#${drink})"/>`
    out += `<ellipse cx="${f(cx - r * 0.2)}" cy="${f(cy - r * 0.2)}" rx="${f(r * 0.3)}" ry="${f(r * 0.05)}" fill="${lighten(color, 0.5)}" opacity="0.5"/>`
  }
  for (let i = 0; i < 3; i++) {
    const x = cx - r * 0.4 + i * r * 0.4
    out += `<path d="M ${f(x)} ${f(cy - r * 0.45)} C ${f(x - r * 0.2)} ${f(cy - r * 0.75)}, ${f(x + r * 0.2)} ${f(cy - r * 0.95)}, ${f(x)} ${f(cy - r * 1.25)}" stroke="#ffffff" stroke-width="${f(r * 0.07)}" opacity="0.28" fill="none" stroke-linecap="round"/>`
  }
  return out
}

/** A round-bellied berele flask (tej) or a tall bottle. */
function bottle(rng: Rng, cx: number, cy: number, h: number, color: string): string {
  const liquid = uid('liquid')
  const glassId = uid('glass')
  const r = h * 0.3
  const bellyY = cy + h * 0.2
  let out = `<defs>${radial(
    liquid,
    [
      [0, lighten(color, 0.45)],
      [0.6, color],
      [1, darken(color, 0.35)],
    ],
    0.35,
    0.35,
  )}${linear(
    glassId,
    [
      [0, '#ffffff', 0.35],
      [0.5, '#ffffff', 0.05],
      [1, '#ffffff', 0.25],
    ],
    false,
  )}</defs>`
  out += shadow(cx + r * 0.1, bellyY + r * 0.95, r * 1.2, r * 0.2)
  out += `<rect x="${f(cx - h * 0.05)}" y="${f(cy - h * 0.5)}" width="${f(h * 0.1)}" height="${f(h * 0.5)}" rx="${f(h * 0.03)}" fill="url(#${liquid})"/>`
  out += `<circle cx="${f(cx)}" cy="${f(bellyY)}" r="${f(r)}" fill="url(#${liquid})"/>`
  out += `<circle cx="${f(cx)}" cy="${f(bellyY)}" r="${f(r)}" fill="url(#${glassId})"/>`
  out += `<rect x="${f(cx - h * 0.065)}" y="${f(cy - h * 0.56)}" width="${f(h * 0.13)}" height="${f(h * 0.07)}" rx="${f(h * 0.02)}" fill="#7a4a2a"/>`
  out += `<path d="M ${f(cx - r * 0.62)} ${f(bellyY - r * 0.3)} A ${f(r * 0.7)} ${f(r * 0.7)} 0 0 1 ${f(cx - r * 0.1)} ${f(bellyY - r * 0.68)}" stroke="#ffffff" stroke-width="${f(r * 0.1)}" opacity="0.5" fill="none" stroke-linecap="round"/>`
  out += grains(rng, cx, bellyY + r * 0.2, r * 0.6, r * 0.5, lighten(color, 0.5), 18, r * 0.025)
  // Honeycomb cells beside the flask.
  for (let i = 0; i < 6; i++) {
    const x = cx + r * 1.35 + (i % 3) * r * 0.3 + (Math.floor(i / 3) % 2) * r * 0.15
    const y = bellyY + r * 0.6 + Math.floor(i / 3) * r * 0.26
    out += `<polygon points="${[0, 60, 120, 180, 240, 300].map((a) => `${f(x + Math.cos((a * Math.PI) / 180) * r * 0.15)},${f(y + Math.sin((a * Math.PI) / 180) * r * 0.15)}`).join(' ')}" fill="${lighten('#e0a526', 0.1)}" stroke="#b9801a" stroke-width="3"/>`
  }
  return out
}

/** A glass jar with a lid, filled with a paste, butter or honey. */
function jar(rng: Rng, cx: number, cy: number, h: number, color: string): string {
  const w = h * 0.7
  const content = uid('content')
  const glassId = uid('glass')
  const top = cy - h * 0.4
  const bottom = cy + h * 0.5
  const lid = pick(rng, ['#b8862d', '#7a3b22', '#2f4858', '#3d5a3a'])
  let out = `<defs>${linear(
    content,
    [
      [0, lighten(color, 0.2)],
      [1, darken(color, 0.3)],
    ],
    false,
  )}${linear(
    glassId,
    [
      [0, '#ffffff', 0.4],
      [0.25, '#ffffff', 0.08],
      [0.8, '#ffffff', 0.05],
      [1, '#ffffff', 0.3],
    ],
    false,
  )}</defs>`
  out += shadow(cx + w * 0.08, bottom, w * 0.65, h * 0.06)
  out += `<rect x="${f(cx - w / 2)}" y="${f(top)}" width="${f(w)}" height="${f(bottom - top)}" rx="${f(w * 0.16)}" fill="url(#${content})"/>`
  out += grains(rng, cx, cy + h * 0.08, w * 0.38, h * 0.34, color, 45, h * 0.008)
  out += `<rect x="${f(cx - w / 2)}" y="${f(top)}" width="${f(w)}" height="${f(bottom - top)}" rx="${f(w * 0.16)}" fill="url(#${glassId})"/>`
  out += `<rect x="${f(cx - w * 0.46)}" y="${f(top - h * 0.1)}" width="${f(w * 0.92)}" height="${f(h * 0.13)}" rx="${f(h * 0.03)}" fill="${lid}"/>`
  out += `<rect x="${f(cx - w * 0.46)}" y="${f(top - h * 0.1)}" width="${f(w * 0.92)}" height="${f(h * 0.04)}" rx="${f(h * 0.02)}" fill="${lighten(lid, 0.3)}"/>`
  // A cloth tied over the lid, as jars from a village market are.
  out += `<path d="M ${f(cx - w * 0.52)} ${f(top - h * 0.04)} L ${f(cx - w * 0.6)} ${f(top + h * 0.14)} L ${f(cx - w * 0.4)} ${f(top + h * 0.06)} Z" fill="${mix(color, '#f3e6d0', 0.6)}"/>`
  out += `<rect x="${f(cx - w * 0.3)}" y="${f(cy - h * 0.05)}" width="${f(w * 0.6)}" height="${f(h * 0.26)}" rx="${f(h * 0.03)}" fill="#f5ead7" opacity="0.9"/>`
  out += `<rect x="${f(cx - w * 0.22)}" y="${f(cy + h * 0.03)}" width="${f(w * 0.44)}" height="${f(h * 0.03)}" rx="${f(h * 0.015)}" fill="${darken(color, 0.1)}" opacity="0.7"/>`
  out += `<rect x="${f(cx - w * 0.16)}" y="${f(cy + h * 0.1)}" width="${f(w * 0.32)}" height="${f(h * 0.025)}" rx="${f(h * 0.012)}" fill="${darken(color, 0.1)}" opacity="0.4"/>`
  return out
}

/** A wooden crate holding small jars and bags: the ready-made kits. */
function crate(rng: Rng, cx: number, cy: number, w: number, colors: string[]): string {
  const h = w * 0.42
  const top = cy - h * 0.1
  const wood = uid('wood')
  let out = `<defs>${linear(wood, [
    [0, '#c48a55'],
    [1, '#8a5631'],
  ])}</defs>`
  out += shadow(cx + w * 0.05, top + h * 1.0, w * 0.6, h * 0.14)
  const n = colors.length
  for (let i = 0; i < n; i++) {
    const x = cx - w * 0.38 + (w * 0.76 * (i + 0.5)) / n
    const color = colors[i]!
    if (i % 2 === 0) out += jar(rng, x, top - h * 0.18, h * 0.95, color)
    else {
      const bag = uid('bag')
      out += `<defs>${linear(
        bag,
        [
          [0, lighten(color, 0.3)],
          [1, darken(color, 0.2)],
        ],
        false,
      )}</defs>`
      out += `<path d="M ${f(x - h * 0.3)} ${f(top + h * 0.1)} L ${f(x - h * 0.24)} ${f(top - h * 0.75)} Q ${f(x)} ${f(top - h * 0.9)} ${f(x + h * 0.24)} ${f(top - h * 0.75)} L ${f(x + h * 0.3)} ${f(top + h * 0.1)} Z" fill="url(#${bag})"/>`
      out += `<path d="M ${f(x - h * 0.22)} ${f(top - h * 0.62)} Q ${f(x)} ${f(top - h * 0.55)} ${f(x + h * 0.22)} ${f(top - h * 0.62)}" stroke="#f5ead7" stroke-width="${f(h * 0.04)}" fill="none"/>`
    }
  }
  out += `<rect x="${f(cx - w / 2)}" y="${f(top)}" width="${f(w)}" height="${f(h)}" rx="${f(h * 0.05)}" fill="url(#${wood})"/>`
  for (let i = 1; i < 3; i++) {
    out += `<rect x="${f(cx - w / 2)}" y="${f(top + (h * i) / 3 - 2)}" width="${f(w)}" height="4" fill="#5e3a20" opacity="0.45"/>`
  }
  for (const x of [cx - w / 2 + h * 0.12, cx + w / 2 - h * 0.12]) {
    out += `<circle cx="${f(x)}" cy="${f(top + h * 0.17)}" r="${f(h * 0.035)}" fill="#4a2d17"/><circle cx="${f(x)}" cy="${f(top + h * 0.83)}" r="${f(h * 0.035)}" fill="#4a2d17"/>`
  }
  out += `<rect x="${f(cx - w * 0.2)}" y="${f(top + h * 0.34)}" width="${f(w * 0.4)}" height="${f(h * 0.32)}" rx="${f(h * 0.04)}" fill="#f3e6cf" opacity="0.85"/>`
  return out
}

/** Injera on a round plate (or a woven mesob basket) with stew dollops in the given colours. */
function plate(rng: Rng, cx: number, cy: number, r: number, colors: string[], basket: boolean): string {
  const injera = uid('injera')
  let out = `<defs>${radial(
    injera,
    [
      [0, '#ead3a8'],
      [0.8, '#d7b98a'],
      [1, '#b8915f'],
    ],
    0.5,
    0.5,
  )}</defs>`
  out += shadow(cx + r * 0.05, cy + r * 0.42, r * 1.15, r * 0.26)
  if (basket) {
    const weave = ['#b3342a', '#e0b64a', '#2f4858', '#5f7f3a']
    out += `<path d="M ${f(cx - r * 0.6)} ${f(cy + r * 0.3)} L ${f(cx - r * 0.4)} ${f(cy + r * 0.9)} L ${f(cx + r * 0.4)} ${f(cy + r * 0.9)} L ${f(cx + r * 0.6)} ${f(cy + r * 0.3)} Z" fill="#b58a52"/>`
    for (let i = 0; i < 4; i++) {
      const y = cy + r * (0.4 + i * 0.13)
      out += `<path d="M ${f(cx - r * (0.57 - i * 0.04))} ${f(y)} L ${f(cx + r * (0.57 - i * 0.04))} ${f(y)}" stroke="${weave[i]}" stroke-width="${f(r * 0.05)}"/>`
    }
  }
  out += `<ellipse cx="${f(cx)}" cy="${f(cy + r * 0.06)}" rx="${f(r * 1.08)}" ry="${f(r * 0.4)}" fill="${basket ? '#9a6a3a' : '#efe6d8'}"/>`
  out += `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(r)}" ry="${f(r * 0.36)}" fill="url(#${injera})"/>`
  // The spongy eyes of injera.
  for (let i = 0; i < 80; i++) {
    const angle = rng() * Math.PI * 2
    const distance = Math.sqrt(rng()) * 0.95
    out += `<ellipse cx="${f(cx + Math.cos(angle) * r * distance)}" cy="${f(cy + Math.sin(angle) * r * 0.36 * distance)}" rx="${f(r * 0.012)}" ry="${f(r * 0.006)}" fill="#9c7a4c" opacity="0.55"/>`
  }
  const n = colors.length
  for (let i = 0; i < n; i++) {
    const angle = (i / n) * Math.PI * 2 + 0.3
    const distance = n === 1 ? 0 : 0.55
    const x = cx + Math.cos(angle) * r * distance
    const y = cy + Math.sin(angle) * r * 0.36 * distance
    const color = colors[i]!
    const dr = r * (n === 1 ? 0.45 : 0.22)
    const dollop = uid('dollop')
    out += `<defs>${radial(
      dollop,
      [
        [0, lighten(color, 0.35)],
        [0.7, color],
        [1, darken(color, 0.3)],
      ],
      0.4,
      0.3,
    )}</defs>`
    out += `<ellipse cx="${f(x + dr * 0.05)}" cy="${f(y + dr * 0.18)}" rx="${f(dr)}" ry="${f(dr * 0.45)}" fill="#3a1e0e" opacity="0.25"/>`
    out += `<path d="M ${f(x - dr)} ${f(y)} C ${f(x - dr)} ${f(y - dr * 0.7)}, ${f(x + dr)} ${f(y - dr * 0.7)}, ${f(x + dr)} ${f(y)} C ${f(x + dr)} ${f(y + dr * 0.45)}, ${f(x - dr)} ${f(y + dr * 0.45)}, ${f(x - dr)} ${f(y)} Z" fill="url(#${dollop})"/>`
    out += grains(rng, x, y - dr * 0.1, dr * 0.6, dr * 0.22, color, 10, dr * 0.05)
  }
  return out
}

/** A loose roll of injera, for the home page's "roll injera" image. */
function injeraRolls(rng: Rng, cx: number, cy: number, r: number): string {
  let out = shadow(cx, cy + r * 0.5, r * 1.4, r * 0.2)
  for (let i = 0; i < 3; i++) {
    const x = cx - r * 0.8 + i * r * 0.8
    const y = cy + (i % 2) * r * 0.12
    const id = uid('roll')
    out += `<defs>${linear(id, [
      [0, '#efdbb4'],
      [0.5, '#dcc090'],
      [1, '#b8915f'],
    ])}</defs>`
    out += `<rect x="${f(x - r * 0.35)}" y="${f(y - r * 0.18)}" width="${f(r * 0.7)}" height="${f(r * 0.36)}" rx="${f(r * 0.18)}" fill="url(#${id})" transform="rotate(${f(between(rng, -12, 12))} ${f(x)} ${f(y)})"/>`
    out += `<ellipse cx="${f(x + r * 0.33)}" cy="${f(y)}" rx="${f(r * 0.08)}" ry="${f(r * 0.17)}" fill="#c7a473" stroke="#a5804f" stroke-width="3"/>`
    out += grains(rng, x, y, r * 0.3, r * 0.12, '#b8915f', 16, r * 0.012)
  }
  return out
}

function scatter(
  rng: Rng,
  width: number,
  height: number,
  color: string,
  avoid: { x: number; w: number },
): string {
  let out = ''
  for (let i = 0; i < 26; i++) {
    const x = rng() * width
    if (Math.abs(x - avoid.x) < avoid.w) continue
    const y = height * between(rng, 0.7, 0.96)
    const s = between(rng, 3, 8)
    out += `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(s)}" ry="${f(s * 0.65)}" fill="${mix(color, rng() < 0.5 ? '#000000' : '#ffffff', 0.2)}" opacity="0.85" transform="rotate(${Math.round(rng() * 180)} ${f(x)} ${f(y)})"/>`
  }
  out += leaf(width * between(rng, 0.06, 0.14), height * 0.86, height * 0.12, between(rng, -40, -10))
  out += leaf(width * between(rng, 0.82, 0.9), height * 0.9, height * 0.1, between(rng, 190, 220), '#6f8f45')
  return out
}

// ---------- compositions ----------

export function entitySvg(name: string, art: Artwork, width = 960, height = 720): string {
  const rng = rngFor(name)
  const cx = width / 2
  const base = height * 0.6
  const s = Math.min(width, height * 1.333)
  let body = background(rng, width, height, art.color)
  body += scatter(rng, width, height, art.color, { x: cx, w: s * 0.3 })
  switch (art.vessel) {
    case 'bowl':
      body += bowl(rng, cx, base, s * 0.3, art.color, 'powder')
      break
    case 'beans':
      body += bowl(rng, cx, base, s * 0.3, art.color, 'beans')
      break
    case 'sack':
      body += sack(rng, cx - s * 0.04, base - s * 0.02, s * 0.42, art.color)
      break
    case 'cup':
      body += bowl(rng, cx - s * 0.22, base + s * 0.04, s * 0.14, darken(art.color, 0.1), 'beans')
      body += cup(rng, cx + s * 0.08, base - s * 0.05, s * 0.17, art.color, false)
      break
    case 'glass':
      body += cup(rng, cx, base - s * 0.06, s * 0.17, art.color, true)
      break
    case 'bottle':
      body += bottle(rng, cx - s * 0.06, base - s * 0.1, s * 0.46, art.color)
      break
    case 'jar':
      body += jar(rng, cx, base - s * 0.04, s * 0.4, art.color)
      break
    case 'crate':
      body += crate(
        rng,
        cx,
        base - s * 0.02,
        s * 0.62,
        art.accents ?? [art.color, lighten(art.color, 0.4), darken(art.color, 0.2)],
      )
      break
    case 'plate':
      body += plate(rng, cx, base - s * 0.02, s * 0.36, art.accents ?? [art.color], false)
      break
    case 'basket':
      body += plate(rng, cx, base - s * 0.1, s * 0.34, art.accents ?? [art.color], true)
      break
  }
  return wrap(width, height, body)
}

export type SiteScene = 'spread' | 'bowls' | 'coffee' | 'injera' | 'rolls' | 'jar' | 'sacks'

/** Wide home-page pictures: several vessels on one table. */
export function sceneSvg(
  name: string,
  scene: SiteScene,
  palette: string[],
  width = 960,
  height = 540,
): string {
  const rng = rngFor(name)
  const color = (i: number) => palette[i % palette.length]!
  let body = background(rng, width, height, color(0))
  body += scatter(rng, width, height, color(1), { x: width / 2, w: width * 0.35 })
  const base = height * 0.62
  switch (scene) {
    case 'spread':
      body += plate(rng, width * 0.5, base + height * 0.02, height * 0.42, palette.slice(0, 5), false)
      body += bowl(rng, width * 0.14, base + height * 0.08, height * 0.14, color(1), 'powder')
      body += cup(rng, width * 0.86, base - height * 0.02, height * 0.12, '#3a2418', false)
      break
    case 'bowls':
      palette.slice(0, 5).forEach((c, i) => {
        const x = width * (0.14 + i * 0.18)
        body += bowl(
          rng,
          x,
          base + (i % 2) * height * 0.08,
          height * (0.13 + (i % 2) * 0.02),
          c,
          i === 2 ? 'beans' : 'powder',
        )
      })
      break
    case 'coffee':
      body += cup(rng, width * 0.38, base - height * 0.02, height * 0.16, '#3a2418', false)
      body += cup(rng, width * 0.62, base + height * 0.04, height * 0.13, '#4a2c1d', false)
      body += bowl(rng, width * 0.16, base + height * 0.1, height * 0.13, '#4a2c1d', 'beans')
      body += bottle(rng, width * 0.85, base - height * 0.08, height * 0.42, '#d9a520')
      break
    case 'injera':
      body += plate(rng, width * 0.5, base, height * 0.46, palette.slice(0, 6), true)
      break
    case 'rolls':
      body += injeraRolls(rng, width * 0.42, base, height * 0.3)
      body += bowl(rng, width * 0.8, base + height * 0.06, height * 0.14, color(0), 'powder')
      break
    case 'jar':
      body += jar(rng, width * 0.4, base - height * 0.04, height * 0.48, color(0))
      body += bowl(rng, width * 0.66, base + height * 0.1, height * 0.14, color(0), 'powder')
      body += jar(rng, width * 0.82, base + height * 0.04, height * 0.3, color(1))
      break
    case 'sacks':
      body += sack(rng, width * 0.22, base - height * 0.02, height * 0.5, color(0))
      body += sack(rng, width * 0.48, base + height * 0.02, height * 0.44, color(1))
      body += jar(rng, width * 0.72, base, height * 0.36, color(2))
      body += bowl(rng, width * 0.88, base + height * 0.12, height * 0.1, color(3), 'powder')
      break
  }
  return wrap(width, height, body)
}

function wrap(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${SHARED_DEFS}</defs>${body}</svg>`
}
