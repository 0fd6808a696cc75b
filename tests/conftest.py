"""Suite-wide settings and the database fixtures."""

import pytest

from tests.postgres import cluster_or_skip

# The longest tests go first: with two workers, a minute-long test collected last would run
# alone at the end while the other worker idles (the crash tests made the last 3 % take 4 minutes).
LONGEST_FIRST = ("tests/e2e/test_crash.py", "tests/e2e/test_games.py", "tests/e2e/test_fuzz.py",
                 "tests/test_store_crash.py")


def pytest_collection_modifyitems(session, config, items):
    def weight(item) -> int:
        path = item.nodeid.split("::", 1)[0]
        return next((i for i, prefix in enumerate(LONGEST_FIRST) if path == prefix), len(LONGEST_FIRST))

    items.sort(key=weight)  # stable: the order within each file is kept


# -- the two databases -----------------------------------------------------------------


@pytest.fixture(scope="session")
def postgres_cluster():
    """One throwaway PostgreSQL server per test process (``tests/postgres.py``)."""
    cluster = cluster_or_skip()
    yield cluster
    cluster.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
async def database_url(request, tmp_path):
    """Where a store lives, once per backend: a SQLite file, or a fresh
    database on the test PostgreSQL server."""
    if request.param == "sqlite":
        return str(tmp_path / "asztal.db")
    return await request.getfixturevalue("postgres_cluster").new_database()
