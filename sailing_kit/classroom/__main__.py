"""``python -m sailing_kit.classroom serve --store sqlite:///class.db --port 8866``"""

from __future__ import annotations

import argparse
import os


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
    serve.add_argument("--trusted-proxy", action="append", default=[], metavar="ADDRESS",
                       help="a proxy in front of the server whose X-Forwarded-For is believed "
                            "(repeat for several)")
    serve.add_argument("--public-url", help="the address students open, when it is not this "
                                            "machine's (behind a proxy or a JupyterHub)")
    serve.add_argument("--base-url", default=os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/"),
                       help="the path the class is served under (default: a JupyterHub "
                            "service's prefix, else /)")
    serve.add_argument("--teacher-key-file", help="keep the teacher key in this file (made, "
                                                  "readable by its owner only, on first start) "
                                                  "instead of printing it")
    arguments = parser.parse_args(argv)
    from sailing_kit.classroom.server import serve as run

    run(arguments.store, arguments.port, arguments.ip, public_url=arguments.public_url,
        base=arguments.base_url, trusted=arguments.trusted_proxy,
        teacher_key_file=arguments.teacher_key_file)


if __name__ == "__main__":
    main()
