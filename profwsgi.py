"""carrom_tournament.wsgi with one cProfile per worker (3.12+: it sees every thread)."""
import atexit, cProfile, os, threading
from carrom_tournament.wsgi import application as _app
_state = {}
_lock = threading.Lock()

def application(environ, start_response):
    if os.getpid() not in _state:
        with _lock:
            if os.getpid() not in _state:
                prof = cProfile.Profile()
                _state[os.getpid()] = prof
                prof.enable()
    return _app(environ, start_response)

def _dump():
    prof = _state.get(os.getpid())
    if prof is not None:
        prof.disable()
        prof.dump_stats(f"/tmp/load-work/prof-{os.getpid()}.pstats")
atexit.register(_dump)
