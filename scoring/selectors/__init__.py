"""Selectors: reads for pages, sheets and the API (querysets and small dataclasses).

One module per area (``live``, ``sheets``, ...). Selectors never write; every query count is
bounded (``select_related``/``prefetch_related``) and checked in tests.
"""
