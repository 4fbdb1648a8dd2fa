"""Services: the ORM and transactions around the pure engine (``scoring.rules``) and draws.

Views call one service per request; services never take a request object.
"""
