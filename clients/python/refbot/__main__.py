"""python -m refbot BASE_URL [--state FILE] [--rulesets republic,imperium]; GTR_TOKEN: the
bot account's API token."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from gtr_client import AuthenticatedClient

from .bot import RefBot


def main() -> None:
    parser = argparse.ArgumentParser(prog="refbot")
    parser.add_argument("base_url")
    parser.add_argument("--state", type=Path, help="where the last event's number is kept")
    parser.add_argument("--rulesets", default="republic,imperium")
    args = parser.parse_args()
    client = AuthenticatedClient(base_url=args.base_url, token=os.environ["GTR_TOKEN"])

    def log(line: str) -> None:
        print(f"refbot: {line}", file=sys.stderr, flush=True)

    bot = RefBot(client, set(args.rulesets.split(",")), state=args.state, log=log)
    bot.run()


if __name__ == "__main__":
    main()
