"""Forms, one module per area (``umpire``, ...)."""
