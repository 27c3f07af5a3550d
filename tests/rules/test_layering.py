"""The rules stay pure: no pygame, pymunk, clock or global random (STYLE.md)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "game"
FORBIDDEN_RULES = {"pygame", "pymunk", "time", "datetime"}


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def uses_global_random(path: Path) -> bool:
    """`random.Random(seed)` instances are fine; module-level random.choice etc. are not."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.value.id == "random" and node.attr != "Random"):
            return True
        if isinstance(node, ast.ImportFrom) and node.module == "random":
            if any(a.name != "Random" for a in node.names):
                return True
    return False


RULE_FILES = sorted((ROOT / "rules").rglob("*.py"))


@pytest.mark.parametrize("path", RULE_FILES, ids=lambda p: p.name)
def test_rules_import_nothing_impure(path: Path) -> None:
    assert not imports_of(path) & FORBIDDEN_RULES
    assert not uses_global_random(path)


@pytest.mark.parametrize("path", sorted((ROOT / "ai").rglob("*.py")) if (ROOT / "ai").exists()
                         else [], ids=lambda p: p.name)
def test_ai_imports_only_the_rules(path: Path) -> None:
    assert not imports_of(path) & {"pygame", "pymunk"}
    text = path.read_text(encoding="utf-8")
    assert "game.scenes" not in text and "from ..scenes" not in text
