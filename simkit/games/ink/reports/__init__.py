"""Ink reports."""
