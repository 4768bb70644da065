#!/usr/bin/env python3
"""Writes Demo/posters/demo-ID.jpg and demo-tv-ID.jpg: small original poster art for the demo
films and series (film and series ids are separate namespaces, so each has its own file).

Every film has a design of its own, drawn here in code: a palette, a composition that
evokes its genre and mood (a desert under a pale sun, noir light through blinds, an ink
bamboo grove, a neon city in the rain…) and its title set in type. Nothing is copied from a
real poster. Randomness (stars, rain, stalks) is seeded from the film's id, so a re-run
writes the same bytes. Drawn at twice the size and reduced to 185x278 (TMDB's w185 shape;
the demo serves one file for every size asked), stored as JPEG; every fifth (ids divisible
by five) is progressive so both decoder paths run in the demo.

Titles, originals and years come from Demo/answers/en/movie/ID.json (a series' from
Demo/answers/en/tv/ID.json). A title is set in a
font that can draw every letter of it (DejaVu for Latin, Cyrillic and Hebrew; Noto CJK for
Chinese, Japanese and Korean, `apt-get install fonts-noto-cjk`); when no installed font can,
the English title below is set instead, so a poster never shows a missing-glyph box.

Needs Pillow with FreeType and Raqm (pip install pillow). The app never runs this; the build
embeds the files (Plugins/EmbedPlugin writes `DemoPosters.files`, keyed like `/demo-550.jpg`).
"""
import io, json, math, pathlib, random, re, unicodedata
from PIL import Image, ImageDraw, ImageFilter, ImageFont

root = pathlib.Path(__file__).resolve().parent.parent
answers = sorted((root / "Demo/answers").rglob("*.json"))
found = {m for path in answers for m in re.findall(r"/demo-(tv-)?(\d+)\.jpg", path.read_text(encoding="utf-8"))}
ids = sorted(int(number) for kind, number in found if not kind)
series_ids = sorted(int(number) for kind, number in found if kind)

SIZE = (185, 278)
S = 2  # drawn at twice the size, then reduced: smooth edges and type
W, H = SIZE[0] * S, SIZE[1] * S
QUALITY = 84

# English titles for the films the demo names in another script, set when no font can draw it.
ENGLISH = {
  146: "Crouching Tiger, Hidden Dragon", 843: "In the Mood for Love", 79: "Hero",
  1398: "Stalker", 25237: "Come and See", 38810: "The Cranes Are Flying", 8885: "Waltz with Bashir",
}

DEJAVU = "/usr/share/fonts/truetype/dejavu/"
NOTO = "/usr/share/fonts/opentype/noto/"
CJK_INDEX = {"ja": 0, "ko": 1, "zh-Hans": 2, "zh-Hant": 3}


def font(name, size, index=0):
  """A font by file name (DejaVu or Noto CJK), or None when it is not installed."""
  for folder in (DEJAVU, NOTO):
    path = pathlib.Path(folder) / name
    if path.exists():
      return ImageFont.truetype(str(path), size, index=index, layout_engine=ImageFont.Layout.RAQM)
  return None


def cjk(style, size, script):
  return font(f"Noto{style}CJK-Bold.ttc", size, CJK_INDEX[script])


def draws(face, text):
  """Whether the font has a glyph for every letter (compared with its missing-glyph box)."""
  if face is None: return False
  missing = face.getmask("\U0010FFFD")
  missing = (missing.size, bytes(missing))
  for ch in set(text):
    if ch.isspace() or unicodedata.combining(ch): continue
    mask = face.getmask(ch)
    if (mask.size, bytes(mask)) == missing: return False
  return True


# Drawing helpers, on an RGB image of W x H.

def mix(a, b, t): return tuple(int(round(x + (y - x) * t)) for x, y in zip(a, b))


def gradient(img, stops, box=None):
  """A vertical gradient through (position 0…1, colour) stops inside box."""
  x0, y0, x1, y1 = box or (0, 0, W, H)
  d = ImageDraw.Draw(img)
  for y in range(y0, y1):
    t = (y - y0) / max(1, y1 - y0 - 1)
    for (p, a), (q, b) in zip(stops, stops[1:]):
      if p <= t <= q:
        d.line([(x0, y), (x1 - 1, y)], fill=mix(a, b, (t - p) / max(1e-6, q - p)))
        break


def layer(img, colour, paint, blur=0, alpha=255):
  """Paints colour where `paint(draw)` draws white on a mask (optionally blurred, faded)."""
  mask = Image.new("L", img.size, 0)
  paint(ImageDraw.Draw(mask))
  if blur: mask = mask.filter(ImageFilter.GaussianBlur(blur))
  if alpha < 255: mask = mask.point(lambda v: v * alpha // 255)
  img.paste(Image.new("RGB", img.size, colour), (0, 0), mask)


def glow(img, x, y, r, colour, blur=None, alpha=255):
  layer(img, colour, lambda d: d.ellipse([x - r, y - r, x + r, y + r], fill=255), blur or r * 0.6, alpha)


def fit(make, text, width, size, least=8):
  """The largest face from make(size) at most `size` whose line of text fits width."""
  while size > least:
    face = make(size)
    if face.getlength(text) <= width: return face
    size -= 1
  return make(least)


def wrap(text, face, width):
  words, lines = text.split(), []
  for word in words:
    if lines and face.getlength(lines[-1] + " " + word) <= width: lines[-1] += " " + word
    else: lines.append(word)
  return lines


def write(img, text, face, x, y, fill, anchor="mm", tracking=0, stroke=0, stroke_fill=None, shadow=None, glow_colour=None):
  """Sets one line; tracking spaces letters (Latin and Cyrillic only); shadow = (dx, dy, colour)."""
  d = ImageDraw.Draw(img)
  def put(draw, dx, dy, colour, sw=stroke, sf=stroke_fill):
    if tracking == 0:
      draw.text((x + dx, y + dy), text, font=face, fill=colour, anchor=anchor, stroke_width=sw, stroke_fill=sf)
      return
    total = sum(face.getlength(c) for c in text) + tracking * (len(text) - 1)
    left = x - total / 2 if anchor[0] == "m" else x if anchor[0] == "l" else x - total
    for c in text:
      draw.text((left + dx, y + dy), c, font=face, fill=colour, anchor="l" + anchor[1], stroke_width=sw, stroke_fill=sf)
      left += face.getlength(c) + tracking
  if glow_colour:
    layer(img, glow_colour, lambda m: put(m, 0, 0, 255, sw=max(2, stroke) + 3, sf=255), blur=6)
  if shadow:
    put(d, shadow[0], shadow[1], shadow[2])
  put(d, 0, 0, fill)


def vertical(img, text, face, x, top, fill, gap=4):
  """Sets CJK text top to bottom, one character under the other, centred on x."""
  d = ImageDraw.Draw(img)
  y = top
  for c in text:
    d.text((x, y), c, font=face, fill=fill, anchor="mt")
    y += face.size + gap
  return y


def stars(img, rng, count, box, colour=(255, 255, 240), big=0.1):
  d = ImageDraw.Draw(img)
  x0, y0, x1, y1 = box
  for _ in range(count):
    x, y = rng.uniform(x0, x1), rng.uniform(y0, y1)
    r = rng.choice([1, 1, 1, 2]) if rng.random() > big else 3
    d.ellipse([x - r, y - r, x + r, y + r], fill=mix(colour, (0, 0, 0), rng.uniform(0, 0.5)))


# The designs: one function a film, each given the image, its seeded generator and the film.

def dune(img, rng, film):
  horizon = int(H * 0.60)
  gradient(img, [(0, (246, 214, 160)), (0.55, (236, 160, 92)), (1, (206, 108, 52))], (0, 0, W, horizon + 40))
  glow(img, W * 0.64, H * 0.27, 120, (255, 236, 196), blur=60, alpha=170)
  layer(img, (255, 244, 222), lambda d: d.ellipse([W * 0.64 - 62, H * 0.27 - 62, W * 0.64 + 62, H * 0.27 + 62], fill=255))
  ridges = [((215, 135, 95), (255, 175, 135), 0.58), ((215, 95, 0), (255, 135, 95), 0.68),
            ((175, 95, 0), (215, 135, 95), 0.80), ((95, 0, 0), (175, 95, 0), 0.92)]
  for i, (dark, light, level) in enumerate(ridges):
    phase, amp, freq = rng.uniform(0, 6.28), rng.uniform(14, 30), rng.uniform(1.2, 2.2)
    line = [(x, H * level - amp * math.sin(phase + freq * x / W * math.pi) - 10 * math.sin(phase * 2 + 5 * x / W)) for x in range(0, W + 6, 6)]
    layer(img, dark, lambda d: d.polygon(line + [(W, H), (0, H)], fill=255))
    crest = [(x, y) for x, y in line]
    layer(img, light, lambda d: d.polygon(crest + [(x, y + 12 + 6 * i) for x, y in reversed(crest)], fill=255), blur=3, alpha=150)
    if i == 1:
      x, y = min(line, key=lambda p: p[1])
      layer(img, (52, 24, 14), lambda d: (d.polygon([(x - 5, y - 1), (x + 5, y - 1), (x + 3, y - 30), (x - 3, y - 30)], fill=255),
                                          d.ellipse([x - 4, y - 40, x + 4, y - 30], fill=255)))
  big = fit(lambda s: font("DejaVuSansCondensed-Bold.ttf", s), "DUNE", W * 0.8, 92)
  write(img, "DUNE", big, W / 2, H * 0.075, (95, 0, 0), anchor="mt", tracking=18)
  write(img, "PART TWO", font("DejaVuSans-Bold.ttf", 22), W / 2, H * 0.075 + big.size + 12, (135, 0, 0), anchor="mt", tracking=10)


def oppenheimer(img, rng, film):
  gradient(img, [(0, (6, 6, 8)), (0.6, (26, 16, 12)), (1, (12, 8, 6))])
  hx, hy = W / 2, H * 0.70
  for r, c, a in [(330, (135, 0, 0), 150), (230, (215, 95, 0), 190), (150, (255, 135, 0), 220), (80, (255, 215, 135), 255)]:
    glow(img, hx, hy, r, c, blur=r * 0.45, alpha=a)
  for k in range(9):
    r = 70 + k * 26 + rng.uniform(-6, 6)
    layer(img, (255, 135, 95), lambda d: d.arc([hx - r, hy - r * 0.9, hx + r, hy + r * 0.9], 190, 350, fill=255, width=2), alpha=200 - k * 18)
  d = ImageDraw.Draw(img)
  for _ in range(140):
    a, dist = rng.uniform(math.pi, 2 * math.pi), rng.uniform(60, 300)
    x, y = hx + math.cos(a) * dist, hy + math.sin(a) * dist * 0.9
    d.ellipse([x - 1.5, y - 1.5, x + 1.5, y + 1.5], fill=mix((255, 210, 140), (120, 50, 20), dist / 300))
  d.rectangle([0, hy, W, H], fill=(8, 6, 6))
  layer(img, (255, 190, 110), lambda m: m.rectangle([0, hy - 2, W, hy + 3], fill=255), blur=3)
  d.polygon([(hx - 9, hy), (hx + 9, hy), (hx + 3, hy - 46), (hx - 3, hy - 46)], fill=(8, 6, 6))
  d.rectangle([hx - 8, hy - 52, hx + 8, hy - 44], fill=(8, 6, 6))
  title = fit(lambda s: font("DejaVuSerifCondensed-Bold.ttf", s), "OPPENHEIMER", W * 0.86, 48)
  write(img, "OPPENHEIMER", title, W / 2, H * 0.86, (240, 232, 220), tracking=4)
  write(img, film["year"], font("DejaVuSans.ttf", 16), W / 2, H * 0.93, (170, 120, 80), tracking=8)


def fight_club(img, rng, film):
  gradient(img, [(0, (240, 84, 140)), (1, (130, 16, 62))])
  d = ImageDraw.Draw(img)
  d.polygon([(0, H * 0.52), (W, H * 0.34), (W, H * 0.60), (0, H * 0.78)], fill=(24, 10, 18))
  cx, cy = W * 0.68, H * 0.24
  for k in range(14):
    a = k / 14 * 2 * math.pi + rng.uniform(-0.2, 0.2)
    points, x, y = [(cx, cy)], cx, cy
    for _ in range(5):
      a += rng.uniform(-0.35, 0.35)
      step = rng.uniform(22, 48)
      x, y = x + math.cos(a) * step, y + math.sin(a) * step
      points.append((x, y))
    d.line(points, fill=(255, 226, 236), width=2)
  for r in (18, 40):
    d.ellipse([cx - r, cy - r, cx + r, cy + r], outline=(255, 226, 236), width=2)
  face = fit(lambda s: font("DejaVuSans-Bold.ttf", s), "FIGHT", W * 0.78, 90)
  block = Image.new("L", (W, 260), 0)
  md = ImageDraw.Draw(block)
  md.text((24, 20), "FIGHT", font=face, fill=255)
  md.text((24, 20 + face.size), "CLUB", font=face, fill=255)
  block = block.rotate(10, resample=Image.Resampling.BICUBIC, center=(W / 2, 130))
  img.paste(Image.new("RGB", block.size, (250, 238, 226)), (0, int(H * 0.46)), block)
  write(img, "MISCHIEF · MAYHEM", font("DejaVuSansMono.ttf", 15), W / 2, H * 0.95, (255, 210, 226), tracking=1)


def crouching_tiger(img, rng, film):
  gradient(img, [(0, (236, 234, 216)), (0.7, (206, 216, 190)), (1, (150, 170, 140))])
  for depth, (colour, blur, count, wide) in enumerate([((186, 200, 170), 5, 12, 8), ((120, 146, 108), 2, 8, 12), ((44, 70, 44), 0, 5, 18)]):
    for _ in range(count):
      x = rng.uniform(-10, W + 10)
      lean = rng.uniform(-14, 14)
      def paint(m, x=x, lean=lean):
        m.polygon([(x, H), (x + wide, H), (x + wide + lean, 0), (x + lean, 0)], fill=255)
        for y in range(int(rng.uniform(20, 80)), H, int(rng.uniform(70, 110))):
          t = 1 - y / H
          m.line([(x + lean * t - 2, y), (x + wide + lean * t + 2, y)], fill=0, width=3)
          side = rng.choice([-1, 1])
          for leaf in range(rng.randrange(0, 3)):
            lx, ly = x + lean * t + (wide if side > 0 else 0), y + leaf * 9
            m.polygon([(lx, ly), (lx + side * rng.uniform(40, 70), ly + rng.uniform(8, 26)), (lx + side * 8, ly + 6)], fill=255)
      layer(img, colour, paint, blur=blur)
  d = ImageDraw.Draw(img)
  d.rectangle([W * 0.06, H * 0.06, W * 0.06 + 38, H * 0.06 + 38], fill=(176, 32, 28))
  d.rectangle([W * 0.06 + 8, H * 0.06 + 8, W * 0.06 + 30, H * 0.06 + 30], outline=(246, 230, 220), width=3)
  title = film["title"]
  face = cjk("Serif", 58, "zh-Hans")
  if draws(face, title):
    layer(img, (236, 234, 216), lambda m: m.rectangle([W * 0.74, H * 0.05, W * 0.96, H * 0.05 + 4 * 64 + 20], fill=255), blur=10, alpha=200)
    vertical(img, title, face, W * 0.85, H * 0.06, (20, 24, 20), gap=6)
    ImageDraw.Draw(img).rectangle([0, H * 0.91, W, H], fill=(28, 44, 30))
    write(img, ENGLISH[film["id"]].upper(), fit(lambda s: font("DejaVuSerif.ttf", s), ENGLISH[film["id"]].upper(), W * 0.88, 19),
          W / 2, H * 0.955, (236, 240, 226))
  else:
    lines = wrap(ENGLISH[film["id"]], font("DejaVuSerif-Bold.ttf", 30), W * 0.8)
    for i, line in enumerate(lines):
      write(img, line, font("DejaVuSerif-Bold.ttf", 30), W / 2, H * 0.78 + i * 36, (246, 240, 226), shadow=(2, 2, (20, 30, 20)))


def stalker(img, rng, film):
  horizon = int(H * 0.56)
  gradient(img, [(0, (70, 76, 60)), (0.8, (150, 150, 120)), (1, (176, 170, 138))], (0, 0, W, horizon))
  gradient(img, [(0, (88, 92, 72)), (1, (24, 28, 22))], (0, horizon, W, H))
  d = ImageDraw.Draw(img)
  d.polygon([(0, horizon), (W * 0.3, horizon - 14), (W * 0.6, horizon - 6), (W, horizon - 18), (W, horizon + 2), (0, horizon + 2)], fill=(58, 62, 48))
  for k in range(6):
    x = W * 0.08 + k * W * 0.17 + rng.uniform(-6, 6)
    h = 110 - k * 12
    d.line([(x, horizon), (x, horizon - h)], fill=(40, 42, 34), width=4)
    d.line([(x - 14, horizon - h + 10), (x + 14, horizon - h + 10)], fill=(40, 42, 34), width=3)
    if k < 5:
      nx = W * 0.08 + (k + 1) * W * 0.17
      d.line([(x, horizon - h + 10), ((x + nx) / 2, horizon - h + 22), (nx, horizon - h - 2)], fill=(60, 62, 50), width=1)
  door = (W * 0.56, horizon - 70, W * 0.66, horizon)
  glow(img, (door[0] + door[2]) / 2, horizon - 35, 60, (230, 226, 190), blur=30, alpha=140)
  d.rectangle(door, fill=(240, 236, 206))
  layer(img, (200, 196, 160), lambda m: m.polygon([(door[0], horizon + 4), (door[2], horizon + 4), (door[2] + 18, H * 0.74), (door[0] - 18, H * 0.74)], fill=255), blur=8, alpha=110)
  for i, x in enumerate((W * 0.28, W * 0.34, W * 0.40)):
    y = horizon + 40 + i * 3
    d.rounded_rectangle([x - 5, y - 30, x + 5, y], radius=4, fill=(20, 22, 18))
    d.ellipse([x - 5, y - 42, x + 5, y - 30], fill=(20, 22, 18))
  for _ in range(40):
    y = rng.uniform(horizon + 10, H)
    x = rng.uniform(0, W)
    d.line([(x, y), (x + rng.uniform(20, 60), y)], fill=(100, 104, 84), width=1)
  title = film["title"]
  face = font("DejaVuSerif.ttf", 56)
  write(img, title if draws(face, title) else ENGLISH[film["id"]], face, W / 2, H * 0.86, (226, 222, 196), tracking=2)
  write(img, film["year"], font("DejaVuSans.ttf", 15), W / 2, H * 0.93, (150, 150, 124), tracking=10)


def waltz(img, rng, film):
  gradient(img, [(0, (18, 18, 18)), (0.45, (95, 0, 0)), (0.72, (215, 95, 0)), (1, (95, 0, 0))])
  d = ImageDraw.Draw(img)
  base = H * 0.70
  x = -6
  while x < W:
    w, h = rng.uniform(30, 62), rng.uniform(60, 170)
    d.rectangle([x, base - h, x + w, base], fill=(18, 20, 12), outline=(0, 0, 0), width=3)
    for wy in range(int(base - h + 12), int(base - 14), 22):
      for wx in range(int(x + 8), int(x + w - 12), 16):
        if rng.random() < 0.45: d.rectangle([wx, wy, wx + 7, wy + 10], fill=(214, 176, 80))
    x += w + rng.uniform(2, 10)
  d.rectangle([0, base, W, H], fill=(14, 16, 10))
  for k in range(5):
    fx, fy = rng.uniform(W * 0.1, W * 0.9), rng.uniform(H * 0.08, H * 0.3)
    glow(img, fx, fy, 22, (250, 210, 110), blur=14, alpha=200)
    d.ellipse([fx - 4, fy - 4, fx + 4, fy + 4], fill=(255, 246, 210))
  d.rectangle([0, H * 0.76, W, H * 0.90], fill=(232, 222, 190))
  title = film["title"]
  face = fit(lambda s: font("DejaVuSans-Bold.ttf", s), title, W * 0.88, 44)
  write(img, title if draws(face, title) else ENGLISH[film["id"]], face, W / 2, H * 0.83, (22, 24, 16))
  write(img, ENGLISH[film["id"]].upper(), font("DejaVuSansCondensed-Bold.ttf", 17), W / 2, H * 0.945, (214, 180, 90), tracking=3)


def strangelove(img, rng, film):
  gradient(img, [(0, (238, 232, 214)), (1, (214, 204, 180))])
  d = ImageDraw.Draw(img)
  for gx in range(0, W, 26): d.line([(gx, H * 0.26), (gx, H)], fill=(200, 192, 170), width=1)
  for gy in range(int(H * 0.26), H, 26): d.line([(0, gy), (W, gy)], fill=(200, 192, 170), width=1)
  path = [(W * 0.06 + t * W * 0.78, H * 0.92 - math.sin(t * math.pi * 0.55) * H * 0.52) for t in [i / 40 for i in range(41)]]
  for i in range(0, len(path) - 1, 2): d.line([path[i], path[i + 1]], fill=(200, 30, 30), width=5)
  (x, y), (px, py) = path[-1], path[-3]
  a = math.atan2(y - py, x - px)
  def at(f, s): return (x + math.cos(a) * f - math.sin(a) * s, y + math.sin(a) * f + math.cos(a) * s)
  d.polygon([at(34, -3), at(34, 3), at(-30, 3), at(-30, -3)], fill=(20, 20, 20))
  for side in (-1, 1):
    d.polygon([at(10, 0), at(-10, side * 44), at(-18, side * 44), at(-6, 0)], fill=(20, 20, 20))
    d.polygon([at(-22, 0), at(-32, side * 14), at(-36, side * 14), at(-30, 0)], fill=(20, 20, 20))
  for r in (30, 60, 90):
    d.ellipse([W * 0.06 - r, H * 0.92 - r, W * 0.06 + r, H * 0.92 + r], outline=(200, 30, 30), width=2)
  d.rectangle([0, 0, W, H * 0.15], fill=(18, 18, 18))
  write(img, "DR. STRANGELOVE", fit(lambda s: font("DejaVuSansCondensed-Bold.ttf", s), "DR. STRANGELOVE", W * 0.9, 46),
        W / 2, H * 0.075, (246, 240, 226))
  sub = film["title"].split(" or: ", 1)[1] if " or: " in film["title"] else ""
  face = font("DejaVuSerif-Italic.ttf", 19)
  for i, line in enumerate(wrap("or: " + sub, face, W * 0.86) if sub else []):
    write(img, line, face, W / 2, H * 0.18 + i * 23, (30, 28, 24), anchor="mt")


def parasite(img, rng, film):
  ground = int(H * 0.42)
  gradient(img, [(0, (222, 232, 228)), (1, (244, 244, 236))], (0, 0, W, ground))
  d = ImageDraw.Draw(img)
  d.rectangle([W * 0.12, ground - 110, W * 0.96, ground - 96], fill=(250, 250, 248))
  d.rectangle([W * 0.16, ground - 96, W * 0.92, ground - 18], fill=(236, 234, 228))
  d.rectangle([W * 0.20, ground - 86, W * 0.86, ground - 26], fill=(52, 62, 60))
  for wx in (W * 0.42, W * 0.64): d.line([(wx, ground - 86), (wx, ground - 26)], fill=(236, 234, 228), width=4)
  d.rectangle([0, ground - 18, W, ground], fill=(86, 146, 64))
  for _ in range(120):
    gx = rng.uniform(0, W)
    d.line([(gx, ground - 18), (gx + rng.uniform(-3, 3), ground - 18 - rng.uniform(3, 9))], fill=(104, 166, 78), width=2)
  gradient(img, [(0, (70, 52, 36)), (0.4, (36, 28, 22)), (1, (10, 10, 10))], (0, ground, W, H))
  for layer_y in (ground + 26, ground + 60):
    d.line([(0, layer_y), (W, layer_y)], fill=(88, 66, 46), width=2)
  sx, sy, step = W * 0.18, ground, 22
  points = [(sx, sy)]
  for k in range(9):
    points += [(sx + k * step + step, sy + k * step), (sx + k * step + step, sy + (k + 1) * step)]
  d.line(points, fill=(150, 130, 104), width=4)
  bx, by = sx + 10 * step, sy + 10 * step - 20
  glow(img, bx, by, 70, (250, 206, 120), blur=30, alpha=150)
  d.line([(bx, ground + 90), (bx, by - 8)], fill=(60, 50, 40), width=2)
  d.ellipse([bx - 8, by - 8, bx + 8, by + 8], fill=(255, 236, 180))
  write(img, "PARASITE", fit(lambda s: font("DejaVuSans-Bold.ttf", s), "PARASITE", W * 0.8, 52), W / 2, H * 0.86, (240, 236, 228), tracking=8)
  original = film["original"]
  face = cjk("Sans", 26, "ko")
  if original != film["title"] and draws(face, original):
    write(img, original, face, W / 2, H * 0.935, (200, 170, 120), tracking=0)


def everything(img, rng, film):
  cx, cy = W / 2, H * 0.38
  colours = [(255, 88, 88), (255, 168, 40), (250, 230, 60), (80, 210, 120), (50, 170, 240), (150, 90, 240), (240, 90, 200)]
  d = ImageDraw.Draw(img)
  d.rectangle([0, 0, W, H], fill=(30, 20, 50))
  rays = 28
  for k in range(rays):
    a0, a1 = k / rays * 360, (k + 0.5) / rays * 360
    d.pieslice([cx - 700, cy - 700, cx + 700, cy + 700], a0, a1, fill=mix(colours[k % len(colours)], (30, 20, 50), 0.55))
  for k, r in enumerate(range(170, 40, -16)):
    off = rng.uniform(-10, 10)
    d.ellipse([cx - r + off, cy - r - off, cx + r + off, cy + r - off], fill=colours[(k + 2) % len(colours)])
  d.ellipse([cx - 46, cy - 46, cx + 46, cy + 46], fill=(10, 8, 14))
  d.ellipse([cx - 46, cy - 46, cx + 46, cy + 46], outline=(255, 255, 255), width=3)
  for _ in range(10):
    ex, ey, er = rng.uniform(20, W - 20), rng.uniform(H * 0.06, H * 0.68), rng.uniform(7, 13)
    d.ellipse([ex - er, ey - er, ex + er, ey + er], fill=(255, 255, 255), outline=(10, 8, 14), width=2)
    px, py = ex + rng.uniform(-er / 3, er / 3), ey + rng.uniform(-er / 3, er / 3)
    d.ellipse([px - er / 2, py - er / 2, px + er / 2, py + er / 2], fill=(10, 8, 14))
  face = font("DejaVuSansCondensed-Bold.ttf", 40)
  for i, line in enumerate(("EVERYTHING", "EVERYWHERE", "ALL AT ONCE")):
    f = fit(lambda s: font("DejaVuSansCondensed-Bold.ttf", s), line, W * 0.86, 46)
    write(img, line, f, W / 2, H * 0.76 + i * 44, (255, 255, 255), stroke=4, stroke_fill=(20, 12, 30))


def godfather(img, rng, film):
  d = ImageDraw.Draw(img)
  d.rectangle([0, 0, W, H], fill=(8, 6, 6))
  def blinds(m):
    for k in range(9):
      y = 30 + k * 40
      m.polygon([(W * 0.05, y), (W * 1.1, y - 70), (W * 1.1, y - 52), (W * 0.05, y + 18)], fill=255)
  layer(img, (175, 135, 95), blinds, blur=2)
  cx, top = W * 0.42, H * 0.30
  def figure(m):
    m.ellipse([cx - 48, top + 40, cx + 48, top + 150], fill=255)
    m.ellipse([cx - 80, top + 30, cx + 80, top + 62], fill=255)
    m.polygon([(cx - 46, top + 48), (cx - 40, top - 6), (cx + 40, top - 6), (cx + 46, top + 48)], fill=255)
    m.polygon([(cx - 36, top + 140), (cx + 36, top + 140), (cx + 150, top + 230), (cx + 170, H), (cx - 170, H), (cx - 150, top + 230)], fill=255)
  layer(img, (4, 3, 3), figure)
  layer(img, (135, 95, 95), lambda m: m.arc([cx - 50, top + 38, cx + 50, top + 152], 290, 360, fill=255, width=3), blur=1, alpha=200)
  d.rectangle([W * 0.2, H * 0.852, W * 0.8, H * 0.860], fill=(175, 0, 0))
  face = fit(lambda s: font("DejaVuSerif.ttf", s), "THE GODFATHER", W * 0.9, 38)
  write(img, "THE GODFATHER", face, W / 2, H * 0.90, (236, 228, 214), tracking=3)
  write(img, film["year"], font("DejaVuSerif.ttf", 15), W / 2, H * 0.82, (175, 135, 95), tracking=8)


def spirited(img, rng, film):
  horizon = int(H * 0.62)
  gradient(img, [(0, (40, 150, 180)), (0.6, (150, 200, 200)), (1, (252, 186, 160))], (0, 0, W, horizon))
  gradient(img, [(0, (240, 160, 150)), (1, (40, 110, 140))], (0, horizon, W, H))
  stars(img, rng, 30, (0, 0, W, H * 0.3), (255, 255, 250))
  d = ImageDraw.Draw(img)
  bx = W * 0.62
  tiers = [(150, 40), (120, 36), (92, 32), (64, 30)]
  y = horizon
  for width, h in tiers:
    d.rectangle([bx - width / 2 + 8, y - h, bx + width / 2 - 8, y], fill=(120, 30, 40))
    for wx in range(int(bx - width / 2 + 16), int(bx + width / 2 - 18), 14):
      d.rectangle([wx, y - h + 10, wx + 6, y - 8], fill=(255, 210, 120))
    d.polygon([(bx - width / 2 - 10, y - h), (bx + width / 2 + 10, y - h), (bx + width / 2 - 14, y - h - 14), (bx - width / 2 + 14, y - h - 14)], fill=(70, 30, 50))
    y -= h + 14
  d.rectangle([0, horizon - 6, W, horizon], fill=(90, 40, 60))
  for k in range(9):
    t = k / 8
    lx, ly = W * 0.06 + t * W * 0.88, H * 0.12 + math.sin(t * math.pi) * 50
    glow(img, lx, ly, 20, (255, 140, 60), blur=10, alpha=200)
    d.ellipse([lx - 9, ly - 11, lx + 9, ly + 11], fill=(230, 50, 40))
    glow(img, lx, horizon + (horizon - ly) * 0.25 + 20, 10, (255, 170, 110), blur=6, alpha=140)
  d.line([(W * 0.06 + t * W * 0.88, H * 0.12 + math.sin(t * math.pi) * 50 - 11) for t in [i / 30 for i in range(31)]], fill=(60, 30, 40), width=2)
  for _ in range(18):
    y = rng.uniform(horizon + 8, H)
    x = rng.uniform(0, W)
    d.line([(x, y), (x + rng.uniform(20, 70), y)], fill=(255, 220, 200), width=1)
  write(img, "Spirited Away", fit(lambda s: font("DejaVuSans-Bold.ttf", s), "Spirited Away", W * 0.86, 44), W / 2, H * 0.80, (255, 255, 255),
        shadow=(2, 3, (30, 70, 100)))
  original = film["original"]
  face = cjk("Sans", 22, "ja")
  if draws(face, original):
    write(img, original, face, W / 2, H * 0.88, (255, 238, 220), shadow=(1, 2, (30, 70, 100)))


def interstellar(img, rng, film):
  horizon = int(H * 0.70)
  gradient(img, [(0, (2, 4, 12)), (0.7, (12, 20, 40)), (1, (40, 50, 70))], (0, 0, W, horizon))
  stars(img, rng, 160, (0, 0, W, horizon))
  cx, cy = W / 2, H * 0.34
  glow(img, cx, cy, 150, (80, 110, 170), blur=70, alpha=160)
  for k, r in enumerate((118, 100, 86)):
    layer(img, (200, 220, 255), lambda m: m.ellipse([cx - r, cy - r, cx + r, cy + r], outline=255, width=3), blur=2 + k, alpha=170 - k * 40)
  layer(img, (236, 242, 255), lambda m: m.ellipse([cx - 72, cy - 72, cx + 72, cy + 72], fill=255), blur=3)
  gradient(img, [(0, (14, 12, 8)), (1, (46, 38, 20))], (0, horizon, W, H))
  d = ImageDraw.Draw(img)
  vx = W / 2
  for k in range(-14, 15):
    d.line([(vx + k * 4, horizon), (vx + k * 60, H)], fill=(120, 100, 50), width=2)
  layer(img, (170, 190, 220), lambda m: m.rectangle([0, horizon - 2, W, horizon + 2], fill=255), blur=3)
  title = fit(lambda s: font("DejaVuSans-ExtraLight.ttf", s), "INTERSTELLAR", W * 0.8, 34)
  write(img, "INTERSTELLAR", title, W / 2, H * 0.075, (236, 240, 250), tracking=7)
  write(img, film["year"], font("DejaVuSans-ExtraLight.ttf", 16), W / 2, H * 0.125, (150, 160, 180), tracking=8)


def seven_samurai(img, rng, film):
  gradient(img, [(0, (60, 60, 60)), (0.7, (160, 158, 152)), (1, (120, 118, 112))])
  glow(img, W * 0.72, H * 0.32, 46, (170, 40, 36), blur=4)
  d = ImageDraw.Draw(img)
  ridge = [(x, H * 0.66 - 18 * math.sin(x / W * 3.1 + 0.4)) for x in range(0, W + 10, 10)]
  d.polygon(ridge + [(W, H), (0, H)], fill=(20, 20, 20))
  for k in range(7):
    x = W * 0.12 + k * W * 0.125
    y = H * 0.66 - 18 * math.sin(x / W * 3.1 + 0.4)
    h = rng.uniform(90, 140)
    d.line([(x, y), (x, y - h)], fill=(20, 20, 20), width=4)
    d.polygon([(x, y - h), (x + 26, y - h + 8), (x, y - h + 22)], fill=(20, 20, 20))
  def rain(m):
    for _ in range(260):
      x, y = rng.uniform(-60, W), rng.uniform(-40, H)
      m.line([(x, y), (x + 12, y + 34)], fill=255, width=1)
  layer(img, (236, 236, 236), rain, alpha=110)
  original = film["original"]
  face = cjk("Serif", 46, "ja")
  if draws(face, original):
    vertical(img, original, face, W * 0.14, H * 0.05, (250, 250, 246), gap=2)
  write(img, "SEVEN SAMURAI", fit(lambda s: font("DejaVuSerifCondensed-Bold.ttf", s), "SEVEN SAMURAI", W * 0.88, 42),
        W / 2, H * 0.86, (236, 234, 228), tracking=3)
  write(img, film["year"], font("DejaVuSerif.ttf", 15), W / 2, H * 0.93, (170, 60, 50), tracking=8)


def mood_for_love(img, rng, film):
  gradient(img, [(0, (96, 12, 24)), (0.6, (150, 30, 36)), (1, (70, 8, 18))])
  d = ImageDraw.Draw(img)
  for y in range(0, H, 30):
    for x in range(0, int(W * 0.42), 30):
      ox = 15 if (y // 30) % 2 else 0
      d.polygon([(x + ox, y), (x + ox + 8, y + 10), (x + ox, y + 20), (x + ox - 8, y + 10)], fill=(95, 0, 0))
  glow(img, W * 0.78, H * 0.16, 90, (215, 95, 95), blur=40, alpha=200)
  layer(img, (255, 215, 175), lambda m: m.ellipse([W * 0.78 - 22, H * 0.16 - 22, W * 0.78 + 22, H * 0.16 + 22], fill=255), blur=4)
  def pair(m):
    for x, h in ((W * 0.46, 300), (W * 0.64, 330)):
      m.rounded_rectangle([x - 26, H - h, x + 26, H + 20], radius=26, fill=255)
      m.ellipse([x - 19, H - h - 46, x + 19, H - h - 6], fill=255)
  layer(img, (40, 4, 12), pair, blur=6, alpha=220)
  title = film["title"]
  face = cjk("Serif", 50, "zh-Hant")
  if draws(face, title):
    vertical(img, title, face, W * 0.86, H * 0.32, (250, 226, 190), gap=4)
    write(img, ENGLISH[film["id"]], font("DejaVuSerif-Italic.ttf", 20), W / 2, H * 0.95, (246, 206, 170))
  else:
    write(img, ENGLISH[film["id"]], fit(lambda s: font("DejaVuSerif-Italic.ttf", s), ENGLISH[film["id"]], W * 0.9, 30), W / 2, H * 0.92, (250, 226, 190))


def come_and_see(img, rng, film):
  gradient(img, [(0, (104, 100, 84)), (0.6, (156, 150, 124)), (1, (60, 56, 44))])
  for _ in range(9):
    x, y, r = rng.uniform(0, W), rng.uniform(0, H * 0.4), rng.uniform(40, 90)
    glow(img, x, y, r, rng.choice([(70, 66, 56), (176, 170, 146)]), blur=r * 0.7, alpha=170)
  d = ImageDraw.Draw(img)
  for _ in range(16):
    x, w = rng.uniform(-10, W), rng.uniform(8, 18)
    top = rng.uniform(-20, H * 0.2)
    d.rectangle([x, top, x + w, H * 0.74], fill=(214, 208, 190))
    for _ in range(rng.randrange(3, 8)):
      my = rng.uniform(top, H * 0.72)
      d.rectangle([x + rng.uniform(0, w / 2), my, x + w * rng.uniform(0.6, 1), my + rng.uniform(3, 8)], fill=(40, 38, 32))
  d.rectangle([0, H * 0.70, W, H], fill=(46, 42, 34))
  d.rectangle([0, H * 0.75, W, H * 0.87], fill=(156, 24, 20))
  title = film["title"]
  face = fit(lambda s: font("DejaVuSansCondensed-Bold.ttf", s), title, W * 0.9, 42)
  write(img, title if draws(face, title) else ENGLISH[film["id"]], face, W / 2, H * 0.81, (250, 244, 230))
  write(img, ENGLISH[film["id"]].upper(), font("DejaVuSansCondensed.ttf", 17), W / 2, H * 0.93, (190, 180, 150), tracking=4)


def pulp(img, rng, film):
  gradient(img, [(0, (16, 12, 18)), (1, (40, 18, 24))])
  cx, cy = W / 2, H * 0.52
  def rays(m):
    for k in range(11):
      a = math.radians(200 + k * 14 + rng.uniform(-3, 3))
      m.polygon([(cx - 30, cy), (cx + 30, cy), (cx + math.cos(a) * 600 + 30, cy + math.sin(a) * 600), (cx + math.cos(a) * 600 - 30, cy + math.sin(a) * 600)], fill=255)
  layer(img, (215, 95, 0), rays, blur=6, alpha=150)
  glow(img, cx, cy - 10, 90, (255, 135, 0), blur=36, alpha=240)
  d = ImageDraw.Draw(img)
  d.polygon([(cx - 110, cy), (cx + 110, cy), (cx + 120, cy - 110), (cx - 120, cy - 110)], fill=(20, 16, 14))
  d.polygon([(cx - 96, cy - 10), (cx + 96, cy - 10), (cx + 104, cy - 98), (cx - 104, cy - 98)], fill=(34, 28, 22))
  d.rectangle([cx - 115, cy, cx + 115, cy + 120], fill=(26, 20, 18))
  d.rectangle([cx - 115, cy, cx + 115, cy + 14], fill=(255, 220, 120))
  d.rectangle([cx - 30, cy + 130, cx + 30, cy + 140], fill=(26, 20, 18))
  for lx in (cx - 70, cx + 58): d.rectangle([lx, cy + 20, lx + 12, cy + 34], fill=(200, 170, 90))
  d.rectangle([8, 8, W - 9, H - 9], outline=(230, 60, 60), width=3)
  face = fit(lambda s: font("DejaVuSansCondensed-Bold.ttf", s), "FICTION", W * 0.8, 74)
  write(img, "PULP", face, W / 2, H * 0.13, (252, 206, 48), shadow=(4, 4, (190, 30, 30)), tracking=8)
  write(img, "FICTION", face, W / 2, H * 0.13 + face.size, (252, 206, 48), shadow=(4, 4, (190, 30, 30)))
  write(img, film["year"], font("DejaVuSansMono.ttf", 16), W / 2, H * 0.92, (230, 60, 60), tracking=8)


def matrix(img, rng, film):
  gradient(img, [(0, (0, 6, 2)), (1, (2, 18, 8))])
  d = ImageDraw.Draw(img)
  for col in range(0, W, 13):
    head = rng.uniform(H * 0.1, H * 0.9)
    length = rng.uniform(80, 320)
    y = head
    while y > head - length and y > 0:
      t = (head - y) / length
      if rng.random() < 0.8:
        w = rng.choice([4, 6, 8])
        h = rng.choice([4, 8, 10])
        d.rectangle([col + 1, y - h, col + 1 + w, y], fill=mix((170, 255, 180), (0, 60, 20), t))
      y -= 13
    d.rectangle([col, head - 10, col + 9, head], fill=(230, 255, 236))
  horizon = H * 0.74
  d.rectangle([0, horizon, W, H], fill=(0, 10, 4))
  for k in range(-10, 11):
    d.line([(W / 2 + k * 8, horizon), (W / 2 + k * 70, H)], fill=(0, 150, 60), width=2)
  y, gap = horizon, 6
  while y < H:
    d.line([(0, y), (W, y)], fill=(0, 150, 60), width=2)
    gap *= 1.4
    y += gap
  title = fit(lambda s: font("DejaVuSansMono-Bold.ttf", s), "THE MATRIX", W * 0.86, 44)
  write(img, "THE MATRIX", title, W / 2, H * 0.66, (220, 255, 226), glow_colour=(0, 200, 70))


def blade_runner(img, rng, film):
  gradient(img, [(0, (0, 0, 60)), (0.35, (95, 0, 95)), (0.7, (215, 0, 95)), (1, (255, 135, 95))])
  d = ImageDraw.Draw(img)
  for depth, (colour, lit, top, count) in enumerate([((135, 0, 135), (255, 135, 215), 0.30, 9), ((95, 0, 135), (95, 215, 255), 0.22, 7), ((18, 18, 18), (255, 215, 95), 0.12, 5)]):
    x = rng.uniform(-40, 0)
    while x < W:
      w = rng.uniform(36, 80) + depth * 10
      t = rng.uniform(top, top + 0.35) * H
      d.rectangle([x, t, x + w, H], fill=colour)
      for wy in range(int(t + 8), H, 12):
        for wx in range(int(x + 5), int(x + w - 5), 9):
          if rng.random() < 0.18: d.rectangle([wx, wy, wx + 3, wy + 4], fill=lit)
      x += w + rng.uniform(4, 30)
  def rain(m):
    for _ in range(220):
      x, y = rng.uniform(0, W + 60), rng.uniform(-40, H)
      m.line([(x, y), (x - 8, y + 30)], fill=255, width=1)
  layer(img, (135, 215, 255), rain, alpha=110)
  face = fit(lambda s: font("DejaVuSans.ttf", s), "BLADE RUNNER", W * 0.86, 40)
  write(img, "BLADE RUNNER", face, W / 2, H * 0.10, (255, 220, 236), glow_colour=(255, 40, 110), tracking=4)
  write(img, film["year"], font("DejaVuSans.ttf", 15), W / 2, H * 0.155, (120, 230, 240), tracking=10)


def amelie(img, rng, film):
  gradient(img, [(0, (40, 86, 48)), (0.6, (120, 150, 66)), (1, (196, 170, 80))])
  glow(img, W * 0.5, H * 0.40, 150, (250, 220, 120), blur=70, alpha=140)
  d = ImageDraw.Draw(img)
  cx, cy, r = W * 0.5, H * 0.36, 70
  d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=(206, 36, 40))
  layer(img, (240, 110, 100), lambda m: m.ellipse([cx - r * 0.7, cy - r * 0.8, cx - r * 0.1, cy - r * 0.2], fill=255), blur=10, alpha=150)
  d.line([(cx, cy + r), (cx - 12, cy + r + 50), (cx + 6, cy + r + 100), (cx - 4, H * 0.70)], fill=(30, 30, 24), width=2)
  roofs = [(0, H * 0.72)]
  x = 0
  while x < W:
    w = rng.uniform(30, 60)
    top = H * rng.uniform(0.66, 0.74)
    roofs += [(x, top), (x + w * 0.5, top - rng.uniform(10, 30)), (x + w, top)]
    if rng.random() < 0.6: roofs += [(x + w * 0.7, top), (x + w * 0.7, top - 24), (x + w * 0.8, top - 24), (x + w * 0.8, top)]
    x += w
  d.polygon(roofs + [(W, H), (0, H)], fill=(22, 46, 28))
  for _ in range(14):
    sx, sy, s = rng.uniform(10, W - 10), rng.uniform(10, H * 0.62), rng.uniform(4, 9)
    d.polygon([(sx, sy - s), (sx + s / 4, sy - s / 4), (sx + s, sy), (sx + s / 4, sy + s / 4), (sx, sy + s), (sx - s / 4, sy + s / 4), (sx - s, sy), (sx - s / 4, sy - s / 4)], fill=(255, 246, 200))
  title = unicodedata.normalize("NFC", film["title"])
  face = fit(lambda s: font("DejaVuSerif-BoldItalic.ttf", s), title, W * 0.8, 64)
  write(img, title, face, W / 2, H * 0.84, (252, 232, 150), shadow=(2, 3, (120, 20, 24)))
  original = unicodedata.normalize("NFC", film["original"])
  small = fit(lambda s: font("DejaVuSerif-Italic.ttf", s), original, W * 0.9, 16)
  write(img, original, small, W / 2, H * 0.935, (236, 226, 190))


def alien(img, rng, film):
  d = ImageDraw.Draw(img)
  d.rectangle([0, 0, W, H], fill=(2, 4, 3))
  vx, vy = W / 2, H * 0.40
  glow(img, vx, vy, 70, (90, 230, 120), blur=40, alpha=220)
  for k in range(12, 0, -1):
    s = 0.06 + (k / 12) ** 1.8 * 1.1
    box = [vx - W * 0.55 * s, vy - H * 0.5 * s, vx + W * 0.55 * s, vy + H * 0.5 * s]
    shade = mix((60, 110, 80), (10, 20, 14), k / 12)
    d.rectangle(box, outline=shade, width=max(2, int(6 * s)))
    for t in (0.3, 0.7):
      d.line([(box[0], box[1] + (box[3] - box[1]) * t), (box[0] + 10 * s, box[1] + (box[3] - box[1]) * t)], fill=shade, width=2)
  for corner in [(0, 0), (W, 0), (0, H * 0.85), (W, H * 0.85)]:
    d.line([corner, (vx, vy)], fill=(24, 44, 32), width=2)
  layer(img, (180, 255, 200), lambda m: m.ellipse([vx - 10, vy - 10, vx + 10, vy + 10], fill=255), blur=4)
  layer(img, (2, 4, 3), lambda m: m.rectangle([0, H * 0.78, W, H], fill=255), blur=20)
  d.rectangle([0, H * 0.82, W, H], fill=(2, 4, 3))
  face = fit(lambda s: font("DejaVuSans.ttf", s), "ALIEN", W * 0.6, 52)
  write(img, "ALIEN", face, W / 2, H * 0.89, (230, 240, 232), tracking=10)


def casablanca(img, rng, film):
  gradient(img, [(0, (0, 0, 60)), (0.45, (95, 95, 135)), (0.8, (135, 135, 175)), (1, (188, 188, 188))])
  for _ in range(6):
    glow(img, rng.uniform(0, W), rng.uniform(H * 0.5, H), rng.uniform(60, 110), (175, 175, 215), blur=50, alpha=100)
  tx, ty = W * 0.14, H * 0.50
  layer(img, (250, 244, 210), lambda m: m.polygon([(tx, ty), (W * 1.05, H * 0.04), (W * 1.05, H * 0.20)], fill=255), blur=10, alpha=120)
  d = ImageDraw.Draw(img)
  d.polygon([(tx - 12, H * 0.78), (tx + 12, H * 0.78), (tx + 6, ty + 8), (tx - 6, ty + 8)], fill=(16, 22, 30))
  d.rectangle([tx - 12, ty - 6, tx + 12, ty + 8], fill=(16, 22, 30))
  glow(img, tx, ty, 14, (255, 250, 220), blur=6)
  px, py = W * 0.68, H * 0.30
  d.rectangle([px - 34, py - 3, px + 34, py + 3], fill=(16, 22, 30))
  d.polygon([(px - 8, py - 3), (px + 10, py - 3), (px + 4, py - 16), (px - 2, py - 16)], fill=(16, 22, 30))
  d.rectangle([px - 46, py - 2, px - 34, py + 1], fill=(16, 22, 30))
  d.polygon([(px + 34, py - 2), (px + 44, py - 10), (px + 46, py + 1)], fill=(16, 22, 30))
  pb = (W * 0.84, H * 0.80)
  d.line([pb, (pb[0] - 10, H * 0.56)], fill=(16, 22, 30), width=6)
  for a in range(0, 360, 40):
    r = math.radians(a + rng.uniform(-8, 8))
    d.line([(pb[0] - 10, H * 0.56), (pb[0] - 10 + math.cos(r) * 46, H * 0.56 + math.sin(r) * 22 + 12)], fill=(16, 22, 30), width=5)
  d.rectangle([0, H * 0.78, W, H], fill=(26, 30, 34))
  face = fit(lambda s: font("DejaVuSerif-BoldItalic.ttf", s), "Casablanca", W * 0.86, 52)
  write(img, "Casablanca", face, W / 2, H * 0.86, (246, 232, 200), glow_colour=(120, 130, 150))
  write(img, film["year"], font("DejaVuSerif.ttf", 15), W / 2, H * 0.935, (170, 170, 160), tracking=8)


def hero(img, rng, film):
  gradient(img, [(0, (60, 6, 10)), (0.45, (176, 26, 30)), (1, (120, 14, 20))])
  glow(img, W * 0.5, H * 0.55, 150, (230, 90, 40), blur=70, alpha=150)
  d = ImageDraw.Draw(img)
  for _ in range(40):
    lx, ly, s = rng.uniform(0, W), rng.uniform(H * 0.45, H * 0.78), rng.uniform(5, 11)
    a = rng.uniform(0, math.pi)
    d.polygon([(lx + math.cos(a) * s, ly + math.sin(a) * s), (lx + math.cos(a + 2.2) * s / 2, ly + math.sin(a + 2.2) * s / 2),
               (lx - math.cos(a) * s, ly - math.sin(a) * s), (lx + math.cos(a - 2.2) * s / 2, ly + math.sin(a - 2.2) * s / 2)],
              fill=rng.choice([(250, 190, 60), (240, 140, 40), (255, 220, 120)]))
  def arrows(m):
    for _ in range(70):
      x, y = rng.uniform(-60, W + 40), rng.uniform(-40, H * 0.62)
      ex, ey = x + 46, y + 26
      m.line([(x, y), (ex, ey)], fill=255, width=2)
      m.polygon([(ex, ey), (ex - 10, ey - 1), (ex - 5, ey - 8)], fill=255)
  layer(img, (24, 6, 8), arrows, alpha=210)
  d.rectangle([0, H * 0.80, W, H * 0.81], fill=(250, 200, 100))
  title = film["title"]
  face = cjk("Serif", 120, "zh-Hans")
  if draws(face, title):
    write(img, title, face, W / 2, H * 0.56, (252, 240, 220), stroke=3, stroke_fill=(40, 6, 8), anchor="mm")
    write(img, "HERO", font("DejaVuSerif-Bold.ttf", 26), W / 2, H * 0.88, (250, 220, 160), tracking=14)
  else:
    write(img, "HERO", font("DejaVuSerif-Bold.ttf", 72), W / 2, H * 0.56, (252, 240, 220), tracking=10)


def cranes(img, rng, film):
  gradient(img, [(0, (150, 160, 166)), (0.6, (222, 224, 220)), (1, (196, 196, 188))])
  for _ in range(5):
    glow(img, rng.uniform(0, W), rng.uniform(H * 0.2, H * 0.6), rng.uniform(50, 90), (246, 246, 240), blur=40, alpha=150)
  d = ImageDraw.Draw(img)
  lead = (W * 0.60, H * 0.14)
  for k in range(11):
    side = -1 if k % 2 else 1
    row = (k + 1) // 2
    x, y = lead[0] + side * row * 20 - row * 4, lead[1] + row * 16
    if k == 0: x, y = lead
    s = 1 - row * 0.06
    d.line([(x - 16 * s, y - 6 * s), (x, y), (x + 16 * s, y - 4 * s)], fill=(40, 44, 48), width=3)
    d.line([(x, y), (x - 12 * s, y + 3 * s)], fill=(40, 44, 48), width=2)
  for x0 in (W * 0.04, W * 0.16):
    d.polygon([(x0, H), (x0 + 14, H), (x0 + 10, H * 0.18), (x0 + 4, H * 0.18)], fill=(234, 232, 226))
    for _ in range(9):
      my = rng.uniform(H * 0.2, H)
      d.rectangle([x0 + 3, my, x0 + 13, my + 4], fill=(50, 50, 50))
  d.rectangle([0, H * 0.80, W, H], fill=(48, 50, 52))
  title = film["title"]
  face = fit(lambda s: font("DejaVuSerif.ttf", s), title, W * 0.86, 40)
  write(img, title if draws(face, title) else ENGLISH[film["id"]], face, W / 2, H * 0.70, (36, 38, 42))
  write(img, ENGLISH[film["id"]].upper(), font("DejaVuSans.ttf", 16), W / 2, H * 0.88, (220, 220, 214), tracking=3)
  write(img, film["year"], font("DejaVuSans.ttf", 14), W / 2, H * 0.935, (150, 150, 146), tracking=8)


DESIGNS = {
  693134: dune, 872585: oppenheimer, 550: fight_club, 146: crouching_tiger, 1398: stalker, 8885: waltz,
  935: strangelove, 496243: parasite, 545611: everything, 238: godfather, 129: spirited,
  157336: interstellar, 346: seven_samurai, 843: mood_for_love, 25237: come_and_see, 680: pulp,
  603: matrix, 78: blade_runner, 194: amelie, 348: alien, 289: casablanca, 79: hero, 38810: cranes,
}


def film(film_id):
  data = json.loads((root / f"Demo/answers/en/movie/{film_id}.json").read_text(encoding="utf-8"))
  return dict(id=film_id, title=data["title"], original=data.get("original_title") or data["title"],
              year=(data.get("release_date") or "")[:4])


def poster(film_id):
  rng = random.Random(film_id)
  img = Image.new("RGB", (W, H), (0, 0, 0))
  DESIGNS[film_id](img, rng, film(film_id))
  small = img.resize(SIZE, Image.Resampling.LANCZOS)
  out = io.BytesIO()
  small.save(out, "JPEG", quality=QUALITY, progressive=(film_id % 5 == 0), optimize=True)
  return out.getvalue()


# The series: one design each, simpler than the films' (so the set stays small), the name set
# in the original script when a font can draw it and the English name beside it.

def set_names(img, show, y, colour, english_colour=None, serif=False, size=40):
  """The original name (in a font that draws it) and the English name under it when they differ."""
  original, name = show["original"], show["title"]
  faces = ["DejaVuSerif-Bold.ttf" if serif else "DejaVuSansCondensed-Bold.ttf"]
  face = fit(lambda s: font(faces[0], s), original, W * 0.86, size)
  if not draws(face, original):
    script = "ko" if any("\uac00" <= c <= "\ud7a3" for c in original) else "ja"
    face = fit(lambda s: cjk("Sans", s, script), original, W * 0.86, size)
  if draws(face, original):
    write(img, original, face, W / 2, y, colour)
    if original != name:
      small = fit(lambda s: font("DejaVuSans.ttf", s), name.upper(), W * 0.86, 18)
      write(img, name.upper(), small, W / 2, y + face.size * 0.8 + 14, english_colour or colour, tracking=3)
  else:
    write(img, name, fit(lambda s: font(faces[0], s), name, W * 0.86, size), W / 2, y, colour)


def tv_friends(img, rng, show):
  gradient(img, [(0, (92, 48, 120)), (1, (40, 20, 60))])
  d = ImageDraw.Draw(img)
  d.rounded_rectangle([W * 0.1, H * 0.56, W * 0.9, H * 0.72], radius=30, fill=(214, 110, 40))
  d.rounded_rectangle([W * 0.14, H * 0.46, W * 0.86, H * 0.6], radius=30, fill=(232, 132, 56))
  d.rectangle([W * 0.16, H * 0.72, W * 0.2, H * 0.78], fill=(90, 50, 20))
  d.rectangle([W * 0.8, H * 0.72, W * 0.84, H * 0.78], fill=(90, 50, 20))
  colours = [(230, 60, 60), (250, 200, 40), (60, 140, 230), (250, 200, 40), (230, 60, 60), (60, 200, 120)]
  for k, c in enumerate(colours):
    x = W * (0.2 + k * 0.12)
    d.ellipse([x - 9, H * 0.3 - 9, x + 9, H * 0.3 + 9], fill=c)
  face = fit(lambda s: font("DejaVuSans-Bold.ttf", s), "FRIENDS", W * 0.8, 60)
  write(img, "FRIENDS", face, W / 2, H * 0.17, (250, 244, 230), tracking=6)
  write(img, show["year"], font("DejaVuSans.ttf", 16), W / 2, H * 0.9, (220, 200, 240), tracking=8)


def tv_sopranos(img, rng, show):
  gradient(img, [(0, (14, 10, 10)), (1, (40, 12, 12))])
  d = ImageDraw.Draw(img)
  d.rectangle([0, H * 0.58, W, H * 0.8], fill=(40, 110, 150))
  for _ in range(5):
    x, y = rng.uniform(40, W - 60), rng.uniform(H * 0.62, H * 0.74)
    d.ellipse([x, y, x + 34, y + 16], fill=(120, 84, 40))
    d.ellipse([x + 24, y - 12, x + 40, y + 4], fill=(30, 90, 50))
  d.rectangle([0, H * 0.2, W, H * 0.22], fill=(170, 20, 24))
  set_names(img, show, H * 0.35, (240, 230, 220), serif=True, size=44)


def tv_breaking(img, rng, show):
  gradient(img, [(0, (120, 170, 90)), (0.55, (230, 200, 110)), (1, (200, 150, 70))])
  d = ImageDraw.Draw(img)
  d.polygon([(0, H * 0.7), (W * 0.3, H * 0.62), (W * 0.6, H * 0.68), (W, H * 0.6), (W, H), (0, H)], fill=(170, 120, 60))
  x, y = W * 0.3, H * 0.6
  d.rectangle([x, y, x + 150, y + 56], fill=(240, 236, 214))
  d.rectangle([x + 10, y + 10, x + 40, y + 28], fill=(60, 70, 80))
  for wx in (x + 30, x + 120): d.ellipse([wx - 12, y + 46, wx + 12, y + 70], fill=(30, 30, 30))
  for k in range(6):
    glow(img, x + 130 + k * 14, y - 20 - k * 26, 20 + k * 6, (250, 250, 240), blur=12, alpha=150)
  set_names(img, show, H * 0.16, (20, 60, 30), size=46)


def tv_thrones(img, rng, show):
  gradient(img, [(0, (40, 50, 62)), (1, (12, 14, 20))])
  d = ImageDraw.Draw(img)
  for k in range(22):
    x = W / 2 + rng.uniform(-110, 110)
    top = H * rng.uniform(0.28, 0.45)
    d.line([(x, top), (W / 2 + (x - W / 2) * 0.4, H * 0.8)], fill=(150, 156, 166), width=3)
  d.rectangle([W * 0.36, H * 0.6, W * 0.64, H * 0.8], fill=(70, 74, 82))
  stars(img, rng, 90, (0, 0, W, H), colour=(240, 244, 255), big=0.02)
  set_names(img, show, H * 0.12, (236, 224, 190), serif=True, size=40)


def tv_sherlock(img, rng, show):
  gradient(img, [(0, (20, 34, 60)), (1, (6, 10, 20))])
  d = ImageDraw.Draw(img)
  x = 0
  while x < W:
    w = rng.uniform(30, 70)
    d.rectangle([x, H * rng.uniform(0.62, 0.72), x + w, H], fill=(10, 14, 24))
    x += w
  d.rectangle([W * 0.7, H * 0.44, W * 0.76, H], fill=(10, 14, 24))
  d.ellipse([W * 0.22, H * 0.28, W * 0.62, H * 0.55], outline=(220, 220, 210), width=8)
  d.line([(W * 0.57, H * 0.52), (W * 0.72, H * 0.64)], fill=(220, 220, 210), width=14)
  set_names(img, show, H * 0.14, (236, 236, 226), size=46)


def tv_stranger(img, rng, show):
  d = ImageDraw.Draw(img)
  d.rectangle([0, 0, W, H], fill=(6, 4, 8))
  glow(img, W / 2, H * 0.7, 200, (150, 10, 20), blur=90, alpha=200)
  points = [(x, H * 0.52 + 20 * math.sin(x / 50)) for x in range(0, W + 10, 10)]
  d.line(points, fill=(40, 40, 40), width=2)
  for k, (x, y) in enumerate(points[::3]):
    glow(img, x, y + 8, 10, [(250, 80, 80), (250, 220, 80), (80, 180, 250), (120, 250, 120)][k % 4], blur=5)
  face = fit(lambda s: font("DejaVuSerif-Bold.ttf", s), "STRANGER", W * 0.84, 54)
  write(img, "STRANGER", face, W / 2, H * 0.17, (6, 4, 8), stroke=3, stroke_fill=(230, 30, 40), glow_colour=(200, 10, 20))
  write(img, "THINGS", face, W / 2, H * 0.17 + face.size + 8, (6, 4, 8), stroke=3, stroke_fill=(230, 30, 40))


def tv_peaky(img, rng, show):
  gradient(img, [(0, (90, 80, 66)), (1, (24, 20, 16))])
  d = ImageDraw.Draw(img)
  for x in (W * 0.12, W * 0.3, W * 0.78):
    d.rectangle([x, H * 0.3, x + 26, H], fill=(30, 26, 22))
    glow(img, x + 13, H * 0.26, 40, (150, 140, 126), blur=24, alpha=150)
  d.pieslice([W * 0.25, H * 0.5, W * 0.75, H * 0.74], 180, 360, fill=(16, 14, 12))
  d.ellipse([W * 0.18, H * 0.6, W * 0.82, H * 0.68], fill=(16, 14, 12))
  set_names(img, show, H * 0.12, (230, 210, 170), serif=True, size=40)


def tv_detective(img, rng, show):
  gradient(img, [(0, (150, 140, 90)), (0.6, (70, 80, 50)), (1, (20, 26, 18))])
  d = ImageDraw.Draw(img)
  def branch(x, y, a, length, depth):
    if depth == 0: return
    ex, ey = x + math.cos(a) * length, y + math.sin(a) * length
    d.line([(x, y), (ex, ey)], fill=(30, 24, 18), width=depth + 1)
    for turn in (-0.5, 0.45):
      branch(ex, ey, a + turn + rng.uniform(-0.15, 0.15), length * 0.72, depth - 1)
  branch(W / 2, H * 0.82, -math.pi / 2, 110, 7)
  d.rectangle([0, H * 0.82, W, H], fill=(20, 26, 18))
  set_names(img, show, H * 0.9, (230, 220, 180), size=36)


def tv_euphoria(img, rng, show):
  gradient(img, [(0, (60, 20, 110)), (0.5, (170, 40, 150)), (1, (40, 20, 90))])
  for _ in range(40):
    x, y = rng.uniform(0, W), rng.uniform(0, H)
    glow(img, x, y, rng.uniform(3, 9), rng.choice([(250, 200, 250), (160, 220, 255), (255, 240, 180)]), blur=3)
  d = ImageDraw.Draw(img)
  for x, y in ((W * 0.38, H * 0.45), (W * 0.62, H * 0.45)):
    d.polygon([(x, y - 16), (x + 8, y), (x, y + 16), (x - 8, y)], fill=(180, 240, 255))
  set_names(img, show, H * 0.8, (255, 240, 255), size=48)


def tv_silo(img, rng, show):
  d = ImageDraw.Draw(img)
  d.rectangle([0, 0, W, H], fill=(16, 16, 14))
  for k in range(14, 0, -1):
    r = 14 + k * 15
    shade = mix((220, 170, 80), (30, 28, 24), k / 14)
    d.ellipse([W / 2 - r, H * 0.45 - r * 0.9, W / 2 + r, H * 0.45 + r * 0.9], outline=shade, width=5)
  glow(img, W / 2, H * 0.45, 20, (255, 220, 140), blur=10)
  set_names(img, show, H * 0.86, (236, 220, 180), size=56)


def tv_squid(img, rng, show):
  gradient(img, [(0, (230, 40, 120)), (1, (120, 10, 60))])
  d = ImageDraw.Draw(img)
  d.ellipse([W * 0.12, H * 0.2, W * 0.34, H * 0.35], outline=(250, 250, 250), width=8)
  d.polygon([(W * 0.5, H * 0.2), (W * 0.62, H * 0.35), (W * 0.38, H * 0.35)], outline=(250, 250, 250), width=8)
  d.rectangle([W * 0.67, H * 0.2, W * 0.88, H * 0.35], outline=(250, 250, 250), width=8)
  d.rectangle([0, H * 0.5, W, H * 0.54], fill=(20, 160, 140))
  set_names(img, show, H * 0.7, (250, 250, 250), size=54)


def tv_dark(img, rng, show):
  gradient(img, [(0, (20, 26, 24)), (1, (4, 6, 6))])
  d = ImageDraw.Draw(img)
  for _ in range(24):
    x = rng.uniform(0, W)
    d.polygon([(x, H * rng.uniform(0.2, 0.4)), (x - 22, H * 0.8), (x + 22, H * 0.8)], fill=(8, 12, 10))
  d.ellipse([W * 0.32, H * 0.5, W * 0.68, H * 0.78], fill=(0, 0, 0))
  glow(img, W / 2, H * 0.64, 40, (200, 220, 230), blur=30, alpha=120)
  set_names(img, show, H * 0.14, (220, 224, 220), size=70)


def tv_mindhunter(img, rng, show):
  gradient(img, [(0, (60, 66, 58)), (1, (20, 22, 20))])
  d = ImageDraw.Draw(img)
  for x in (W * 0.32, W * 0.68):
    d.ellipse([x - 54, H * 0.42 - 54, x + 54, H * 0.42 + 54], outline=(200, 196, 180), width=6)
    for a in range(0, 360, 60):
      d.line([(x, H * 0.42), (x + math.cos(math.radians(a)) * 46, H * 0.42 + math.sin(math.radians(a)) * 46)], fill=(200, 196, 180), width=3)
  d.line([(W * 0.32, H * 0.42 + 54), (W * 0.68, H * 0.42 + 54)], fill=(120, 60, 50), width=4)
  set_names(img, show, H * 0.8, (230, 226, 210), size=40)


def tv_alice(img, rng, show):
  gradient(img, [(0, (30, 10, 20)), (1, (120, 20, 30))])
  d = ImageDraw.Draw(img)
  x = 0
  while x < W:
    w = rng.uniform(26, 60)
    d.rectangle([x, H * rng.uniform(0.45, 0.6), x + w, H], fill=(20, 8, 14))
    x += w + 4
  face = font("DejaVuSans-Bold.ttf", 44)
  for k, suit in enumerate("♠♥♦♣"):
    write(img, suit, face, W * (0.2 + k * 0.2), H * 0.32, (250, 240, 240) if k % 3 == 0 else (240, 60, 70))
  set_names(img, show, H * 0.12, (250, 240, 240), size=44)


def tv_fauda(img, rng, show):
  gradient(img, [(0, (230, 200, 150)), (1, (160, 110, 60))])
  d = ImageDraw.Draw(img)
  d.rectangle([0, H * 0.5, W, H * 0.76], fill=(120, 110, 100))
  for x in range(0, W, 40): d.line([(x, H * 0.5), (x, H * 0.76)], fill=(100, 92, 84), width=2)
  points = [(x, H * 0.47 + (8 if (x // 12) % 2 else -8)) for x in range(0, W + 12, 12)]
  d.line(points, fill=(40, 36, 30), width=2)
  set_names(img, show, H * 0.2, (60, 30, 20), size=64)


def tv_epidemia(img, rng, show):
  gradient(img, [(0, (220, 226, 232)), (1, (170, 180, 190))])
  d = ImageDraw.Draw(img)
  d.ellipse([W * 0.1, H * 0.62, W * 0.9, H * 0.8], fill=(140, 20, 24))
  for _ in range(30):
    x = rng.uniform(0, W)
    top = H * rng.uniform(0.36, 0.52)
    d.polygon([(x, top), (x - 14, H * 0.64), (x + 14, H * 0.64)], fill=(40, 50, 46))
  set_names(img, show, H * 0.18, (120, 16, 20), size=50)


SERIES_DESIGNS = {
  1668: tv_friends, 1398: tv_sopranos, 1396: tv_breaking, 1399: tv_thrones, 19885: tv_sherlock,
  66732: tv_stranger, 60574: tv_peaky, 46648: tv_detective, 85552: tv_euphoria, 125988: tv_silo,
  93405: tv_squid, 70523: tv_dark, 67744: tv_mindhunter, 110316: tv_alice, 66119: tv_fauda, 94305: tv_epidemia,
}


def show(series_id):
  data = json.loads((root / f"Demo/answers/en/tv/{series_id}.json").read_text(encoding="utf-8"))
  return dict(id=series_id, title=data["name"], original=data.get("original_name") or data["name"],
              year=(data.get("first_air_date") or "")[:4])


def series_poster(series_id):
  rng = random.Random(f"tv-{series_id}")
  img = Image.new("RGB", (W, H), (0, 0, 0))
  SERIES_DESIGNS[series_id](img, rng, show(series_id))
  small = img.resize(SIZE, Image.Resampling.LANCZOS)
  out = io.BytesIO()
  small.save(out, "JPEG", quality=SERIES_QUALITY, progressive=(series_id % 5 == 0), optimize=True)
  return out.getvalue()


SERIES_QUALITY = 76


if not pathlib.Path(DEJAVU, "DejaVuSans.ttf").exists(): raise SystemExit("needs the DejaVu fonts (fonts-dejavu-core)")
folder = root / "Demo/posters"
folder.mkdir(parents=True, exist_ok=True)
missing = [film_id for film_id in ids if film_id not in DESIGNS]
if missing: raise SystemExit(f"no design for {missing}: add one to DESIGNS")
missing = [series_id for series_id in series_ids if series_id not in SERIES_DESIGNS]
if missing: raise SystemExit(f"no design for the series {missing}: add one to SERIES_DESIGNS")
for stale in folder.glob("demo-*.jpg"): stale.unlink()
total = 0
for film_id in ids:
  data = poster(film_id)
  total += len(data)
  (folder / f"demo-{film_id}.jpg").write_bytes(data)
for series_id in series_ids:
  data = series_poster(series_id)
  total += len(data)
  (folder / f"demo-tv-{series_id}.jpg").write_bytes(data)
print(f"{len(ids)} film and {len(series_ids)} series posters, {total} bytes of JPEG")
