"""The hand-written statements the ORM replaced (issue 36), kept as ``bench/plain_sql.py``'s
rivals: the app's code as it was at tree ``ddc7042``, not used by the app."""
