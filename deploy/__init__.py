"""The hall's deployment: nginx in front of two gunicorn pools (``serve.py``, ``nginx.conf``)."""
