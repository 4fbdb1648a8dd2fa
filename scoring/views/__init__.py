"""Thin function views, one module per audience (public, umpire, organiser, printing)."""
