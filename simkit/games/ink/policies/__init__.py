"""Ink's shipped compiled policies and their one entry point, `dispatch.choose_action`."""
