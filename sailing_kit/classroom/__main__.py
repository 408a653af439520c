"""``python -m sailing_kit.classroom serve --store sqlite:///class.db --port 8866``"""

from __future__ import annotations

import argparse


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m sailing_kit.classroom",
                                     description="Run a class: every student at their own device.")
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="serve the class pages and the teacher's dashboard")
    serve.add_argument("--store", default="sqlite:///class.db",
                       help="where the class lives: sqlite:///FILE (default sqlite:///class.db) or "
                            "postgresql://USER:PASSWORD@HOST/DATABASE")
    serve.add_argument("--port", type=int, default=8866)
    serve.add_argument("--ip", default="0.0.0.0", help="the address to listen on (default: all)")
    arguments = parser.parse_args(argv)
    from sailing_kit.classroom.server import serve as run

    run(arguments.store, arguments.port, arguments.ip)


if __name__ == "__main__":
    main()
