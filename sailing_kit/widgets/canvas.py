"""Paint a :class:`~sailing_kit.draw.scene.Scene` onto an ipycanvas ``Canvas`` in one batch."""

from __future__ import annotations

from ipycanvas import Canvas, hold_canvas

from sailing_kit.draw.scene import Circle, Line, Polygon, Scene, Style, Text

_ALIGN = {"start": "left", "middle": "center", "end": "right"}


def paint(canvas: Canvas, scene: Scene) -> None:
    """Clear ``canvas`` and draw ``scene`` on it, sending all commands as one message."""
    # ipycanvas 0.14 shares one canvas manager between canvases and skips the "switch canvas"
    # command when it believes the target is current. A view that connects later (a reload, a
    # Voila app) has no current canvas, so the drawing would go nowhere: forget the belief.
    # Private attribute: ipycanvas is pinned to 0.14 and the browser test guards this.
    canvas._canvas_manager._current_canvas = None
    with hold_canvas():
        canvas.clear()
        if scene.background:
            canvas.global_alpha = 1.0
            canvas.fill_style = scene.background
            canvas.fill_rect(0, 0, scene.width, scene.height)
        for shape in scene.shapes:
            _paint_shape(canvas, shape)


def _paint_shape(canvas: Canvas, shape: Line | Polygon | Circle | Text) -> None:
    if isinstance(shape, Text):
        canvas.global_alpha = 1.0
        canvas.font = f"{'bold ' if shape.bold else ''}{shape.size:.0f}px sans-serif"
        canvas.text_align = _ALIGN[shape.anchor]
        canvas.text_baseline = "middle"
        canvas.fill_style = shape.colour
        canvas.fill_text(shape.text, *shape.at)
        return
    _set_style(canvas, shape.style)
    if isinstance(shape, Line):
        canvas.stroke_lines(list(shape.points))
    elif isinstance(shape, Polygon):
        if shape.style.fill:
            canvas.fill_polygon(list(shape.points))
        if shape.style.stroke:
            canvas.stroke_polygon(list(shape.points))
    else:
        if shape.style.fill:
            canvas.fill_circle(*shape.centre, shape.radius)
        if shape.style.stroke:
            canvas.stroke_circle(*shape.centre, shape.radius)


def _set_style(canvas: Canvas, style: Style) -> None:
    canvas.global_alpha = style.opacity
    if style.fill:
        canvas.fill_style = style.fill
    if style.stroke:
        canvas.stroke_style = style.stroke
        canvas.line_width = style.width
        canvas.line_cap = "round"
        canvas.set_line_dash(list(style.dash))
