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


MAX_FUNCTION_LINES = 60


def test_no_function_in_service_or_bot_is_long():
    """A function in service/ or bot/ stays under about a screen (its lines,
    decorators aside, counted from ``def`` to its last line): a longer one is
    split into named steps."""
    import ast

    long = []
    for folder in ("service", "bot"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    lines = node.end_lineno - node.lineno + 1
                    if lines > MAX_FUNCTION_LINES:
                        long.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name} ({lines} lines)")
    assert not long, "split these into named steps:\n" + "\n".join(long)
