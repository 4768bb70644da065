#!/usr/bin/env python3
"""Writes Demo/posters/demo-ID.jpg: small original poster art for the demo films.

Each poster is abstract art drawn from the film's id (a two-colour gradient sky, a sun or
moon, hills and a few stars), 92x138 pixels like TMDB's w92, stored as JPEG; every fifth is
progressive so both decoder paths run in the demo. Needs Pillow (pip install pillow); the
app itself never runs this; the build embeds the files (Plugins/EmbedPlugin writes
`DemoPosters.files`, keyed like `/demo-550.jpg`).
"""
import io, pathlib, random, re
from PIL import Image, ImageDraw

root = pathlib.Path(__file__).resolve().parent.parent
answers = sorted((root / "Demo/answers").rglob("*.json"))
ids = sorted({int(m) for path in answers for m in re.findall(r"/demo-(\d+)\.jpg", path.read_text(encoding="utf-8"))})

def poster(film_id):
    rng = random.Random(film_id)
    width, height = 92, 138
    top = tuple(rng.randrange(0, 120) for _ in range(3))
    bottom = tuple(rng.randrange(100, 256) for _ in range(3))
    image = Image.new("RGB", (width, height))
    draw = ImageDraw.Draw(image)
    for y in range(height):
        t = y / (height - 1)
        draw.line([(0, y), (width, y)], fill=tuple(int(a + (b - a) * t) for a, b in zip(top, bottom)))
    for _ in range(rng.randrange(4, 12)):
        x, y = rng.randrange(width), rng.randrange(height // 2)
        draw.point((x, y), fill=(255, 255, 230))
    sun = tuple(rng.randrange(180, 256) for _ in range(3))
    cx, cy, r = rng.randrange(20, 72), rng.randrange(25, 60), rng.randrange(10, 22)
    draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=sun)
    for layer in range(3):
        shade = tuple(max(0, c - 60 - 40 * layer) for c in bottom)
        base = height - 30 + layer * 12
        points = [(0, height)]
        for x in range(0, width + 12, 12):
            points.append((x, base - rng.randrange(0, 22)))
        points.append((width, height))
        draw.polygon(points, fill=shade)
    frame = tuple(rng.randrange(0, 60) for _ in range(3))
    draw.rectangle([0, 0, width - 1, height - 1], outline=frame, width=2)
    out = io.BytesIO()
    image.save(out, "JPEG", quality=72, progressive=(film_id % 5 == 0), optimize=True)
    return out.getvalue()

folder = root / "Demo/posters"
folder.mkdir(parents=True, exist_ok=True)
for stale in folder.glob("demo-*.jpg"): stale.unlink()
total = 0
for film_id in ids:
    data = poster(film_id)
    total += len(data)
    (folder / f"demo-{film_id}.jpg").write_bytes(data)
print(f"{len(ids)} posters, {total} bytes of JPEG")
