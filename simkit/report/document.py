"""A small report document written both as Markdown and as self-contained HTML."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

CSS = ("body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}"
       "table{border-collapse:collapse;margin:1rem 0}td,th{border:1px solid #ccc;padding:.25rem .6rem;"
       "text-align:right}th{background:#f3f3f3}td:first-child,th:first-child{text-align:left}"
       "img{max-width:100%}code{background:#f3f3f3;padding:0 .2rem}")


def _inline(text: str) -> str:
    """Text as HTML: escaped, with Markdown's `code` spans as <code>."""
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", html.escape(text))


def _cell(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.3f}" if abs(value) < 10 else f"{value:.1f}"
    return str(value)


@dataclass
class Document:
    title: str
    blocks: list[tuple[str, object]] = field(default_factory=list)

    def heading(self, text: str) -> None:
        self.blocks.append(("heading", text))

    def text(self, text: str) -> None:
        self.blocks.append(("text", text))

    def bullets(self, items: list[str]) -> None:
        self.blocks.append(("bullets", items))

    def table(self, frame: pl.DataFrame) -> None:
        self.blocks.append(("table", frame))

    def figure(self, filename: str, caption: str) -> None:
        self.blocks.append(("figure", (filename, caption)))

    def markdown(self) -> str:
        out = [f"# {self.title}", ""]
        for kind, body in self.blocks:
            if kind == "heading":
                out += [f"## {body}", ""]
            elif kind == "text":
                out += [body, ""]
            elif kind == "bullets":
                out += [f"- {item}" for item in body] + [""]
            elif kind == "table":
                out.append("| " + " | ".join(body.columns) + " |")
                out.append("|" + "---|" * len(body.columns))
                out += ["| " + " | ".join(_cell(v) for v in row) + " |" for row in body.iter_rows()]
                out.append("")
            elif kind == "figure":
                filename, caption = body
                out += [f"![{caption}]({filename})", "", f"*{caption}*", ""]
        return "\n".join(out)

    def html(self) -> str:
        e = html.escape
        out = [f"<!doctype html><html><head><meta charset='utf-8'><title>{e(self.title)}</title>"
               f"<style>{CSS}</style></head><body><h1>{e(self.title)}</h1>"]
        for kind, body in self.blocks:
            if kind == "heading":
                out.append(f"<h2>{_inline(body)}</h2>")
            elif kind == "text":
                out.append(f"<p>{_inline(body)}</p>")
            elif kind == "bullets":
                out.append("<ul>" + "".join(f"<li>{_inline(i)}</li>" for i in body) + "</ul>")
            elif kind == "table":
                head = "".join(f"<th>{e(c)}</th>" for c in body.columns)
                rows = "".join("<tr>" + "".join(f"<td>{e(_cell(v))}</td>" for v in row) + "</tr>"
                               for row in body.iter_rows())
                out.append(f"<table><tr>{head}</tr>{rows}</table>")
            elif kind == "figure":
                filename, caption = body
                out.append(f"<figure><img src='{e(filename)}' alt='{e(caption)}'>"
                           f"<figcaption>{_inline(caption)}</figcaption></figure>")
        out.append("</body></html>")
        return "\n".join(out)

    def write(self, directory: Path, stem: str = "report") -> tuple[Path, Path]:
        directory.mkdir(parents=True, exist_ok=True)
        md, page = directory / f"{stem}.md", directory / f"{stem}.html"
        md.write_text(self.markdown(), encoding="utf-8")
        page.write_text(self.html(), encoding="utf-8")
        return md, page
