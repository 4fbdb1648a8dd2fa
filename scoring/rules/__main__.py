"""Entry point of ``python -m scoring.rules``."""

from .cli import main

main()
