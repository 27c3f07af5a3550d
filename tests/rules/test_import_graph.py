"""The rules modules import only downward: data at the bottom, then the position, the
mechanics, the flow, chance and Châteauma (beside each other: the core reaches Châteauma
and the modules only through extension.py's points), and serialisation and the public
game state on top. An import anywhere in a file counts: inside a function or under TYPE_CHECKING as
much as at the top, since each one ties the two modules together all the same."""

from __future__ import annotations

import ast
from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "game" / "rules"
PACKAGE = "game.rules"


def module_name(path: Path) -> str:
    parts = path.relative_to(RULES).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join((PACKAGE, *parts))


def rules_modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(RULES.rglob("*.py"))}


def resolve(importer: str, is_package: bool, node: ast.ImportFrom) -> str:
    base = importer.split(".") if is_package else importer.split(".")[:-1]
    if node.level > 1:
        base = base[:len(base) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The rules modules this file imports (a `from . import x` of a submodule counts
    as importing that submodule, not the package)."""
    out: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    is_package = path.name == "__init__.py"
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            source = resolve(name, is_package, node) if node.level else node.module or ""
            for alias in node.names:
                sub = f"{source}.{alias.name}"
                targets.append(sub if sub in modules else source)
        out |= {t for t in targets if t in modules and t != name}
    return out


def import_graph() -> dict[str, set[str]]:
    modules = rules_modules()
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def layering(graph: dict[str, set[str]]) -> tuple[list[list[str]], list[str]]:
    """Modules by level (each imports only from levels below it), and the modules left
    over because they are in a cycle or import from one."""
    level: dict[str, int] = {}
    remaining = dict(graph)
    while remaining:
        ready = [m for m, deps in remaining.items() if all(d in level for d in deps)]
        if not ready:
            break
        for m in ready:
            level[m] = max((level[d] + 1 for d in graph[m]), default=0)
            del remaining[m]
    levels: list[list[str]] = [[] for _ in range(max(level.values(), default=-1) + 1)]
    for m, n in level.items():
        levels[n].append(m)
    return [sorted(names) for names in levels], sorted(remaining)


def describe(graph: dict[str, set[str]]) -> str:
    short = lambda m: "__init__" if m == PACKAGE else m.removeprefix(PACKAGE + ".")  # noqa: E731
    levels, left = layering(graph)
    lines = [f"  {i}: {', '.join(map(short, names))}" for i, names in enumerate(levels)]
    if left:
        lines.append(f"  no level (in or above a cycle): {', '.join(map(short, left))}")
    return "\n".join(lines)


def test_the_graph_sees_every_kind_of_import() -> None:
    graph = import_graph()
    # engine.py's imports of explain.py once sat inside functions; the test must see such
    # imports, so it checks against one it knows is there.
    assert f"{PACKAGE}.explain" in graph[f"{PACKAGE}.engine"]
    assert f"{PACKAGE}.events" in graph[f"{PACKAGE}.engine"]  # `from . import events`
    assert f"{PACKAGE}.state" in graph[f"{PACKAGE}.scoring"]  # under TYPE_CHECKING


def test_cycles_are_found() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
    assert layering({"a": set(), "b": {"a"}, "c": {"a", "b"}}) == ([["a"], ["b"], ["c"]], [])
    assert layering(graph) == ([], ["a", "b", "c", "d"])


def test_rules_modules_import_only_downward() -> None:
    graph = import_graph()
    found = cycles(graph)
    assert not found, (
        "import cycles in game/rules: "
        + "; ".join(" <-> ".join(c) for c in found)
        + "\nlayering (level 0 imports no rules module; each level only from lower ones):\n"
        + describe(graph))


# --- outside game/rules: the public API only ----------------------------------------------

GAME = RULES.parent


def outside_files() -> list[Path]:
    files = [p for p in sorted(GAME.rglob("*.py")) if RULES not in p.parents]
    return files + [p for p in (GAME.parent / "main.py", GAME.parent / "run.py") if p.exists()]


def private_rules_imports(text: str, name: str, is_package: bool = False) -> list[str]:
    """The rules submodules that the code of module `name` imports, as `line: module`."""
    submodules = set(rules_modules()) - {PACKAGE}
    private = lambda t: t in submodules or any(t.startswith(m + ".") for m in submodules)  # noqa: E731
    found = []
    for node in ast.walk(ast.parse(text)):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            source = resolve(name, is_package, node) if node.level else node.module or ""
            targets = [source] if private(source) else \
                [f"{source}.{a.name}" for a in node.names]
        found += [f"{node.lineno}: {t}" for t in targets if private(t)]
    return found


def file_imports(path: Path) -> list[str]:
    parts = path.relative_to(GAME.parent).with_suffix("").parts
    is_package = parts[-1] == "__init__"
    name = ".".join(parts[:-1] if is_package else parts)
    return private_rules_imports(path.read_text(encoding="utf-8"), name, is_package)


def test_the_check_sees_every_way_of_reaching_a_submodule() -> None:
    cases = {"from ..rules.boards import SPACES": ["1: game.rules.boards"],
             "from ..rules import tiles as rt": ["1: game.rules.tiles"],
             "import game.rules.engine": ["1: game.rules.engine"],
             "from game.rules.chateauma import JOKERS": ["1: game.rules.chateauma"],
             "def f():\n    from .. import rules\n    from ..rules import GameState": []}
    for text, expected in cases.items():
        assert private_rules_imports(text, "game.scenes.probe") == expected, text


def test_ai_client_and_tools_import_only_the_public_rules_api() -> None:
    found = {str(p.relative_to(GAME.parent)): bad for p in outside_files()
             if (bad := file_imports(p))}
    assert not found, ("import from game.rules itself (extend its __all__ where something "
                       f"is missing), not from its modules: {found}")


def test_the_public_api_lists_only_what_it_has() -> None:
    import game.rules
    assert [n for n in game.rules.__all__ if not hasattr(game.rules, n)] == []


# --- the core names no module ------------------------------------------------------------

CORE = ("engine", "chance", "state")


def test_the_core_imports_neither_chateauma_nor_a_module() -> None:
    """Châteauma and the modules plug into extension.py's points; the flow of play, chance
    and the position reach them only through those, never by import (not even through a
    module that imports them)."""
    graph = import_graph()
    plugged = {f"{PACKAGE}.chateauma"} | {m for m in graph
                                          if m.startswith(f"{PACKAGE}.modules")}
    for core in CORE:
        reached, todo = set(), [f"{PACKAGE}.{core}"]
        while todo:
            for dep in graph[todo.pop()] - reached:
                reached.add(dep)
                todo.append(dep)
        assert not reached & plugged, f"{core}.py reaches {sorted(reached & plugged)}"


def test_the_core_check_sees_an_import_of_chateauma() -> None:
    graph = import_graph()
    assert f"{PACKAGE}.chateauma" in graph[f"{PACKAGE}.game"]
    assert f"{PACKAGE}.modules" in graph[f"{PACKAGE}.game"]


# --- the whole game package ---------------------------------------------------------------

def package_modules(root: Path = GAME, package: str = "game") -> dict[str, Path]:
    """Every module of the package by its dotted name."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join((package, *parts))] = path
    return out


def game_import_graph() -> dict[str, set[str]]:
    modules = package_modules()
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


# Cycles left in game/, each as its sorted modules: the test fails on any other, and on one
# of these once it is gone (then it leaves this list).
KNOWN_CYCLES: list[list[str]] = []


def test_the_game_graph_sees_the_whole_package() -> None:
    graph = game_import_graph()
    assert "game.scenes.table.scene" in graph["game.scenes.table"]
    assert "game.scenes.table.seam" in graph["game.scenes.table.board_panel"]  # TYPE_CHECKING
    assert "game.rules" in graph["game.scenes.table.view"]


def test_the_game_package_imports_only_downward() -> None:
    """No module of game/ reaches itself through its imports (the table's panels and
    modules receive the scene as seam.Table and never import it)."""
    graph = game_import_graph()
    found = cycles(graph)
    assert sorted(found) == sorted(KNOWN_CYCLES), (
        "import cycles in game/ besides the known ones: "
        + "; ".join(" <-> ".join(c) for c in found if c not in KNOWN_CYCLES)
        + "\nknown ones gone: "
        + "; ".join(" <-> ".join(c) for c in KNOWN_CYCLES if c not in found))


def test_the_table_names_no_module_where_it_loops_over_them() -> None:
    """The view, the log, the board and the panels reach the modules' table files only
    through seam.TABLE_MODULES: none of them imports one (the scene imports the package
    once, which registers them)."""
    graph = game_import_graph()
    plugged = {m for m in graph if m.startswith("game.scenes.table.modules")}
    for name in ("view", "log", "board_view", "board_panel", "estate_view", "estates_panel",
                 "buttons_panel", "dice_panel", "log_panel", "seam", "tips"):
        reached, todo = set(), [f"game.scenes.table.{name}"]
        while todo:
            for dep in graph[todo.pop()] - reached:
                reached.add(dep)
                todo.append(dep)
        assert not reached & plugged, f"{name}.py reaches {sorted(reached & plugged)}"
