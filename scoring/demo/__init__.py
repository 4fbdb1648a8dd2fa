"""Demo data by feature area, called by ``manage.py seed_demo`` in order.

Each module has ``seed(context: dict) -> None``; ``context`` holds what earlier areas made
(``users``, ``tournament``, ...). Every function must be idempotent.
"""
