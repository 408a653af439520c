"""The grader: ``python -m sailing_kit.grade SUBMISSION [SUBMISSION ...] --out grades.csv``.

Each submitted exercise notebook runs in a fresh kernel with a time limit per cell
(:mod:`~sailing_kit.grade.runner`); its answers come out as data and the kit's own checks score
them, question by question and part by part (:mod:`~sailing_kit.grade.scores`). What a notebook
displays is never read for points, so a forged green box scores nothing. A notebook that is
blank, errors or hangs still gets its rows, with 0 points and the reason. The student is named
by the notebook's ``start("...")``, else by its file name (:mod:`~sailing_kit.grade.submissions`).
"""

from sailing_kit.grade.scores import FIELDS, Row, grade_file

__all__ = ["FIELDS", "Row", "grade_file"]
