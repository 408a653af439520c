"""How wide a line of text is drawn: the kit's estimate, for fitting words into a card or a
panel in every language (Cyrillic letters are wider than Latin ones).

The kit draws in the browser's sans-serif. The widths are DejaVu Sans's (the usual sans-serif
of Linux, and Chromium's here), in fiftieths of an em, rounded up: Arial, Helvetica, Liberation
and Noto Sans draw nearly every letter narrower, so a line that fits by this measure fits
there too. A letter not listed counts a whole em.
"""

from __future__ import annotations

_REGULAR = {
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
_BOLD = {
    16: "'",
    18: ' ijlìíîïĩīĭįıĵĺļіїј',
    19: ',./IJ\\|¦·ÌÍÎÏĨĪĬĮİĴłІЇЈ‘’',
    20: ':;',
    21: '-',
    22: 'f²³¹ſ',
    23: '!()[]¡',
    24: 'tľţťŧ',
    25: '_`r§¨¯°´¸ŕŗř–',
    27: '"*гѓ',
    28: 'ŀ',
    29: 'ªºт',
    30: '?csz¿çćĉċčśŝşšźżžзсэєѕ',
    32: 'L¤¶ĹĻĽĿЃГвь',
    33: 'vxy«»ýÿŁŷухяў„“”',
    34: 'aekàáâãäåèéêëāăąēĕėęěķĸаекѐёќ',
    35: '$0123456789EFTo¢£¥ÈÉÊËðòóôõöøĒĔĖĘĚĳōŏőŢŤŦЀЁЕТбнопчџ',
    36: 'bdghnpqu{}ßñùúûüþďđĝğġģĥńņňŋũūŭůűųЗийрђѝ',
    37: 'CPSYZµÇÝÞĆĈĊČŚŜŞŠŶŸŹŻŽЄЅРСЭлћ',
    38: 'Ĳцъ',
    39: 'ABKRVXÀÁÂÃÄÅĀĂĄĶŔŖŘЎАБВУХЬЯ▶',
    40: 'ħ',
    41: 'UÙÚÛÜŨŪŬŮŰŲЌКЧдм',
    42: '#+<=>DGHN^~¬±ÐÑ×÷ĎĐĜĞĠĢĤŃŅŇŊЍЏИЙЛНП✓✕≈→←↑↓✔−',
    43: 'OQÒÓÔÕÖØŌŎŐО',
    44: '&ЂЋ',
    45: 'Д☀★',
    46: 'ы',
    47: 'wŵЦЪ',
    48: 'њ',
    49: 'Ħю',
    50: '@M©®ŉМФжфљ—…',
    51: '%',
    52: '¼½¾Ы',
    53: 'mæ',
    54: 'ш',
    55: 'Æœ',
    56: 'WŴщ',
    57: 'Њ',
    58: 'Љ',
    59: 'ŒЮ',
    62: 'ЖШ',
    67: 'Щ',
}
"""Letters by their advance width, in fiftieths of an em (from the fonts' metrics)."""


def _ems(widths: dict[int, str]) -> dict[str, float]:
    return {letter: fiftieths / 50 for fiftieths, letters in widths.items() for letter in letters}


_EM = {False: _ems(_REGULAR), True: _ems(_BOLD)}


def text_width(text: str, size: float = 12, bold: bool = False) -> float:
    """The width in pixels of ``text`` drawn in ``size``-pixel sans-serif, regular or bold."""
    ems = _EM[bold]
    return size * sum(ems.get(letter, 1.0) for letter in text)


def wrapped(text: str, width: float, size: float = 12, bold: bool = False) -> list[str]:
    """``text`` in lines of ``size``-pixel type, as many words a line as fit ``width``
    pixels; a word wider than that stands alone on its line (draw it with ``fit``, squeezed
    into the width): no word is cut."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size, bold) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines
