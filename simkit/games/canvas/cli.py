"""`simkit canvas ...`: Canvas-specific commands."""

from __future__ import annotations

import json

from simkit.games.canvas.public import score_painting
from simkit.games.canvas.scoring import SPACE_SCORING_MODES


def cmd_score(args) -> int:
    names = [n.strip() for n in args.scoring.split(",") if n.strip()]
    result = score_painting(args.cards, names, space_scoring=args.space_scoring, art_cards_file=args.art_cards)
    if args.json:
        print(json.dumps(result))
    else:
        for name, ribbons in result.items():
            print(f"{name}: {ribbons}")
    return 0


def register(sub) -> None:
    canvas = sub.add_parser("canvas", help="Canvas tools").add_subparsers(dest="canvas_command", required=True)
    p = canvas.add_parser("score", help="ribbons one painting earns")
    p.add_argument("cards", type=int, nargs="+", help="Art card ids, bottom to top")
    p.add_argument("--scoring", required=True, help="comma-separated scoring card names")
    p.add_argument("--space-scoring", default="max_matching", choices=SPACE_SCORING_MODES)
    p.add_argument("--art-cards", help="replacement Art card CSV")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_score)
