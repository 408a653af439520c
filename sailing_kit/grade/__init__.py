"""The grader: ``python -m sailing_kit.grade SUBMISSION [SUBMISSION ...] --out grades.csv``.

Each submitted exercise notebook is read with every size bounded
(:mod:`~sailing_kit.grade.submissions`), run in a sandbox of its own, its answers reported cell
by cell (:mod:`~sailing_kit.grade.runner`, :mod:`~sailing_kit.grade.inside`,
:mod:`~sailing_kit.grade.sandbox`), and scored by the kit's own checks in the grader's process,
question by question and part by part (:mod:`~sailing_kit.grade.scores`). Then every notebook
is matched to its student (:mod:`~sailing_kit.grade.students`), the teacher's overrides are
applied (:mod:`~sailing_kit.grade.overrides`) and every output is written at once
(:mod:`~sailing_kit.grade.outputs`, :mod:`~sailing_kit.grade.reports`). What a notebook
displays is never read for points, and one bad notebook never stops the run.
"""
