from tests.e2e.conftest import env  # noqa: F401  (the real bot against the local Discord)
