"""Small SVG charts written as text: a run report's figure in milliseconds, where matplotlib takes seconds to import
and draw (a warm `simkit run` of a few thousand games would spend most of its time on one figure).

A `Panel` maps data coordinates onto a rectangle of the picture and draws axes with round ticks, step lines, bars,
error bars and a legend; `svg_document` puts panels and a title into one file.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Sequence

COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22",
           "#17becf")  # matplotlib's default cycle, so the run figure looks like the reports' other figures
FONT = "font-family='DejaVu Sans,Arial,sans-serif'"


def nice_ticks(lo: float, hi: float, most: int = 8) -> list[float]:
    """Round tick values (1, 2 or 5 times a power of ten apart) covering [lo, hi], at most `most` of them."""
    if hi <= lo:
        hi = lo + 1
    raw = (hi - lo) / max(most - 1, 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.ceil(lo / step - 1e-9)
    return [round(k * step, 10) for k in range(first, math.floor(hi / step + 1e-9) + 1)]


def _label(value: float) -> str:
    return f"{value:g}"


@dataclass
class Panel:
    """A plot area at (left, top) of size (width, height) pixels showing x in [x0, x1] and y in [y0, y1]."""

    left: float
    top: float
    width: float
    height: float
    x0: float
    x1: float
    y0: float
    y1: float
    parts: list[str] = field(default_factory=list)
    legend_items: list[tuple[str, str, str]] = field(default_factory=list)  # (label, colour, "line" or "box")

    def x(self, value: float) -> float:
        return self.left + (value - self.x0) / (self.x1 - self.x0) * self.width

    def y(self, value: float) -> float:
        return self.top + self.height - (value - self.y0) / (self.y1 - self.y0) * self.height

    def text(self, x: float, y: float, text: str, *, anchor: str = "middle", size: int = 11, rotate: bool = False,
             weight: str = "normal") -> None:
        turn = f" transform='rotate(-90 {x:.1f} {y:.1f})'" if rotate else ""
        self.parts.append(f"<text x='{x:.1f}' y='{y:.1f}' text-anchor='{anchor}' font-size='{size}' "
                          f"font-weight='{weight}' {FONT}{turn}>{escape(text)}</text>")

    def axes(self, *, title: str, xlabel: str, ylabel: str, xticks: Sequence[tuple[float, str]] | None = None) -> None:
        """Frame, ticks (round values unless `xticks` gives (value, label) pairs), labels and title."""
        bottom = self.top + self.height
        self.parts.append(f"<rect x='{self.left:.1f}' y='{self.top:.1f}' width='{self.width:.1f}' "
                          f"height='{self.height:.1f}' fill='none' stroke='black' stroke-width='0.8'/>")
        for value, label in xticks if xticks is not None else [(v, _label(v)) for v in nice_ticks(self.x0, self.x1)]:
            px = self.x(value)
            self.parts.append(f"<line x1='{px:.1f}' y1='{bottom:.1f}' x2='{px:.1f}' y2='{bottom + 4:.1f}' "
                              "stroke='black' stroke-width='0.8'/>")
            self.text(px, bottom + 16, label)
        for value in nice_ticks(self.y0, self.y1, 7):
            py = self.y(value)
            self.parts.append(f"<line x1='{self.left - 4:.1f}' y1='{py:.1f}' x2='{self.left:.1f}' y2='{py:.1f}' "
                              "stroke='black' stroke-width='0.8'/>")
            self.text(self.left - 7, py + 4, _label(value), anchor="end")
        self.text(self.left + self.width / 2, bottom + 34, xlabel, size=12)
        self.text(self.left - 48, self.top + self.height / 2, ylabel, size=12, rotate=True)
        self.text(self.left + self.width / 2, self.top - 8, title, size=13)

    def steps(self, edges: Sequence[float], heights: Sequence[float], colour: str, label: str) -> None:
        """A histogram outline: height[i] over [edges[i], edges[i + 1]]."""
        points = [(self.x(edges[0]), self.y(0))]
        for i, h in enumerate(heights):
            points += [(self.x(edges[i]), self.y(h)), (self.x(edges[i + 1]), self.y(h))]
        points.append((self.x(edges[-1]), self.y(0)))
        path = " ".join(f"{px:.1f},{py:.1f}" for px, py in points)
        self.parts.append(f"<polyline points='{path}' fill='none' stroke='{colour}' stroke-width='1.6'/>")
        self.legend_items.append((label, colour, "line"))

    def bars(self, xs: Sequence[float], heights: Sequence[float], width: float, colour: str, label: str,
             lows: Sequence[float], highs: Sequence[float]) -> None:
        """Bars centred on xs, each with an error bar from lows[i] to highs[i]."""
        for x, h, lo, hi in zip(xs, heights, lows, highs, strict=True):
            left, right, top = self.x(x - width / 2), self.x(x + width / 2), self.y(max(h, 0))
            self.parts.append(f"<rect x='{left:.1f}' y='{top:.1f}' width='{right - left:.1f}' "
                              f"height='{self.y(min(h, 0)) - top:.1f}' fill='{colour}'/>")
            px, cap = self.x(x), (right - left) / 6
            for y1, y2, x1, x2 in ((lo, hi, px, px), (lo, lo, px - cap, px + cap), (hi, hi, px - cap, px + cap)):
                self.parts.append(f"<line x1='{x1:.1f}' y1='{self.y(y1):.1f}' x2='{x2:.1f}' y2='{self.y(y2):.1f}' "
                                  "stroke='black' stroke-width='1'/>")
        self.legend_items.append((label, colour, "box"))

    def hline(self, value: float, colour: str, label: str) -> None:
        py = self.y(value)
        self.parts.append(f"<line x1='{self.left:.1f}' y1='{py:.1f}' x2='{self.left + self.width:.1f}' y2='{py:.1f}' "
                          f"stroke='{colour}' stroke-width='1' stroke-dasharray='5,4'/>")
        self.legend_items.append((label, colour, "line"))

    def legend(self) -> None:
        """The legend in the panel's top-right corner."""
        width = 14 + 6.2 * max((len(label) for label, _, _ in self.legend_items), default=0)
        x, y = self.left + self.width - width - 20, self.top + 8
        self.parts.append(f"<rect x='{x - 6:.1f}' y='{y:.1f}' width='{width + 26:.1f}' "
                          f"height='{16 * len(self.legend_items) + 6}' fill='white' fill-opacity='0.8' "
                          "stroke='#ccc'/>")
        for i, (label, colour, kind) in enumerate(self.legend_items):
            cy = y + 12 + 16 * i
            if kind == "box":
                self.parts.append(f"<rect x='{x:.1f}' y='{cy - 5:.1f}' width='14' height='9' fill='{colour}'/>")
            else:
                self.parts.append(f"<line x1='{x:.1f}' y1='{cy:.1f}' x2='{x + 14:.1f}' y2='{cy:.1f}' "
                                  f"stroke='{colour}' stroke-width='1.6'/>")
            self.text(x + 20, cy + 4, label, anchor="start", size=10)


def svg_document(width: int, height: int, title: str, panels: Sequence[Panel]) -> str:
    body = "".join(part for panel in panels for part in panel.parts)
    heading = (f"<text x='{width / 2:.1f}' y='22' text-anchor='middle' font-size='15' {FONT}>"
               f"{escape(title)}</text>")
    return (f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' "
            f"viewBox='0 0 {width} {height}'><rect width='100%' height='100%' fill='white'/>{heading}{body}</svg>\n")


def write_svg(path: Path, width: int, height: int, title: str, panels: Sequence[Panel]) -> Path:
    path.write_text(svg_document(width, height, title, panels), encoding="utf-8")
    return path
