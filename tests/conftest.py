"""Suite-wide settings."""

# The longest tests go first: with two workers, a minute-long test collected last would run
# alone at the end while the other worker idles (the crash tests made the last 3 % take 4 minutes).
LONGEST_FIRST = ("tests/e2e/test_crash.py", "tests/e2e/test_games.py", "tests/e2e/test_fuzz.py",
                 "tests/test_store_crash.py")


def pytest_collection_modifyitems(session, config, items):
    def weight(item) -> int:
        path = item.nodeid.split("::", 1)[0]
        return next((i for i, prefix in enumerate(LONGEST_FIRST) if path == prefix), len(LONGEST_FIRST))

    items.sort(key=weight)  # stable: the order within each file is kept
