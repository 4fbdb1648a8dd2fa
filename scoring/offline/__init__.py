"""The umpire tablet's rules engine while offline (issue 12): :mod:`.browser` runs in the
browser (Pyodide), :mod:`.bundle` packs it with ``scoring/rules`` for the browser."""
