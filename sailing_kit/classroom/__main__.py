"""``python -m sailing_kit.classroom serve --store sqlite:///class.db --port 8866 --language hu``

The teacher's terminal (this help, the refusals, the announcement of the class's addresses) is
in the language ``--language`` names, else the terminal's own (``LANGUAGE``, ``LC_ALL``,
``LC_MESSAGES``, ``LANG``: the first the kit speaks), else English. Students and the dashboard
choose their own language in the browser.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from sailing_kit.core.errors import ConfigError
from sailing_kit.core.i18n import _, asked_language, language_argument, use_language

PROG = "python -m sailing_kit.classroom"


def _parser() -> argparse.ArgumentParser:
    """The command line, its help in the language spoken now."""
    parser = argparse.ArgumentParser(prog=PROG, add_help=False, description=_(
        "Run a class: every student at their own device."))
    _common_options(parser)
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                     title=_("commands"))
    serve = commands.add_parser("serve", add_help=False,
                                help=_("serve the class pages and the teacher's dashboard"),
                                description=_("Serve the class pages and the teacher's dashboard "
                                              "until Ctrl-C."))
    add = _common_options(serve).add_argument
    add("--store", default="sqlite:///class.db",
        help=_("where the class lives: sqlite:///FILE (default sqlite:///class.db) or "
               "postgresql://USER:PASSWORD@HOST/DATABASE"))
    add("--port", type=int, default=8866, help=_("the port to listen on (default: 8866)"))
    add("--ip", default="0.0.0.0", help=_("the address to listen on (default: all)"))
    add("--trusted-proxy", action="append", default=[], metavar="ADDRESS",
        help=_("a proxy in front of the server whose X-Forwarded-For is believed (repeat for "
               "several)"))
    add("--public-url", help=_("the address students open, when it is not this machine's "
                               "(behind a proxy or a JupyterHub)"))
    add("--base-url", default=os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/"),
        help=_("the path the class is served under (default: a JupyterHub service's prefix, "
               "else /)"))
    add("--teacher-key-file", help=_("keep the teacher key in this file (made, readable by its "
                                     "owner only, on first start) instead of printing it"))
    return parser


def _common_options(parser: argparse.ArgumentParser) -> argparse._ArgumentGroup:
    """``--help`` and ``--language`` (before or after the command: the language is read from
    the whole command line, see :func:`main`), in the options group of ``parser``."""
    options = parser.add_argument_group(_("options"))
    options.add_argument("-h", "--help", action="help", help=_("show this help and exit"))
    options.add_argument(
        "--language", type=language_argument, metavar="CODE", default=argparse.SUPPRESS,
        help=_("the language of this terminal: en, bg, fr, hu or ru (default: the terminal's "
               "LANGUAGE, LC_ALL, LC_MESSAGES or LANG, else en); students and the dashboard "
               "choose their own"))
    return options


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv`` (the process's without it); 2 when the class cannot start
    (a bad store, key file or port: said in words, nothing served)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    code = asked_language(argv)
    with use_language(code):
        arguments = _parser().parse_args(argv)
    from sailing_kit.classroom.server import serve

    try:
        serve(arguments.store, arguments.port, arguments.ip, public_url=arguments.public_url,
              base=arguments.base_url, trusted=arguments.trusted_proxy,
              teacher_key_file=arguments.teacher_key_file, language=code)
    except (ConfigError, OSError) as error:
        with use_language(code):
            print(f"{PROG}: " + _("the class cannot start: {why}", why=error), file=sys.stderr)
        return 2
    return 0

if __name__ == "__main__":
    raise SystemExit(main())
