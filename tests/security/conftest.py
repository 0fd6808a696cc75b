from tests.e2e.conftest import env  # noqa: F401  (the real bot against the local Discord)
from tests.test_absent import service, store  # noqa: F401  (the table service on a fresh store)
