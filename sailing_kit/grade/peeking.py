"""Code that reaches for the kit's answers: what makes the grader flag a submission
``answer-api``.

:func:`uses` reads one piece of Python source (a cell, or any code compiled in the sandboxed
kernel, through the audit hook of :mod:`~sailing_kit.grade.inside`) and lists what it reaches:
the teacher's key and answers, the grader, the internals that read, mark or check answers, the
questions' private parts, and the interpreter's back doors to them. A student's notebook needs
none of these: it names a question (``q3``), shows it, draws its picture and checks an answer
(``q3(answer_3)``).
"""

from __future__ import annotations

import ast
import re

INTERNAL = ("sailing_kit.exercises.teacher", "sailing_kit.exercises.question",
            "sailing_kit.exercises.session", "sailing_kit.exercises.verdicts",
            "sailing_kit.exercises.readers", "sailing_kit.exercises.exact",
            "sailing_kit.exercises.data", "sailing_kit.exercises.catalogue",
            "sailing_kit.exercises.release", "sailing_kit.exercises.attempts", "sailing_kit.grade")
"""Modules that hold the answers, the key, or the machinery that marks answers."""
LOADED_ON_DEMAND = ("sailing_kit.exercises.teacher", "sailing_kit.exercises.release",
                    "sailing_kit.grade")
"""The internal modules no exercise loads: importing one in a student's kernel is a use."""
ANSWER_NAMES = frozenset({"solution", "worked", "unlock", "solution_for", "solution_of",
                          "worked_for", "QUESTIONS", "TEACHER"})
"""Names of the kit whose only use is reaching the answers."""
ANSWER_ATTRIBUTES = ANSWER_NAMES - {"solution", "worked"}
"""Attributes that reach the answers whatever object they are read from."""
QUESTION_INTERNALS = frozenset({"variant", "mark", "grade", "solution_for", "solution_of",
                                "worked_for"})
"""Methods of a question object that a student never needs."""
BACK_DOORS = frozenset({"__closure__", "__globals__", "__code__", "__wrapped__", "get_referrers",
                        "get_objects", "getclosurevars", "cell_contents"})
"""The interpreter's ways to reach a function's hidden state."""
_QUESTION = re.compile(r"q\d{1,2}")
_PREFILTER = re.compile("sailing_kit|solution|worked|unlock|QUESTIONS|TEACHER|variant|mark|grade|"
                        r"__closure__|__globals__|__code__|__wrapped__|referrers|get_objects|"
                        r"closurevars|cell_contents|\bq\d{1,2}\s*\.\s*_")
MOST = 200_000
"""Longer sources are read up to here."""


def uses(source: str) -> list[str]:
    """What ``source`` reaches of the kit's answers and internals, one phrase each (empty if
    nothing, or if it is not Python)."""
    text = source[:MOST]
    if not _PREFILTER.search(text):
        return []
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    found: list[str] = []
    for node in ast.walk(tree):
        found.extend(_node_uses(node))
    return list(dict.fromkeys(found))


def _internal(module: str) -> bool:
    return any(module == m or module.startswith(m + ".") for m in INTERNAL)


def _node_uses(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Import):
        return [f"imports {a.name}" for a in node.names if _internal(a.name)]
    if isinstance(node, ast.ImportFrom) and node.module:
        if _internal(node.module):
            return [f"imports {node.module}"]
        if node.module.startswith("sailing_kit"):
            return [f"imports {a.name} from {node.module}" for a in node.names
                    if a.name.startswith("_") or a.name in ANSWER_NAMES or a.name == "*"]
        return []
    if isinstance(node, ast.Attribute):
        if node.attr in BACK_DOORS:
            return [f"uses {node.attr}"]
        if (isinstance(node.value, ast.Name) and _QUESTION.fullmatch(node.value.id)
                and (node.attr.startswith("_") or node.attr in QUESTION_INTERNALS)):
            return [f"calls {node.value.id}.{node.attr}"]
        if node.attr in ANSWER_ATTRIBUTES:
            return [f"uses .{node.attr}"]
        return []
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        name, given = node.func.id, node.args[0] if node.args else None
        if name == "unlock" or (name in ("solution", "worked") and isinstance(given, ast.Name)
                                and _QUESTION.fullmatch(given.id)):
            return [f"calls {name}(...)"]
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and len(node.value) < 500:
        words = re.findall(r"sailing_kit(?:\.\w+)+", node.value)
        return [f"names {w}" for w in words if _internal(w)]
    return []
