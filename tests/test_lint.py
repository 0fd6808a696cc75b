"""The code base stays ruff clean (the rules are in pyproject.toml)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_is_clean():
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", str(ROOT)],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_is_clean():
    """The type checker passes on games/, service/, render/ and bot/ (the
    files and settings are in pyproject.toml)."""
    result = subprocess.run([sys.executable, "-m", "mypy", "--no-incremental"], cwd=ROOT,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
