"""The report document's HTML twin: text escaped, Markdown code spans rendered as code."""

import polars as pl

from simkit.report.document import Document


def test_html_escapes_text_and_renders_code_spans():
    doc = Document("t <1>")
    doc.heading("the `majority` policy")
    doc.text("a < b & `x<y`")
    doc.bullets(["plain", "`max_rounds` & more"])
    doc.table(pl.DataFrame({"name": ["`kept`"]}))
    page = doc.html()
    assert "<h2>the <code>majority</code> policy</h2>" in page
    assert "<p>a &lt; b &amp; <code>x&lt;y</code></p>" in page
    assert "<li><code>max_rounds</code> &amp; more</li>" in page
    assert "<td>`kept`</td>" in page  # table cells are data, shown as they are
    assert "<title>t &lt;1&gt;</title>" in page
    assert "the `majority` policy" in doc.markdown()
