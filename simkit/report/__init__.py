"""Reports: documents written as Markdown and HTML twins, with figures."""
