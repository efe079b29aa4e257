"""`simkit canvas ...`: Canvas-specific commands."""

from __future__ import annotations

import json

from simkit.games.canvas.public import CARDS_PER_PAINTING, score_painting
from simkit.games.canvas.engine.scoring import SPACE_SCORING_MODES


def cmd_score(args) -> int:
    names = [n.strip() for n in args.scoring.split(",") if n.strip()]
    result = score_painting(args.cards, names, space_scoring=args.space_scoring, art_cards_file=args.art_cards,
                            cards_per_painting=args.cards_per_painting)
    if args.json:
        print(json.dumps(result))
    else:
        for name, ribbons in result.items():
            print(f"{name}: {ribbons}")
    return 0


def cmd_ceiling(args) -> int:
    from simkit.games.canvas.ceiling import ceiling  # compiled on first use only

    names = [n.strip() for n in args.scoring.split(",") if n.strip()]
    r = ceiling(names, space_scoring=args.space_scoring, art_cards_file=args.art_cards,
                scoring_cards_file=args.scoring_cards, paintings=args.paintings)
    if args.json:
        print(json.dumps(r.to_dict()))
        return 0
    print(f"ceiling for {', '.join(r.scoring)}: {r.total} points "
          f"({len(r.paintings)} disjoint paintings, any cards, each in its best order)")
    for i, (cards, ribbons) in enumerate(zip(r.paintings, r.painting_ribbons), start=1):
        earned = ", ".join(f"{name} {n}" for name, n in ribbons.items())
        print(f"  painting {i}: cards {' '.join(str(c) for c in cards)} (bottom to top)  ribbons: {earned}")
    held = ", ".join(f"{name} {r.ribbons[name]} = {r.points[name]}" for name in r.scoring)
    print(f"  held: {held}, grey {r.grey} = {r.points['bonus']}")
    print(f"  {r.proof()}")
    print(f"  computed in {r.seconds:.2f} s")
    return 0


def register(sub) -> None:
    canvas = sub.add_parser("canvas", help="Canvas tools").add_subparsers(dest="canvas_command", required=True)
    p = canvas.add_parser("score", help="ribbons one painting earns")
    p.add_argument("cards", type=int, nargs="+", help="Art card ids, bottom to top")
    p.add_argument("--scoring", required=True, help="comma-separated scoring card names")
    p.add_argument("--space-scoring", default="max_matching", choices=SPACE_SCORING_MODES)
    p.add_argument("--cards-per-painting", type=int,
                   help=f"Art cards in a painting (default {CARDS_PER_PAINTING.default}, the rule's default)")
    p.add_argument("--art-cards", help="replacement Art card CSV")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_score)
    p = canvas.add_parser("ceiling", help="best total of any disjoint paintings from the whole deck, with proof")
    p.add_argument("--scoring", required=True, help="comma-separated scoring card names")
    p.add_argument("--space-scoring", default="max_matching", choices=SPACE_SCORING_MODES)
    p.add_argument("--paintings", type=int, default=3, help="paintings per player (default 3)")
    p.add_argument("--art-cards", help="replacement Art card CSV")
    p.add_argument("--scoring-cards", help="replacement Scoring card JSON")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_ceiling)
