"""Making the mutants of ``mutation_check_rules``: one change at a time to a module's AST.

A comparison flipped or moved by its boundary, ``and``/``or`` swapped, ``any``/``all`` swapped, a
number moved by one, ``True`` and ``False`` swapped, an entry dropped from a list, set, tuple,
dict or character set of constants, a condition negated, a ``not`` removed. Docstrings,
annotations, decorators, ``__all__``, f-string pieces and ``zip(strict=...)`` are left alone:
structure, not rules.
"""

from __future__ import annotations

import ast
import copy
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True, slots=True)
class Target:
    """A module whose rules are mutated, and the tests that must notice.

    ``scope`` limits the mutants to those top-level names (empty: the whole module);
    ``charsets`` names module-level strings that are sets of characters (each character is an
    entry that can be dropped).
    """

    module: str
    tests: tuple[str, ...]
    scope: tuple[str, ...] = ()
    charsets: tuple[str, ...] = ()


_COMPARE_SWAPS: dict[type[ast.cmpop], tuple[type[ast.cmpop], ...]] = {
    ast.Eq: (ast.NotEq,),
    ast.NotEq: (ast.Eq,),
    ast.Lt: (ast.GtE, ast.LtE),
    ast.LtE: (ast.Gt, ast.Lt),
    ast.Gt: (ast.LtE, ast.GtE),
    ast.GtE: (ast.Lt, ast.Gt),
    ast.In: (ast.NotIn,),
    ast.NotIn: (ast.In,),
    ast.Is: (ast.IsNot,),
    ast.IsNot: (ast.Is,),
}
_CMP_TEXT = {
    ast.Eq: "==",
    ast.NotEq: "!=",
    ast.Lt: "<",
    ast.LtE: "<=",
    ast.Gt: ">",
    ast.GtE: ">=",
    ast.In: "in",
    ast.NotIn: "not in",
    ast.Is: "is",
    ast.IsNot: "is not",
}


@dataclass(frozen=True, slots=True)
class Mutant:
    """One change to one module: a stable name (no line numbers), the original lines it
    changes, whether they run when the module is imported (rather than inside a function), and
    the mutated source."""

    target: Target
    name: str
    line: int
    end_line: int
    at_import: bool
    source: str


def _snippet(node: ast.AST, width: int = 70) -> str:
    text = " ".join(ast.unparse(node).split())
    return text if len(text) <= width else text[: width - 1] + "…"


def _skipped(tree: ast.Module) -> set[int]:
    """ids of nodes never mutated: docstrings, annotations, ``__all__``, f-string pieces."""
    out: set[int] = set()

    def skip(node: ast.AST | None) -> None:
        if node is not None:
            out.update(id(n) for n in ast.walk(node))

    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            value = body[0].value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                skip(body[0])
        if isinstance(node, ast.arg):
            skip(node.annotation)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            for decorator in node.decorator_list:  # dataclass(frozen=True): structure, not rules
                skip(decorator)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            skip(node.returns)
        elif isinstance(node, ast.AnnAssign):
            skip(node.annotation)
        elif isinstance(node, ast.keyword) and node.arg == "strict":
            skip(node)  # zip(..., strict=True) checks lengths the code already keeps equal
        elif (
            isinstance(node, ast.JoinedStr)
            or isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets)
        ):
            skip(node)
    return out


def _scoped(tree: ast.Module, target: Target) -> list[tuple[str, ast.stmt]]:
    """Top-level statements to mutate, each with the name it defines."""
    out = []
    for stmt in tree.body:
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            name = stmt.name
        elif isinstance(stmt, ast.Assign | ast.AnnAssign):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            names = [t.id for t in targets if isinstance(t, ast.Name)]
            name = names[0] if names else ""
        else:
            continue
        if not target.scope or name in target.scope:
            out.append((name, stmt))
    return out


def _qualnames(stmt: ast.stmt, top: str) -> dict[int, str]:
    """Each node's enclosing function or class path, for stable mutant names."""
    names: dict[int, str] = {}

    def visit(node: ast.AST, path: str) -> None:
        names[id(node)] = path
        for child in ast.iter_child_nodes(node):
            inner = path
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                inner = f"{path}.{child.name}" if child is not stmt else path
            visit(child, inner)

    visit(stmt, top)
    return names


def _constants(node: ast.AST) -> bool:
    elts = node.elts if isinstance(node, ast.Tuple | ast.List | ast.Set) else []
    return len(elts) >= 2 and all(isinstance(e, ast.Constant) for e in elts)


def _edits(node: ast.AST, charsets: tuple[str, ...]) -> Iterator[tuple[str, ast.AST]]:
    """(description, replacement node) for each mutation of ``node`` itself."""
    if isinstance(node, ast.Compare):
        for i, op in enumerate(node.ops):
            for new in _COMPARE_SWAPS.get(type(op), ()):
                changed = copy.deepcopy(node)
                changed.ops[i] = new()
                yield f"{_CMP_TEXT[type(op)]} -> {_CMP_TEXT[new]}", changed
    elif isinstance(node, ast.BoolOp):
        new_op: ast.boolop = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        yield (
            ("and -> or" if isinstance(node.op, ast.And) else "or -> and"),
            ast.BoolOp(new_op, node.values),
        )
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        swap = {"any": "all", "all": "any"}.get(node.func.id)
        if swap:
            yield (
                f"{node.func.id} -> {swap}",
                ast.Call(ast.Name(swap, ast.Load()), node.args, node.keywords),
            )
    elif isinstance(node, ast.Constant):
        value = node.value
        if isinstance(value, bool):
            yield f"{value} -> {not value}", ast.Constant(not value)
        elif isinstance(value, int | float):
            yield f"{value!r} -> {value + 1!r}", ast.Constant(value + 1)
            yield f"{value!r} -> {value - 1!r}", ast.Constant(value - 1)
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        yield "not removed", node.operand
    elif _constants(node):
        elts = node.elts  # type: ignore[attr-defined]
        for i, e in enumerate(elts):
            changed = copy.copy(node)
            changed.elts = elts[:i] + elts[i + 1 :]  # type: ignore[attr-defined]
            yield f"drop {e.value!r}", changed
    elif (
        isinstance(node, ast.Dict)
        and len(node.keys) >= 2
        and all(isinstance(k, ast.Constant) for k in node.keys)
    ):
        for i, k in enumerate(node.keys):
            assert isinstance(k, ast.Constant)
            yield (
                f"drop {k.value!r}",
                ast.Dict(
                    node.keys[:i] + node.keys[i + 1 :], node.values[:i] + node.values[i + 1 :]
                ),
            )


def _conditions(node: ast.AST) -> Iterator[tuple[str, ast.AST, ast.AST]]:
    """(field owner, field name as text, test) for each condition ``node`` holds."""
    if isinstance(node, ast.If | ast.While | ast.IfExp):
        yield "test", node, node.test
    elif isinstance(node, ast.comprehension):
        for i, test in enumerate(node.ifs):
            yield f"ifs.{i}", node, test


def mutants(target: Target, root: Path = ROOT) -> list[Mutant]:
    """Every mutant of a target, in source order, with unique stable names."""
    tree = ast.parse((root / target.module).read_text(encoding="utf-8"))
    skipped = _skipped(tree)
    found: list[Mutant] = []
    seen: dict[str, int] = {}

    in_functions = {
        id(n)
        for f in ast.walk(tree)
        if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef)
        for stmt in f.body
        for n in ast.walk(stmt)
    }

    def add(where: str, what: str, node: ast.AST) -> None:
        name = f"{where}: {what}"
        seen[name] = seen.get(name, 0) + 1
        if seen[name] > 1:
            name = f"{name} #{seen[name]}"
        line = getattr(node, "lineno", 0)
        end = getattr(node, "end_lineno", None) or line
        at_import = id(node) not in in_functions
        found.append(Mutant(target, name, line, end, at_import, ast.unparse(tree)))

    for top, stmt in _scoped(tree, target):
        paths = _qualnames(stmt, top)
        if (
            isinstance(stmt, ast.Assign)
            and top in target.charsets
            and isinstance(stmt.value, ast.Constant)
            and isinstance(stmt.value.value, str)
        ):
            chars = stmt.value.value
            for i, c in enumerate(chars):
                stmt.value.value = chars[:i] + chars[i + 1 :]
                add(top, f"drop {c!r} from {top}", stmt)
            stmt.value.value = chars
            continue
        for node in list(ast.walk(stmt)):
            if id(node) in skipped:
                continue
            where = paths.get(id(node), top)
            for label, owner, test in _conditions(node):
                negated = ast.UnaryOp(ast.Not(), test)
                _set_field(owner, label, negated)
                add(where, f"negate `{_snippet(test)}`", test)
                _set_field(owner, label, test)
            for description, replacement in _edits(node, target.charsets):
                replaced = _replace(stmt, node, replacement)
                if replaced is None:
                    continue
                undo, parent = replaced
                # named by the expression around the change, which reads the same after edits
                # elsewhere in the module (a line number would not)
                shown = parent if isinstance(node, ast.Constant) else replacement
                add(where, f"{description} in `{_snippet(shown)}`", node)
                undo()
    return found


def _set_field(owner: ast.AST, label: str, value: ast.AST) -> None:
    if label.startswith("ifs."):
        owner.ifs[int(label[4:])] = value  # type: ignore[attr-defined]
    else:
        owner.test = value  # type: ignore[attr-defined]


def _replace(
    stmt: ast.stmt, node: ast.AST, replacement: ast.AST
) -> tuple[Callable[[], None], ast.AST] | None:
    """Put ``replacement`` where ``node`` stands under ``stmt``; the undo and the parent."""
    for parent in ast.walk(stmt):
        for name, value in ast.iter_fields(parent):
            if value is node:
                setattr(parent, name, replacement)
                return (lambda p=parent, n=name: setattr(p, n, node)), parent
            if isinstance(value, list):
                for i, item in enumerate(value):
                    if item is node:
                        value[i] = replacement

                        def undo(v: list = value, k: int = i) -> None:
                            v[k] = node

                        return undo, parent
    return None
