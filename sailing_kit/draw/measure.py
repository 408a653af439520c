"""How wide a line of text is drawn: the kit's estimate, for fitting words into a card or a
panel in every language (Cyrillic letters are wider than Latin ones).

The kit draws in the browser's sans-serif. The widths are DejaVu Sans's (the usual sans-serif
of Linux, and Chromium's here), in fiftieths of an em, rounded up: Arial, Helvetica, Liberation
and Noto Sans draw nearly every letter narrower, so a line that fits by this measure fits
there too. A letter not listed counts a whole em.
"""

from __future__ import annotations

_WIDTHS = {
    14: "'ijlìíîïĩīĭįıĵĺļіїј",
    15: 'IJÌÍÎÏĨĪĬĮİĴłІЇЈ',
    16: ' ,.·‘’',
    17: '/:;\\|¦',
    18: 'fŀſ',
    19: '-ľ',
    20: '()[]tţťŧ',
    21: '!r¡²³¹ŕŗř',
    23: '"',
    24: 'ªº',
    25: '*_`§¨¯°´¸–',
    26: '„“”',
    27: '?sz¿śŝşšźżžгзѓѕ',
    28: 'LcçćĉċčĳĹĻĽĿсэє',
    29: 'FkķĸŁ',
    30: 'vxyýÿĲŷвтухчьў',
    31: 'PTYaeo«»ÝÞàáâãäåèéêëðòóôõöøāăąēĕėęěōŏőŢŤŦŶŸЃЎГРТУабекояѐёќ',
    32: '$0123456789ESbdghnpqu{}¢£¤¥µ¶ÈÉÊËßñùúûüþďđĒĔĖĘĚĝğġģĥńņňŋŚŜŞŠũūŭůűųЀЁЅЕлрђ',
    33: 'KĶЗийнпћѝџ',
    35: 'ABCRVXZÀÁÂÃÄÅÇĀĂĄĆĈĊČħŔŖŘŹŻŽЄАБВСХЧЬЭЯдц',
    36: 'ЌКъ',
    37: 'UÙÚÛÜŨŪŬŮŰŲ',
    38: 'HNÑĤŃŅŇŊЍЏИЙЛНПм',
    39: '&DGÐĎĐĜĞĠĢЦ▶',
    40: 'OQÒÓÔÕÖØŌŎŐЂЋДОы',
    41: 'wŉŵ',
    42: '#+<=>^~¬±×÷Ъ✓✕≈→←↑↓✔−',
    43: 'фю',
    44: 'MМФ',
    45: 'Ыњ☀★',
    46: 'Ħжшљ',
    48: '%щ',
    49: 'm¼½¾Æ',
    50: '@W©®æŴ—…',
    52: 'œ',
    53: 'Њ',
    54: 'ŒЖШЮ',
    55: 'ЉЩ',
}
"""Regular letters by their advance width, in fiftieths of an em (from the font's metrics)."""
_EM = {letter: fiftieths / 50 for fiftieths, letters in _WIDTHS.items() for letter in letters}


BOLD = 1.27
"""How much wider bold type may be (DejaVu Sans Bold's widest ratio to the regular letter)."""


def text_width(text: str, size: float = 12, bold: bool = False) -> float:
    """The width in pixels of ``text`` drawn in ``size``-pixel sans-serif (bold: at most)."""
    return size * sum(_EM.get(letter, 1.0) for letter in text) * (BOLD if bold else 1.0)


def wrapped(text: str, width: float, size: float = 12) -> list[str]:
    """``text`` in lines of regular ``size``-pixel type, as many words a line as fit ``width``
    pixels; a word wider than that stands alone on its line (draw it with ``fit``, squeezed
    into the width): no word is cut."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines
